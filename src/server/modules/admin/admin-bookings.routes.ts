/**
 * Admin money actions on a booking (issue #3; the dispatch UI of issue #4 calls them):
 * complete on the worker's behalf (captures the final amount), cancel with or without the fee,
 * mark a no-show (full charge), refund part or all with a reason. Admins only (403 otherwise).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireRole } from '../../auth/session';
import { badRequest, notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/app-env';
import { parseInput, readJson } from '../../lib/validate';
import { loadBookingView } from '../bookings/booking-view';
import { readBooking } from '../bookings/booking-transitions';
import { requestContext } from '../bookings/bookings.routes';
import { cancelBooking, markNoShow } from '../bookings/cancellation.service';
import { completeBooking } from '../bookings/completion.service';
import { refundBooking } from '../payments/refunds.service';
import { bookings } from '../../db/schema';
import { eq } from 'drizzle-orm';

const completeSchema = z.object({
  actualHours: z.number({ error: 'paymentErrors.actualHoursInvalid' }).optional(),
  paintCostCents: z.number({ error: 'paymentErrors.paintCostInvalid' }).int({ error: 'paymentErrors.paintCostInvalid' }).min(0, { error: 'paymentErrors.paintCostInvalid' }).optional(),
});
const cancelSchema = z.object({ waiveFee: z.boolean().default(false), reason: z.string().trim().max(500).optional() });
const refundSchema = z.object({
  amountCents: z.number({ error: 'paymentErrors.amountInvalid' }).int({ error: 'paymentErrors.amountInvalid' }).positive({ error: 'paymentErrors.amountInvalid' }),
  reason: z.string({ error: 'paymentErrors.reasonRequired' }).trim().min(3, { error: 'paymentErrors.reasonRequired' }).max(500),
});

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
    const body = parseInput(completeSchema, await readJson(c.req.raw));
    const { money, settings } = await requestContext(c);
    await completeBooking({ ...money, unitPrices: settings.unitPrices }, id, body, { userId: admin.id, role: 'admin' });
    return answer(c, id);
  })
  .post('/:id/cancel', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = await bookingIdFrom(c);
    const body = parseInput(cancelSchema, await readJson(c.req.raw));
    const { money } = await requestContext(c);
    await cancelBooking(money, id, { userId: admin.id, role: 'admin' }, { waiveFee: body.waiveFee, reason: body.reason });
    return answer(c, id);
  })
  .post('/:id/no-show', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = await bookingIdFrom(c);
    const { money } = await requestContext(c);
    await markNoShow(money, id, { userId: admin.id, role: 'admin' });
    return answer(c, id);
  })
  .post('/:id/refund', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = await bookingIdFrom(c);
    const key = z.string().trim().min(8).max(200).safeParse(c.req.header('idempotency-key') ?? '');
    if (!key.success) throw badRequest('idempotency_key_required', 'errors.idempotencyKeyRequired');
    const body = parseInput(refundSchema, await readJson(c.req.raw));
    await refundBooking({ db: c.var.deps.db, gateway: c.var.deps.gateway }, id, { ...body, idempotencyKey: key.data }, { userId: admin.id, role: 'admin' });
    return answer(c, id);
  });
