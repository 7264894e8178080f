/**
 * `GET /api/admin/customers/{id}/history` (issue #14): one customer's bookings, payments (ledger),
 * chats and notes, for the admin's customer history page. Admins only (401/403 otherwise); 404
 * for an id no account has.
 */
import { z } from 'zod';
import { customerHistorySchema } from '../../../domain/customer-history-contract';
import { textIdSchema } from '../../../domain/ids';
import { apiRouter, defineRoute, errorResponses, jsonContent } from '../../lib/openapi';
import { customerHistory } from './customer-history.service';

const historyRoute = defineRoute({
  method: 'get',
  path: '/{id}/history',
  access: 'admin',
  tags: ['Admin: users'],
  summary: "A customer's bookings, payments, chats and notes",
  description: 'Bookings by appointment (newest first); the ledger rows of those bookings (newest first); conversations (newest first) with their latest 100 messages, internal notes marked; the booking notes and the reasons given on changes. 404 for an unknown id.',
  request: { params: z.object({ id: textIdSchema() }) },
  responses: { 200: jsonContent(customerHistorySchema, 'The customer and their history'), ...errorResponses(401, 403, 404) },
});

export const customerHistoryRoutes = apiRouter().openapi(historyRoute, async (c) => c.json(await customerHistory(c.var.deps.db, c.req.valid('param').id), 200));
