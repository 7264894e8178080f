/**
 * The customer's bookings: `POST /api/bookings`, `GET /api/bookings`, `GET /api/bookings/:id`,
 * the cancellation preview and cancel, reschedule, and the receipt. A customer only ever reaches
 * their own bookings (404 for anyone else's).
 */
import { asc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { requireUser } from '../../auth/session';
import { paymentLedger } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { idempotencyKeyOf, idempotent } from '../../lib/idempotency';
import type { AppEnv } from '../../lib/app-env';
import { translator } from '../../lib/i18n';
import { parseInput, readJson } from '../../lib/validate';
import { UPLOAD_OWNER_COOKIE } from '../uploads/uploads.service';
import { loadBookingView, ownBooking } from './booking-view';
import { readBooking } from './booking-transitions';
import { cancelBooking, previewCancellation } from './cancellation.service';
import { requestContext } from '../../lib/request-context';
import { createBooking, getBooking, listBookings } from './bookings.service';
import { rescheduleBooking } from './reschedule.service';

const bookingIdSchema = z.uuid({ error: 'errors.notFound' });
const rescheduleSchema = z.object({ startAt: z.iso.datetime({ offset: true, error: 'validation.startInvalid' }) });

/** The caller's own booking id from the path. @throws AppError 404 for a malformed id or someone else's booking */
async function ownBookingId(c: Context<AppEnv>, customerId: string): Promise<string> {
  const id = bookingIdSchema.safeParse(c.req.param('id'));
  const booking = id.success ? await readBooking(c.var.deps.db, id.data).catch(() => null) : null;
  if (!booking || booking.customerId !== customerId) throw notFound();
  return booking.id;
}

export const bookingsRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const user = requireUser(c);
    return idempotent(c, { scope: user.id, required: true }, async () => {
      const { db, gateway, logger, now } = c.var.deps;
      const result = await createBooking(
        { db, gateway, logger, now: now(), customer: user, lang: c.var.lang, uploadOwner: { userId: user.id, anonymousToken: getCookie(c, UPLOAD_OWNER_COOKIE) ?? null } },
        idempotencyKeyOf(c, true)!,
        await readJson(c.req.raw),
      );
      return c.json(result.booking, result.replayed ? 200 : 201);
    });
  })
  .get('/', async (c) => {
    const user = requireUser(c);
    const { view } = await requestContext(c);
    return c.json({ bookings: await listBookings(c.var.deps.db, user.id, view) });
  })
  .get('/:id', async (c) => {
    const user = requireUser(c);
    const id = await ownBookingId(c, user.id);
    const { view } = await requestContext(c);
    return c.json(await getBooking(c.var.deps.db, user.id, id, view));
  })
  .get('/:id/cancellation', async (c) => {
    const user = requireUser(c);
    const id = await ownBookingId(c, user.id);
    const { money, settings } = await requestContext(c);
    const outcome = await previewCancellation(money, await readBooking(c.var.deps.db, id));
    const t = translator(c.var.lang);
    const policy = settings.cancellationPolicy;
    const format = (cents: number) => new Intl.NumberFormat(c.var.lang === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
    return c.json({
      ...outcome,
      message: t(outcome.messageKey, { ...policy, fee: format(outcome.feeCents), release: format(outcome.releaseCents) }),
      refundTimingMessage: t('policyOutcome.refundTiming', policy.refundBusinessDays),
    });
  })
  .post('/:id/cancel', async (c) => {
    const user = requireUser(c);
    const id = await ownBookingId(c, user.id);
    return idempotent(c, { scope: user.id }, async (requestKey) => {
      const { money, view } = await requestContext(c);
      await cancelBooking(money, id, { userId: user.id, role: 'user' }, { requestKey });
      return c.json(await loadBookingView(c.var.deps.db, ownBooking(user.id, id), view));
    });
  })
  .post('/:id/reschedule', async (c) => {
    const user = requireUser(c);
    const id = await ownBookingId(c, user.id);
    return idempotent(c, { scope: user.id }, async () => {
      const body = parseInput(rescheduleSchema, await readJson(c.req.raw));
      const { settings, view, money } = await requestContext(c);
      await rescheduleBooking({ db: c.var.deps.db, now: money.now, policy: settings.cancellationPolicy, slotRules: settings.slotRules }, id, new Date(body.startAt), { userId: user.id, role: 'user' });
      return c.json(await loadBookingView(c.var.deps.db, ownBooking(user.id, id), view));
    });
  })
  .get('/:id/receipt', async (c) => {
    const user = requireUser(c);
    const id = await ownBookingId(c, user.id);
    const { view } = await requestContext(c);
    const booking = await loadBookingView(c.var.deps.db, ownBooking(user.id, id), view);
    const entries = await c.var.deps.db
      .select({ kind: paymentLedger.kind, amountCents: paymentLedger.amountCents, createdAt: paymentLedger.createdAt, reason: paymentLedger.reason })
      .from(paymentLedger)
      .where(eq(paymentLedger.bookingId, id))
      .orderBy(asc(paymentLedger.createdAt));
    return c.json({ booking, entries });
  });
