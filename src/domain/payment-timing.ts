/**
 * When the card hold is placed (issue #3). A card hold lasts 7 days when the customer starts it
 * and 5 days for Visa when the merchant does (Stripe: "place a hold on a payment method"), so a
 * booking more than 5 days out saves the card at booking and the hold is placed off-session about
 * 24 hours before the job. A failed deferred hold leaves a grace period for the customer to fix
 * the card before the booking becomes payment_failed. Times are instants; durations minutes.
 */

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
