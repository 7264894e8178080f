/**
 * Tips (issue #14): the customer's `POST /api/bookings/{id}/tip`, mounted under /api/bookings.
 * Contract: src/domain/tips-contract.ts; rules: src/domain/tips.ts; money: ./tips.service.ts.
 */
import { addTipRequestSchema, tipViewSchema } from '../../../domain/tips-contract';
import { requireUser } from '../../auth/session';
import { idempotent } from '../../lib/idempotency';
import { apiRouter, defineRoute, errorResponses, idempotencyKeyParameter, idParams, jsonBody, jsonContent } from '../../lib/openapi';
import { addTip } from './tips.service';

const addTipRoute = defineRoute({
  method: 'post',
  path: '/{id}/tip',
  access: 'customer_owner',
  tags: ['Bookings'],
  summary: 'Tip the technician: charged now on the booking\'s saved card, 100% to them',
  description:
    "Once the job is completed and for 48 hours after, one tip per booking, $1 to the smaller of $500 and the job's total (422 `tip_too_large` with `details.maxCents`). " +
    'Requires an Idempotency-Key: a retry with the same key answers the first outcome and never charges twice. 409 `tip_exists` once tipped, `tip_in_progress` while another tip is being charged; 402 `card_declined` leaves no tip (try again).',
  parameters: [idempotencyKeyParameter(true)],
  request: { params: idParams, body: jsonBody(addTipRequestSchema) },
  responses: { 201: jsonContent(tipViewSchema, 'The tip, charged'), ...errorResponses(400, 401, 402, 404, 409, 415, 422, 503) },
});

export const tipRoutes = apiRouter().openapi(addTipRoute, async (c) => {
  const user = requireUser(c);
  const { id } = c.req.valid('param');
  const { amountCents } = c.req.valid('json');
  return idempotent(c, { scope: user.id, required: true }, async (requestKey) => {
    const { db, gateway, logger, now } = c.var.deps;
    const tip = await addTip({ db, gateway, logger, now: now() }, user.id, id, amountCents, requestKey!);
    return c.json(tip, 201);
  });
});
