/**
 * Admin money actions on a booking (issues #3, #9; the dispatch UI of issue #4 calls them):
 * complete on the worker's behalf (captures the final amount, or asks for approval when it is
 * far above the hold), approve such a final amount, cancel with or without the fee, mark a
 * no-show (full charge), refund part or all with a reason. Admins only (403 otherwise). Each
 * takes an `Idempotency-Key` (required for refunds): a retry replays the first answer
 * (src/server/lib/idempotency.ts).
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { adminCancelRequestSchema, completeJobRequestSchema, refundRequestSchema } from '../../../domain/money-requests';
import { requireRole } from '../../auth/session';
import { bookings } from '../../db/schema';
import type { AppEnv } from '../../lib/app-env';
import { notFound } from '../../lib/errors';
import { idempotent } from '../../lib/idempotency';
import { parseInput, readJson } from '../../lib/validate';
import { loadBookingView } from '../bookings/booking-view';
import { readBooking } from '../bookings/booking-transitions';
import { requestContext } from '../bookings/bookings.routes';
import { cancelBooking, markNoShow } from '../bookings/cancellation.service';
import { approveFinalAmount, completeBooking } from '../bookings/completion.service';
import { refundBooking } from '../payments/refunds.service';

async function bookingIdFrom(c: Context<AppEnv>) {
  const id = z.uuid().safeParse(c.req.param('id'));
  if (!id.success) throw notFound();
  return (await readBooking(c.var.deps.db, id.data)).id;
}

async function answer(c: Context<AppEnv>, id: string) {
  const { view } = await requestContext(c);
  return c.json(await loadBookingView(c.var.deps.db, eq(bookings.id, id), view));
}

export const adminBookingsRoutes = new Hono<AppEnv>()
  .post('/:id/complete', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = await bookingIdFrom(c);
    return idempotent(c, { scope: admin.id }, async (requestKey) => {
      const body = parseInput(completeJobRequestSchema, await readJson(c.req.raw));
      const { money, settings } = await requestContext(c);
      await completeBooking({ ...money, unitPrices: settings.unitPrices, limits: settings.moneyLimits }, id, body, { userId: admin.id, role: 'admin' }, { requestKey });
      return answer(c, id);
    });
  })
  .post('/:id/approve-final', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = await bookingIdFrom(c);
    return idempotent(c, { scope: admin.id }, async (requestKey) => {
      const { money } = await requestContext(c);
      await approveFinalAmount(money, id, { userId: admin.id, role: 'admin' }, { requestKey });
      return answer(c, id);
    });
  })
  .post('/:id/cancel', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = await bookingIdFrom(c);
    return idempotent(c, { scope: admin.id }, async (requestKey) => {
      const body = parseInput(adminCancelRequestSchema, await readJson(c.req.raw));
      const { money } = await requestContext(c);
      await cancelBooking(money, id, { userId: admin.id, role: 'admin' }, { waiveFee: body.waiveFee, reason: body.reason, requestKey });
      return answer(c, id);
    });
  })
  .post('/:id/no-show', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = await bookingIdFrom(c);
    return idempotent(c, { scope: admin.id }, async (requestKey) => {
      const { money } = await requestContext(c);
      await markNoShow(money, id, { userId: admin.id, role: 'admin' }, { requestKey });
      return answer(c, id);
    });
  })
  .post('/:id/refund', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = await bookingIdFrom(c);
    return idempotent(c, { scope: admin.id, required: true }, async (requestKey) => {
      const body = parseInput(refundRequestSchema, await readJson(c.req.raw));
      const { money } = await requestContext(c);
      await refundBooking(money, id, { ...body, requestKey }, { userId: admin.id, role: 'admin' });
      return answer(c, id);
    });
  });
