/**
 * `GET /api/admin/outbox`: the last 100 messages of mail_outbox, newest first (the dev outbox
 * without SMTP_URL; with SMTP, the copies of what was sent). Admins only (401 signed out, 403
 * otherwise). Answer: `{ messages: [{ id, to, subject, text, template, language, createdAt,
 * hasIcs, skippedReason }] }`, createdAt as an ISO instant; `skippedReason` is set for a message
 * recorded but not sent ('email_off': the customer turned booking emails off).
 */
import { desc, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireRole } from '../../auth/session';
import { mailOutbox } from '../../db/schema';
import type { AppEnv } from '../../lib/app-env';

const LIMIT = 100;

export const outboxRoutes = new Hono<AppEnv>().get('/', async (c) => {
  await requireRole(c, 'admin');
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
  return c.json({ messages: rows.map((row) => ({ ...row, hasIcs: Boolean(row.hasIcs), createdAt: row.createdAt.toISOString() })) });
});
