/**
 * Tips (issue #14; rules in src/domain/tips.ts, decision record docs/decisions/022-reviews-and-tips.md):
 * the customer of a completed booking adds one tip, charged off-session on the booking's saved
 * card through the PaymentGateway (`chargeOffSession`, the same call as a final amount above the
 * hold), 100% to the worker.
 *
 * Money rules (DESIGN.md "Money and state rules"):
 * 1. Under the booking's row lock, the rules are checked and the intent recorded: the booking's
 *    `tips` row is written `pending` with the gateway idempotency key of this attempt (derived
 *    from the caller's Idempotency-Key, so the retry of the same request reuses it). A tip being
 *    charged by another request is 409 `tip_in_progress`; a succeeded tip is 409 `tip_exists`;
 *    a failed one is reused for the new attempt.
 * 2. The gateway is called outside any transaction, with that key.
 * 3. Under the lock again the outcome is settled once: `succeeded` with a `tip` ledger row, or
 *    `failed` with the decline code (402 `card_declined` in the customer's words). An unknown
 *    outcome (timeout) leaves the row pending: the retry of the same request, or any tip request
 *    on the booking after STALE_TIP_MS, calls the gateway again with the recorded key (the
 *    gateway replays its first answer) and settles.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { TipView } from '../../../domain/tips-contract';
import { isAllowedTip, maxTipCents, tipRefusal, tipWindowEnds } from '../../../domain/tips';
import type { Database, Transaction } from '../../db/client';
import { paymentLedger, payments, tips } from '../../db/schema';
import { AppError, conflict, notFound, ruleBroken } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { AuthenticationRequiredError, CardDeclinedError, InvalidPaymentOperationError, PaymentMethodNotFoundError, type PaymentGateway } from '../../payments/gateway';
import { lockBooking, type BookingRow } from '../bookings/booking-transitions';
import { cardDeclined } from '../payments/gateway-errors';

type TipRow = typeof tips.$inferSelect;

/** A pending tip not settled for this long was abandoned (a crash or timeout): the next tip request finishes it. */
export const STALE_TIP_MS = 30_000;

export interface TipDeps {
  db: Database;
  gateway: PaymentGateway;
  now: Date;
  logger?: Logger;
}

export const toTipView = (row: TipRow): TipView => ({ amountCents: row.amountCents, status: row.status as TipView['status'], failureCode: row.failureCode, updatedAt: row.updatedAt.toISOString() });

/** The tips of these bookings, by booking id. */
export async function tipsOfBookings(db: Database | Transaction, bookingIds: string[]): Promise<Map<string, TipView>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.select().from(tips).where(inArray(tips.bookingId, bookingIds));
  return new Map(rows.map((row) => [row.bookingId, toTipView(row)]));
}

/** Until when the booking takes a tip (ISO), null until completed. */
export const tipUntil = (completedAt: Date | null) => (completedAt ? tipWindowEnds(completedAt).toISOString() : null);

/** The gateway key of one tip attempt: bound to the booking and the caller's request key (hashed: Stripe keys are at most 255 characters). */
const gatewayKeyOf = (bookingId: string, requestKey: string) => `tip:${bookingId}:${createHash('sha256').update(requestKey).digest('hex').slice(0, 40)}`;

/** The job's final total: what the tip's cap and presets are computed from, cents. */
const jobTotalOf = (booking: BookingRow) => booking.finalTotalCents ?? booking.totalCents;

type Planned = { kind: 'charge'; tip: TipRow; paymentMethodId: string } | { kind: 'done'; tip: TipRow };

/**
 * Adds the customer's tip on their completed booking and charges it.
 * @param requestKey the caller's `<user>:<Idempotency-Key>` (required on the route)
 * @param amountCents the tip, whole cents, $1..min($500, the job's final total)
 * @returns the tip, succeeded
 * @throws AppError 404 not the caller's booking; 422 booking_not_completed, tip_window_closed
 *   (48 h after completion), tip_too_large (`details.maxCents`), no_saved_card; 409 tip_exists,
 *   tip_in_progress; 402 card_declined (the tip is left `failed`, retry allowed); 503
 *   payment_pending when the gateway's answer is unknown (retry with the same key)
 */
