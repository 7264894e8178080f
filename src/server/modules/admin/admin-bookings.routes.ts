/**
 * Admin money actions on a booking (issues #3, #9; the dispatch UI of issue #4 calls them):
 * complete on the worker's behalf (captures the final amount, or asks for approval when it is
 * far above the hold), approve such a final amount, cancel with or without the fee, mark a
 * no-show (full charge), refund part or all with a reason. Admins only. Each takes an
 * `Idempotency-Key` (required for refunds): a retry replays the first answer
 * (src/server/lib/idempotency.ts).
 *
 * The model of the API contract (docs/decisions/013-api-contract.md): each route is one
 * `defineRoute` with its access rule and the zod schemas of src/domain, and its handler reads
 * only `c.req.valid(...)`.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { bookingViewSchema } from '../../../domain/booking-request';
import { adminCancelRequestSchema, completeJobRequestSchema, refundRequestSchema } from '../../../domain/money-requests';
import { bookings } from '../../db/schema';
import type { AppEnv } from '../../lib/app-env';
import { idempotent } from '../../lib/idempotency';
import { apiRouter, callerOf, defineRoute, errorResponses, idempotencyKeyParameter, idParams, jsonBody, jsonContent } from '../../lib/openapi';
import { loadBookingView } from '../bookings/booking-view';
import { readBooking } from '../bookings/booking-transitions';
import { requestContext } from '../../lib/request-context';
import { cancelBooking, markNoShow } from '../bookings/cancellation.service';
import { approveFinalAmount, completeBooking } from '../bookings/completion.service';
import { refundBooking } from '../payments/refunds.service';

const TAGS = ['Admin: money'];
const answered = jsonContent(bookingViewSchema, 'The booking as it is now');
const refusals = errorResponses(400, 401, 402, 403, 404, 409, 415, 422, 503);

const completeRoute = defineRoute({
  method: 'post',
  path: '/{id}/complete',
  access: 'admin',
  tags: TAGS,
  summary: "Complete a job on the worker's behalf",
  description:
    'Captures the final amount (furniture: actual hours; painting: paint at cost), charging any amount above the hold off-session. Above the ceilings: 400. More than the approval limit above the booked total: nothing is charged, `finalApproval.status` becomes `pending` and the customer is mailed why.',
  parameters: [idempotencyKeyParameter(false)],
  request: { params: idParams, body: jsonBody(completeJobRequestSchema) },
  responses: { 200: answered, ...refusals },
});

const approveFinalRoute = defineRoute({
  method: 'post',
  path: '/{id}/approve-final',
  access: 'admin',
  tags: TAGS,
  summary: 'Approve and charge a final amount that waits for approval',
  parameters: [idempotencyKeyParameter(false)],
  request: { params: idParams },
  responses: { 200: answered, ...refusals },
});

const cancelRoute = defineRoute({
  method: 'post',
  path: '/{id}/cancel',
  access: 'admin',
  tags: TAGS,
  summary: 'Cancel under the policy, or with the fee waived',
  parameters: [idempotencyKeyParameter(false)],
  request: { params: idParams, body: jsonBody(adminCancelRequestSchema) },
  responses: { 200: answered, ...refusals },
});

const noShowRoute = defineRoute({
  method: 'post',
  path: '/{id}/no-show',
  access: 'admin',
  tags: TAGS,
  summary: 'Mark a no-show: the full total is charged',
  parameters: [idempotencyKeyParameter(false)],
  request: { params: idParams },
  responses: { 200: answered, ...refusals },
});

const refundRoute = defineRoute({
  method: 'post',
  path: '/{id}/refund',
  access: 'admin',
  tags: TAGS,
  summary: 'Refund part or all of what was taken',
  description: 'At most what was taken minus what was refunded or is being refunded (422 `refund_too_large`). The hold capture is refunded first, then the extra charge.',
  parameters: [idempotencyKeyParameter(true)],
  request: { params: idParams, body: jsonBody(refundRequestSchema) },
  responses: { 200: answered, ...refusals },
});

/** The booking's id from the path. @throws AppError 404 when there is no such booking */
async function existingBooking(c: Context<AppEnv>, id: string): Promise<string> {
  return (await readBooking(c.var.deps.db, id)).id;
}

async function answer(c: Context<AppEnv>, id: string) {
  const { view } = await requestContext(c);
  return c.json(await loadBookingView(c.var.deps.db, eq(bookings.id, id), view), 200);
}

export const adminBookingsRoutes = apiRouter()
  .openapi(completeRoute, async (c) => {
    const admin = callerOf(c);
    const id = await existingBooking(c, c.req.valid('param').id);
    const body = c.req.valid('json');
    return idempotent(c, { scope: admin.id }, async (requestKey) => {
      const { money, settings } = await requestContext(c);
      await completeBooking({ ...money, unitPrices: settings.unitPrices, limits: settings.moneyLimits, jobRules: settings.jobRules }, id, body, { userId: admin.id, role: 'admin' }, { requestKey });
      return answer(c, id);
    });
  })
  .openapi(approveFinalRoute, async (c) => {
    const admin = callerOf(c);
    const id = await existingBooking(c, c.req.valid('param').id);
    return idempotent(c, { scope: admin.id }, async (requestKey) => {
      const { money } = await requestContext(c);
      await approveFinalAmount(money, id, { userId: admin.id, role: 'admin' }, { requestKey });
      return answer(c, id);
    });
  })
  .openapi(cancelRoute, async (c) => {
    const admin = callerOf(c);
    const id = await existingBooking(c, c.req.valid('param').id);
    const body = c.req.valid('json');
    return idempotent(c, { scope: admin.id }, async (requestKey) => {
      const { money } = await requestContext(c);
      await cancelBooking(money, id, { userId: admin.id, role: 'admin' }, { waiveFee: body.waiveFee, reason: body.reason, requestKey });
      return answer(c, id);
    });
  })
  .openapi(noShowRoute, async (c) => {
    const admin = callerOf(c);
    const id = await existingBooking(c, c.req.valid('param').id);
    return idempotent(c, { scope: admin.id }, async (requestKey) => {
      const { money } = await requestContext(c);
      await markNoShow(money, id, { userId: admin.id, role: 'admin' }, { requestKey });
      return answer(c, id);
    });
  })
  .openapi(refundRoute, async (c) => {
    const admin = callerOf(c);
    const id = await existingBooking(c, c.req.valid('param').id);
    const body = c.req.valid('json');
    return idempotent(c, { scope: admin.id, required: true }, async (requestKey) => {
      const { money } = await requestContext(c);
      await refundBooking(money, id, { ...body, requestKey }, { userId: admin.id, role: 'admin' });
      return answer(c, id);
    });
  });
