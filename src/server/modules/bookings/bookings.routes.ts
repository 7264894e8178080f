/**
 * The customer's bookings: `POST /api/bookings`, `GET /api/bookings`, `GET /api/bookings/{id}`,
 * the cancellation preview and cancel, reschedule, and the receipt. Contract:
 * src/domain/booking-request.ts (the request and the BookingView) and bookings-contract.ts. A
 * customer only ever reaches their own bookings (`customer_owner`: 404 for anyone else's).
 */
import { asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { bookingViewSchema, createBookingRequestSchema } from '../../../domain/booking-request';
import { bookingListSchema, cancellationPreviewSchema, receiptSchema, rescheduleRequestSchema } from '../../../domain/bookings-contract';
import { formatPrice } from '../../../domain/format';
import { requireUser } from '../../auth/session';
import { paymentLedger } from '../../db/schema';
import type { AppEnv } from '../../lib/app-env';
import { notFound } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { idempotencyKeyOf, idempotent } from '../../lib/idempotency';
import { apiRouter, defineRoute, errorResponses, idempotencyKeyParameter, idParams, jsonBody, jsonContent } from '../../lib/openapi';
import { requestContext } from '../../lib/request-context';
import { UPLOAD_OWNER_COOKIE } from '../uploads/uploads.service';
import { loadBookingView, ownBooking } from './booking-view';
import { readBooking } from './booking-transitions';
import { createBooking, getBooking, listBookings } from './bookings.service';
import { cancelBooking, previewCancellation } from './cancellation.service';
import { rescheduleBooking } from './reschedule.service';
import { bookingPolicy } from '../settings/settings.service';

const TAGS = ['Bookings'];
const answered = jsonContent(bookingViewSchema, 'The booking as it is now');

const createRoute = defineRoute({
  method: 'post',
  path: '/',
  access: 'signed_in',
  tags: TAGS,
  summary: 'Book a job: the card hold is placed and the booking created',
  description:
    'The price is computed here from the options (never taken from the client). Jobs more than about 24 hours away save the card now and place the hold later. A retry with the same Idempotency-Key answers the same booking (200) instead of a second one.',
  parameters: [idempotencyKeyParameter(true)],
  request: { body: jsonBody(createBookingRequestSchema) },
  responses: {
    201: jsonContent(bookingViewSchema, 'The new booking'),
    200: jsonContent(bookingViewSchema, 'The booking this Idempotency-Key already made'),
    ...errorResponses(400, 401, 402, 409, 413, 415, 422, 503),
  },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'signed_in',
  tags: TAGS,
  summary: "The caller's own bookings, newest first",
  responses: { 200: jsonContent(bookingListSchema, 'The bookings'), ...errorResponses(401) },
});

const getRoute = defineRoute({
  method: 'get',
  path: '/{id}',
  access: 'customer_owner',
  tags: TAGS,
  summary: 'One of the caller\'s bookings',
  request: { params: idParams },
  responses: { 200: answered, ...errorResponses(401, 404) },
});

const previewRoute = defineRoute({
  method: 'get',
  path: '/{id}/cancellation',
  access: 'customer_owner',
  tags: TAGS,
  summary: 'What cancelling now would cost, before confirming',
  description: 'Depends on the clock: fetch it fresh each time. 409 `not_cancellable` when the booking can no longer be cancelled.',
  request: { params: idParams },
  responses: { 200: jsonContent(cancellationPreviewSchema, 'The outcome under the cancellation policy'), ...errorResponses(401, 404, 409) },
});

const cancelRoute = defineRoute({
  method: 'post',
  path: '/{id}/cancel',
  access: 'customer_owner',
  tags: TAGS,
  summary: 'Cancel under the policy',
  description: 'The fee (if any) is captured from the hold, the rest released. A retry with the same Idempotency-Key charges at most once.',
  parameters: [idempotencyKeyParameter(false)],
  request: { params: idParams },
  responses: { 200: answered, ...errorResponses(401, 402, 404, 409, 422, 503) },
});

const rescheduleRoute = defineRoute({
  method: 'post',
  path: '/{id}/reschedule',
  access: 'customer_owner',
  tags: TAGS,
  summary: 'Move the booking to another offered start',
  description: 'Free with enough notice; 422 `reschedule_window_closed` otherwise, 409 `slot_unavailable` when the time was taken meanwhile.',
  parameters: [idempotencyKeyParameter(false)],
  request: { params: idParams, body: jsonBody(rescheduleRequestSchema) },
  responses: { 200: answered, ...errorResponses(400, 401, 404, 409, 415, 422) },
});

const receiptRoute = defineRoute({
  method: 'get',
  path: '/{id}/receipt',
  access: 'customer_owner',
  tags: TAGS,
  summary: 'The booking and every money movement on it',
  request: { params: idParams },
  responses: { 200: jsonContent(receiptSchema, 'The receipt'), ...errorResponses(401, 404) },
});

/** The caller's own booking id. @throws AppError 404 for someone else's booking or none */
async function ownBookingId(c: Context<AppEnv>, customerId: string, id: string): Promise<string> {
  const booking = await readBooking(c.var.deps.db, id).catch(() => null);
  if (!booking || booking.customerId !== customerId) throw notFound();
  return booking.id;
}

export const bookingsRoutes = apiRouter()
  .openapi(createRoute, async (c) => {
    const user = requireUser(c);
    const request = c.req.valid('json');
    return idempotent(c, { scope: user.id, required: true }, async () => {
      const { db, gateway, logger, now } = c.var.deps;
      const uploadOwner = { userId: user.id, anonymousToken: getCookie(c, UPLOAD_OWNER_COOKIE) ?? null };
      const result = await createBooking({ db, gateway, logger, now: now(), customer: user, lang: c.var.lang, uploadOwner }, idempotencyKeyOf(c, true)!, request);
      if (result.replayed) return c.json(result.booking, 200);
      // committed: the admins' devices hear of the booking, once (a replay is not a new booking; issue #15)
      c.var.deps.push.notify({ event: 'new_booking', bookingId: result.booking.id });
      return c.json(result.booking, 201);
    });
  })
  .openapi(listRoute, async (c) => {
    const user = requireUser(c);
    const { view } = await requestContext(c);
    return c.json({ bookings: await listBookings(c.var.deps.db, user.id, view) }, 200);
  })
  .openapi(getRoute, async (c) => {
    const user = requireUser(c);
    const id = await ownBookingId(c, user.id, c.req.valid('param').id);
    const { view } = await requestContext(c);
    return c.json(await getBooking(c.var.deps.db, user.id, id, view), 200);
  })
  .openapi(previewRoute, async (c) => {
    const user = requireUser(c);
    const id = await ownBookingId(c, user.id, c.req.valid('param').id);
    const { money, settings } = await requestContext(c);
    const booking = await readBooking(c.var.deps.db, id);
    const outcome = await previewCancellation(money, booking);
    const t = translator(c.var.lang);
    // The words name the policy the booking was made under, as the outcome does.
    const policy = bookingPolicy(booking, settings.cancellationPolicy);
    const format = (cents: number) => formatPrice(cents, c.var.lang);
    return c.json(
      {
        ...outcome,
        message: t(outcome.messageKey, { ...policy, fee: format(outcome.feeCents), release: format(outcome.releaseCents) }),
        refundTimingMessage: t('policyOutcome.refundTiming', policy.refundBusinessDays),
      },
      200,
    );
  })
  .openapi(cancelRoute, async (c) => {
    const user = requireUser(c);
    const id = await ownBookingId(c, user.id, c.req.valid('param').id);
    return idempotent(c, { scope: user.id }, async (requestKey) => {
      const { money, view } = await requestContext(c);
      await cancelBooking(money, id, { userId: user.id, role: 'user' }, { requestKey });
      return c.json(await loadBookingView(c.var.deps.db, ownBooking(user.id, id), view), 200);
    });
  })
  .openapi(rescheduleRoute, async (c) => {
    const user = requireUser(c);
    const id = await ownBookingId(c, user.id, c.req.valid('param').id);
    const body = c.req.valid('json');
    return idempotent(c, { scope: user.id }, async () => {
      const { settings, view, money } = await requestContext(c);
      await rescheduleBooking({ db: c.var.deps.db, now: money.now, policy: settings.cancellationPolicy, slotRules: settings.slotRules }, id, new Date(body.startAt), { userId: user.id, role: 'user' });
      return c.json(await loadBookingView(c.var.deps.db, ownBooking(user.id, id), view), 200);
    });
  })
  .openapi(receiptRoute, async (c) => {
    const user = requireUser(c);
    const id = await ownBookingId(c, user.id, c.req.valid('param').id);
    const { view } = await requestContext(c);
    const booking = await loadBookingView(c.var.deps.db, ownBooking(user.id, id), view);
    const entries = await c.var.deps.db
      .select({ kind: paymentLedger.kind, amountCents: paymentLedger.amountCents, createdAt: paymentLedger.createdAt, reason: paymentLedger.reason })
      .from(paymentLedger)
      .where(eq(paymentLedger.bookingId, id))
      .orderBy(asc(paymentLedger.createdAt));
    return c.json({ booking, entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })) }, 200);
  });