export async function addTip(deps: TipDeps, customerId: string, bookingId: string, amountCents: number, requestKey: string): Promise<TipView> {
  const gatewayKey = gatewayKeyOf(bookingId, requestKey);
  const planned = await deps.db.transaction(async (tx): Promise<Planned | { kind: 'stale'; tip: TipRow; paymentMethodId: string }> => {
    const booking = await lockBooking(tx, bookingId).catch(() => null);
    if (!booking || booking.customerId !== customerId) throw notFound();
    const [existing] = await tx.select().from(tips).where(eq(tips.bookingId, bookingId));
    const [payment] = await tx.select({ paymentMethodRef: payments.paymentMethodRef }).from(payments).where(eq(payments.bookingId, bookingId));
    const paymentMethodId = payment?.paymentMethodRef ?? null;
    // The retry of this same request finishes its own attempt (or answers its outcome).
    if (existing && existing.idempotencyKey === gatewayKey) {
      if (existing.status === 'pending' && paymentMethodId) return { kind: 'charge', tip: existing, paymentMethodId };
      return { kind: 'done', tip: existing };
    }
    const refusal = tipRefusal(booking, deps.now);
    if (refusal === 'booking_not_completed') throw ruleBroken('booking_not_completed', 'feedbackErrors.notCompleted');
    if (refusal === 'tip_window_closed') throw ruleBroken('tip_window_closed', 'feedbackErrors.tipWindowClosed');
    if (existing?.status === 'succeeded') throw conflict('tip_exists', 'feedbackErrors.tipExists');
    if (existing?.status === 'pending') {
      const stale = deps.now.getTime() - existing.updatedAt.getTime() >= STALE_TIP_MS;
      if (stale && paymentMethodId) return { kind: 'stale', tip: existing, paymentMethodId };
      throw conflict('tip_in_progress', 'feedbackErrors.tipInProgress');
    }
    const total = jobTotalOf(booking);
    if (!isAllowedTip(amountCents, total)) throw ruleBroken('tip_too_large', 'feedbackErrors.tipTooLarge', { rawDetails: { maxCents: String(maxTipCents(total)) } });
    if (!paymentMethodId) throw ruleBroken('no_saved_card', 'feedbackErrors.noSavedCard');
    const values = { amountCents, status: 'pending', idempotencyKey: gatewayKey, failureCode: null, gatewayReference: null, workerId: booking.workerId, customerId, updatedAt: deps.now };
    const [tip] = existing
      ? await tx.update(tips).set(values).where(eq(tips.id, existing.id)).returning()
      : await tx.insert(tips).values({ ...values, bookingId, createdAt: deps.now }).returning();
    return { kind: 'charge', tip: tip!, paymentMethodId };
  });

  if (planned.kind === 'stale') {
    // Another request's attempt died midway: finish it first, then this request starts afresh.
    const finished = await chargeAndSettle(deps, planned.tip, customerId, planned.paymentMethodId);
    if (finished.status === 'pending') throw new AppError(503, 'payment_pending', 'paymentErrors.paymentPending');
    return addTip(deps, customerId, bookingId, amountCents, requestKey);
  }
  const tip = planned.kind === 'charge' ? await chargeAndSettle(deps, planned.tip, customerId, planned.paymentMethodId) : planned.tip;
  return answer(tip);
}

/** The API's answer for a settled attempt: the tip, or its refusal. */
function answer(tip: TipRow): TipView {
  if (tip.status === 'succeeded') return toTipView(tip);
  if (tip.status === 'failed') throw cardDeclined(new CardDeclinedError('Your card was declined.', tip.failureCode ?? 'card_declined'));
  throw new AppError(503, 'payment_pending', 'paymentErrors.paymentPending');
}

/**
 * Charges one recorded attempt with its key and settles it under the booking's lock (only the
 * pending attempt with that key settles, once). An unknown outcome leaves it pending.
 * @returns the tip row after settling
 */
async function chargeAndSettle(deps: TipDeps, tip: TipRow, customerId: string, paymentMethodId: string): Promise<TipRow> {
  let outcome: { reference: string } | { declineCode: string };
  try {
    const charge = await deps.gateway.chargeOffSession({
      customerId,
      paymentMethodId,
      amountCents: tip.amountCents,
      idempotencyKey: tip.idempotencyKey,
      metadata: { booking_id: tip.bookingId, kind: 'tip' },
    });
    outcome = { reference: charge.reference };
  } catch (error) {
    if (error instanceof CardDeclinedError) outcome = { declineCode: error.declineCode || 'card_declined' };
    else if (error instanceof AuthenticationRequiredError) outcome = { declineCode: 'authentication_required' };
    else if (error instanceof PaymentMethodNotFoundError) outcome = { declineCode: 'card_declined' };
    // The gateway refused the charge for good (e.g. it would need the customer present): nothing was taken.
    else if (error instanceof InvalidPaymentOperationError) outcome = { declineCode: 'card_declined' };
    else {
      deps.logger?.warn({ err: error, bookingId: tip.bookingId }, 'tip: gateway outcome unknown; it will be finished by the next request');
      return tip;
    }
  }
  return deps.db.transaction(async (tx) => {
    await lockBooking(tx, tip.bookingId);
    const pendingAttempt = and(eq(tips.id, tip.id), eq(tips.idempotencyKey, tip.idempotencyKey), eq(tips.status, 'pending'));
    if ('reference' in outcome) {
      const [settled] = await tx.update(tips).set({ status: 'succeeded', gatewayReference: outcome.reference, updatedAt: deps.now }).where(pendingAttempt).returning();
      if (settled) {
        await tx
          .insert(paymentLedger)
          .values({ bookingId: tip.bookingId, kind: 'tip', amountCents: tip.amountCents, gatewayReference: outcome.reference, actorUserId: customerId, actorRole: 'user', reason: 'tip', idempotencyKey: tip.idempotencyKey, createdAt: deps.now })
          .onConflictDoNothing();
      }
    } else {
      await tx.update(tips).set({ status: 'failed', failureCode: outcome.declineCode, updatedAt: deps.now }).where(pendingAttempt);
    }
    const [current] = await tx.select().from(tips).where(eq(tips.id, tip.id));
    return current!;
  });
}
