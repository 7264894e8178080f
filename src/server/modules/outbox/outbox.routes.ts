/**
 * `GET /api/admin/outbox`: the last 100 messages of mail_outbox, newest first (the dev outbox
 * without SMTP_URL; with SMTP, the copies of what was sent). Admins only (401 signed out, 403
 * otherwise). The answer is src/domain/outbox-contract.ts: `skippedReason` is set for a message
 * recorded but not sent ('email_off': the customer turned booking emails off).
 */
import { desc, sql } from 'drizzle-orm';
import { outboxListSchema } from '../../../domain/outbox-contract';
import { mailOutbox } from '../../db/schema';
import { apiRouter, defineRoute, errorResponses, jsonContent } from '../../lib/openapi';

const LIMIT = 100;

const outboxRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'admin',
  tags: ['Admin: mail'],
  summary: 'The last 100 mail messages, newest first',
  responses: { 200: jsonContent(outboxListSchema, 'The messages'), ...errorResponses(401, 403) },
});

export const outboxRoutes = apiRouter().openapi(outboxRoute, async (c) => {
  const rows = await c.var.deps.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      template: mailOutbox.template,
      language: mailOutbox.language,
      createdAt: mailOutbox.createdAt,
      hasIcs: sql<boolean>`${mailOutbox.ics} is not null`,
      skippedReason: mailOutbox.skippedReason,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(LIMIT);
  return c.json({ messages: rows.map((row) => ({ ...row, hasIcs: Boolean(row.hasIcs), createdAt: row.createdAt.toISOString() })) }, 200);
});
