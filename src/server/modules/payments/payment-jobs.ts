/**
 * Scheduled payment work (issue #3), run every minute by the server (index.ts) and directly by
 * tests with a pinned clock:
 * - Deferred holds: bookings saved with a card (more than 5 days out) get their hold placed
 *   off-session about 24 hours before the job. A failure is recorded and alerted (a booking
 *   event and an error log line; email arrives with issue #4); after the grace period the booking
 *   becomes payment_failed.
 * - Expiry: authorized holds past `capture_before` are checked with the gateway and recorded as
 *   expired.
 */
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { deferredHoldDueAt, deferredHoldGraceOver, DEFERRED_HOLD_LEAD_MINUTES } from '../../../domain/payment-timing';
import { bookings, payments, user } from '../../db/schema';
import type { AppDeps } from '../../lib/app-env';
import { AuthenticationRequiredError, CardDeclinedError } from '../../payments/gateway';
import { lockBooking, moveBooking, noteBookingEvent } from '../bookings/booking-transitions';
import { findPaymentByBooking, recordExpired, recordHoldFailed, recordHoldPlaced, SYSTEM_ACTOR } from './payment-records';

export interface PaymentJobReport {
  holdsPlaced: number;
  holdsFailed: number;
  paymentFailed: number;
  holdsExpired: number;
}

type Deps = Pick<AppDeps, 'db' | 'gateway' | 'logger' | 'now'>;

export async function runPaymentJobs(deps: Deps): Promise<PaymentJobReport> {
  const report: PaymentJobReport = { holdsPlaced: 0, holdsFailed: 0, paymentFailed: 0, holdsExpired: 0 };
  await placeDueHolds(deps, report);
  await failAfterGrace(deps, report);
  await recordExpiredHolds(deps, report);
  return report;
}

async function placeDueHolds(deps: Deps, report: PaymentJobReport) {
  const now = deps.now();
  const dueBefore = new Date(now.getTime() + DEFERRED_HOLD_LEAD_MINUTES * 60_000);
  const due = await deps.db
    .select({ booking: bookings, payment: payments, email: user.email })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(user, eq(user.id, bookings.customerId))
    .where(and(eq(payments.status, 'card_saved'), isNull(payments.holdFailedAt), inArray(bookings.status, ['pending', 'confirmed']), lte(bookings.scheduledStart, dueBefore)));
  for (const { booking, payment, email } of due) {
    if (deferredHoldDueAt(booking.scheduledStart) > now || !payment.paymentMethodRef) continue;
    try {
      const hold = await deps.gateway.placeHold({
        customerId: booking.customerId,
        customerEmail: email,
        paymentMethodId: payment.paymentMethodRef,
        amountCents: booking.totalCents,
        idempotencyKey: `booking:${booking.id}:deferred-hold`,
        metadata: { booking_id: booking.id, reference: booking.reference },
        offSession: true,
      });
      await deps.db.transaction(async (tx) => {
        const current = (await findPaymentByBooking(tx, booking.id))!;
        await recordHoldPlaced(tx, current, hold, SYSTEM_ACTOR);
        await noteBookingEvent(tx, booking.id, SYSTEM_ACTOR, { type: 'hold_placed', amountCents: hold.amountCents, note: `deferred hold ${hold.reference}` });
      });
      report.holdsPlaced++;
    } catch (error) {
      if (!(error instanceof CardDeclinedError || error instanceof AuthenticationRequiredError)) {
        deps.logger.error({ err: error, bookingId: booking.id }, 'deferred hold: gateway error, will retry');
        continue;
      }
      const message = error instanceof CardDeclinedError ? error.bankMessage : 'authentication required';
      await deps.db.transaction(async (tx) => {
        await recordHoldFailed(tx, payment, now);
        await noteBookingEvent(tx, booking.id, SYSTEM_ACTOR, { type: 'deferred_hold_failed', amountCents: booking.totalCents, note: message });
      });
      // The alert: operators watch error-level logs (and the error dashboard of a later issue).
      deps.logger.error({ bookingId: booking.id, reference: booking.reference, customerId: booking.customerId, reason: message }, 'ALERT deferred card hold failed; the customer must update their card');
      report.holdsFailed++;
    }
  }
}

async function failAfterGrace(deps: Deps, report: PaymentJobReport) {
  const now = deps.now();
  const failing = await deps.db
    .select({ booking: bookings, payment: payments })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.status, 'card_saved'), isNotNull(payments.holdFailedAt), inArray(bookings.status, ['pending', 'confirmed'])));
  for (const { booking, payment } of failing) {
    if (!deferredHoldGraceOver(payment.holdFailedAt!, now)) continue;
    await deps.db.transaction(async (tx) => {
      const current = await lockBooking(tx, booking.id);
      if (await moveBooking(tx, current, 'payment_failed', SYSTEM_ACTOR, { type: 'payment_failed', note: 'deferred hold failed and the grace period ended' })) report.paymentFailed++;
    });
  }
}

async function recordExpiredHolds(deps: Deps, report: PaymentJobReport) {
  const now = deps.now();
  const lapsed = await deps.db.select().from(payments).where(and(eq(payments.status, 'authorized'), lte(payments.captureBefore, now)));
  for (const payment of lapsed) {
    const state = await deps.gateway.getPayment(payment.gatewayReference!).catch(() => null);
    if (state?.status !== 'expired' && state?.status !== 'canceled') continue;
    if (await deps.db.transaction((tx) => recordExpired(tx, payment))) report.holdsExpired++;
  }
}
