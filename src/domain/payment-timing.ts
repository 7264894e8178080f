/**
 * When the card hold is placed (issue #3). A card hold lasts 7 days when the customer starts it
 * and 5 days for Visa when the merchant does (Stripe: "place a hold on a payment method"), so a
 * booking more than 5 days out saves the card at booking and the hold is placed off-session about
 * 24 hours before the job. A failed deferred hold leaves a grace period for the customer to fix
 * the card before the booking becomes payment_failed. Times are instants; durations minutes.
 */
import type { PaymentStatus } from './booking-status';
import type { MoneySummary } from './ledger';

export const DEFERRED_HOLD_AFTER_MINUTES = 5 * 24 * 60;
export const DEFERRED_HOLD_LEAD_MINUTES = 24 * 60;
export const DEFERRED_HOLD_GRACE_MINUTES = 6 * 60;

/** Whether a booking starting at `start` saves the card now and holds later. */
export function needsDeferredHold(start: Date, now: Date): boolean {
  return start.getTime() - now.getTime() > DEFERRED_HOLD_AFTER_MINUTES * 60_000;
}

/** When the deferred hold is due: about 24 hours before the job. */
export function deferredHoldDueAt(start: Date): Date {
  return new Date(start.getTime() - DEFERRED_HOLD_LEAD_MINUTES * 60_000);
}

/** Whether a deferred hold that failed at `failedAt` has run out of grace. */
export function deferredHoldGraceOver(failedAt: Date, now: Date): boolean {
  return now.getTime() - failedAt.getTime() >= DEFERRED_HOLD_GRACE_MINUTES * 60_000;
}

/** A booking's payment as far as the notice needs it (BookingView's `payment` and `money`). */
export interface PaymentTimingInput {
  /** The chosen (or booked) start, an instant. */
  start: Date | string;
  /** The moment the card is (or was) given: now in the booking flow, else the booking's creation. */
  now: Date | string;
  /** What the hold covers: the booked total, cents. */
  totalCents: number;
  /** The payment record; null before the booking exists. */
  payment?: { status: PaymentStatus; amountHeldCents: number } | null;
  /** Money moved so far (src/domain/ledger.ts), cents; zeros when absent. */
  money?: Pick<MoneySummary, 'capturedCents' | 'extraChargedCents' | 'refundedCents' | 'paidCents'> | null;
}

/**
 * What the customer is told about the card, everywhere (issue #14, defect 1): the Payment,
 * Review and Confirmation steps, My Bookings and its receipt, the emails and the PDF receipt.
 * - `hold_now`: the hold of `amountCents` is placed at booking (start 5 days away or less);
 * - `card_saved`: the card is saved now and the hold of `amountCents` is placed off-session at
 *   about `holdAt` (24 h before the start, an instant: a DST change in between moves its Tampa
 *   wall time by an hour);
 * - `held`: `amountCents` is held and not charged yet;
 * - `hold_failed`: the (deferred) hold of `amountCents` was declined;
 * - `charged`: `amountCents` was charged in all (capture plus any extra charge), `refundedCents`
 *   of it refunded (0 when none); with nothing left held;
 * - `refunded`: everything charged (`amountCents`) went back;
 * - `released`: the hold was released, nothing charged;
 * - `expired`: the hold lapsed before anything was charged.
 */
export type PaymentTimingNotice =
  | { kind: 'hold_now'; amountCents: number }
  | { kind: 'card_saved'; amountCents: number; holdAt: Date }
  | { kind: 'held'; amountCents: number }
  | { kind: 'hold_failed'; amountCents: number }
  | { kind: 'charged'; amountCents: number; refundedCents: number }
  | { kind: 'refunded'; amountCents: number }
  | { kind: 'released' }
  | { kind: 'expired' };

export type PaymentTimingKind = PaymentTimingNotice['kind'];

const instant = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/**
 * The one rule for what a booking's payment notice says (see PaymentTimingNotice). Before the
 * booking exists (`payment` null) it decides from the start and now with needsDeferredHold; once
 * it exists, from the payment's status and the ledger: a hold is shown only while it is live.
 */
export function paymentTimingNotice(input: PaymentTimingInput): PaymentTimingNotice {
  const start = instant(input.start);
  const money = input.money ?? { capturedCents: 0, extraChargedCents: 0, refundedCents: 0, paidCents: 0 };
  const chargedCents = money.capturedCents + money.extraChargedCents;
  const payment = input.payment;
  if (!payment) {
    return needsDeferredHold(start, instant(input.now))
      ? { kind: 'card_saved', amountCents: input.totalCents, holdAt: deferredHoldDueAt(start) }
      : { kind: 'hold_now', amountCents: input.totalCents };
  }
  switch (payment.status) {
    case 'card_saved':
      return { kind: 'card_saved', amountCents: input.totalCents, holdAt: deferredHoldDueAt(start) };
    case 'authorized':
      return { kind: 'held', amountCents: payment.amountHeldCents || input.totalCents };
    case 'failed':
      return { kind: 'hold_failed', amountCents: input.totalCents };
    case 'expired':
      return chargedCents > 0 ? { kind: 'charged', amountCents: chargedCents, refundedCents: money.refundedCents } : { kind: 'expired' };
    case 'voided':
      // A cancellation fee is captured and the rest released: the fee is what happened.
      return chargedCents > 0 ? { kind: 'charged', amountCents: chargedCents, refundedCents: money.refundedCents } : { kind: 'released' };
    case 'refunded':
      return chargedCents > 0 && money.refundedCents < chargedCents
        ? { kind: 'charged', amountCents: chargedCents, refundedCents: money.refundedCents }
        : { kind: 'refunded', amountCents: chargedCents };
    case 'captured':
    case 'partially_refunded':
      return { kind: 'charged', amountCents: chargedCents, refundedCents: money.refundedCents };
  }
}
