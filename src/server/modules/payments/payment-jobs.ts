/**
 * Scheduled payment work (issue #3), run every minute by the server (index.ts) and directly by
 * tests with a pinned clock:
 * - Deferred holds: bookings saved with a card (more than 5 days out) get their hold placed
 *   off-session about 24 hours before the job. A failure is recorded and alerted (a booking
 *   event and an error log line; email arrives with issue #4); after the grace period the booking
 *   becomes payment_failed.
 * - Expiry: authorized holds past `capture_before` are checked with the gateway and recorded as
 *   expired.
 * - Unfinished money operations (issue #9): intents still pending after a minute are finished
 *   from their recorded gateway keys (money-operations.ts).
 */
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { deferredHoldDueAt, deferredHoldGraceOver, DEFERRED_HOLD_LEAD_MINUTES } from '../../../domain/payment-timing';
import { bookings, payments, user } from '../../db/schema';
import type { AppDeps } from '../../lib/app-env';
import { AppError } from '../../lib/errors';
import { lockBooking, moveBooking, noteBookingEvent } from '../bookings/booking-transitions';
import { registerSettle, resumePendingOperations, runMoneyOperation } from './money-operations';
import { findPaymentByBooking, recordExpired, recordHoldFailed, recordOutcomes } from './payment-records';
import { SYSTEM_ACTOR } from '../../lib/request-context';
import { recordServerError } from '../errors/server-errors';

export interface PaymentJobReport {
  holdsPlaced: number;
  holdsFailed: number;
  paymentFailed: number;
  holdsExpired: number;
  /** Money operations left pending (a crash or a gateway timeout) that were finished. */
  operationsResumed: number;
}

type Deps = Pick<AppDeps, 'db' | 'gateway' | 'logger' | 'now'>;

export async function runPaymentJobs(deps: Deps): Promise<PaymentJobReport> {
  const report: PaymentJobReport = { holdsPlaced: 0, holdsFailed: 0, paymentFailed: 0, holdsExpired: 0, operationsResumed: 0 };
  report.operationsResumed = await resumePendingOperations({ db: deps.db, gateway: deps.gateway, now: deps.now(), logger: deps.logger });
  await placeDueHolds(deps, report);
  await failAfterGrace(deps, report);
  await recordExpiredHolds(deps, report);
  return report;
}

interface DeferredHoldPayload {
  reason: string;
}

/**
 * Places the holds that have come due, each as a money operation (money-operations.ts), so a
 * cancellation racing the job either finds the booking busy or is seen by the job's plan.
 */
async function placeDueHolds(deps: Deps, report: PaymentJobReport) {
  const now = deps.now();
  const dueBefore = new Date(now.getTime() + DEFERRED_HOLD_LEAD_MINUTES * 60_000);
  const due = await deps.db
    .select({ booking: bookings, email: user.email })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(user, eq(user.id, bookings.customerId))
    .where(and(eq(payments.status, 'card_saved'), isNull(payments.holdFailedAt), inArray(bookings.status, ['pending', 'confirmed']), lte(bookings.scheduledStart, dueBefore)));
  for (const { booking, email } of due) {
    if (deferredHoldDueAt(booking.scheduledStart) > now) continue;
    let operation;
    try {
      operation = await runMoneyOperation(
        { db: deps.db, gateway: deps.gateway, now, logger: deps.logger },
        {
          bookingId: booking.id,
          actor: SYSTEM_ACTOR,
          plan: (_tx, { booking: current, payment }) => {
            const waiting = payment?.status === 'card_saved' && !payment.holdFailedAt && payment.paymentMethodRef;
            if (!waiting || (current.status !== 'pending' && current.status !== 'confirmed')) return null;
            const metadata = { booking_id: current.id, reference: current.reference };
            const payload: DeferredHoldPayload = { reason: 'deferred hold' };
            return {
              purpose: 'deferred_hold',
              steps: [{ kind: 'hold', customerId: current.customerId, customerEmail: email, paymentMethodId: payment.paymentMethodRef!, amountCents: current.totalCents, metadata }],
              payload: { ...payload },
            };
          },
        },
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'card_declined') {
        // The alert: operators watch error-level logs and the error dashboard (/admin/errors, critical).
        deps.logger.error({ bookingId: booking.id, reference: booking.reference, customerId: booking.customerId, reason: error.message }, 'ALERT deferred card hold failed; the customer must update their card');
        await recordServerError(deps, { error, severity: 'critical', context: { job: 'deferred_hold', bookingId: booking.id, reference: booking.reference, code: error.code } });
        report.holdsFailed++;
      } else if (error instanceof AppError && error.code === 'booking_busy') {
        // A cancellation or another money action is settling on it: the next run looks again.
        deps.logger.info({ bookingId: booking.id }, 'deferred hold: booking busy, will look again');
      } else {
        deps.logger.error({ err: error, bookingId: booking.id }, 'deferred hold: not placed now, will retry');
        await recordServerError(deps, { error, severity: 'critical', context: { job: 'deferred_hold', bookingId: booking.id, reference: booking.reference } });
      }
      continue;
    }
    if (operation) report.holdsPlaced++;
  }
}

registerSettle('deferred_hold', async (tx, { booking, payment, outcomes, error, operation }) => {
  if (!payment) return;
  if (error) {
    await recordHoldFailed(tx, payment, operation.createdAt);
    await noteBookingEvent(tx, booking.id, SYSTEM_ACTOR, { type: 'deferred_hold_failed', amountCents: booking.totalCents, data: { code: error.code }, note: error.message });
    return;
  }
  await recordOutcomes(tx, payment, outcomes, SYSTEM_ACTOR);
  const hold = outcomes.find((o) => o.kind === 'hold');
  if (hold?.kind === 'hold') await noteBookingEvent(tx, booking.id, SYSTEM_ACTOR, { type: 'hold_placed', amountCents: hold.amountCents, data: { reference: hold.reference, deferred: true } });
});

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
      if (current.moneyOperationId) return; // a cancellation is in flight; look again next minute
      if (await moveBooking(tx, current, 'payment_failed', SYSTEM_ACTOR, { type: 'payment_failed', data: { reason: 'deferred_hold_grace_ended' } })) report.paymentFailed++;
    });
  }
}

async function recordExpiredHolds(deps: Deps, report: PaymentJobReport) {
  const now = deps.now();
  const lapsed = await deps.db.select().from(payments).where(and(eq(payments.status, 'authorized'), lte(payments.captureBefore, now)));
  for (const payment of lapsed) {
    const state = await deps.gateway.getPayment(payment.gatewayReference!).catch(() => null);
    if (state?.status !== 'expired' && state?.status !== 'canceled') continue;
    const recorded = await deps.db.transaction(async (tx) => {
      await lockBooking(tx, payment.bookingId);
      const current = await findPaymentByBooking(tx, payment.bookingId);
      return current?.status === 'authorized' && current.gatewayReference === payment.gatewayReference ? recordExpired(tx, current) : false;
    });
    if (recorded) report.holdsExpired++;
  }
}
