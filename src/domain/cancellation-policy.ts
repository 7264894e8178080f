/**
 * The cancellation policy (issue #3; spec section 4 gives two readings, we adopt the tiered one,
 * docs/decisions/007-cancellation-policy.md). Pure: every time is an argument.
 *
 * - Within `graceMinutes` (5) after booking: free, whatever the notice (a grace window).
 * - `freeNoticeHours` (24) or more before the start: free, the hold is released.
 * - `feeNoticeHours` (12) to 24 hours before: a `feePercent` (50%) cancellation fee.
 * - Less than 12 hours (same day), after the start, or a no-show: the full total.
 *
 * Notice is measured in America/New_York wall-clock time ("24 hours before 10:00 on March 8"
 * is 10:00 on March 7, which is 23 real hours across the spring-forward change). The grace
 * window is real elapsed minutes. Boundaries: exactly 24 h before is free; exactly 12 h before is
 * the 50% tier; exactly 5 minutes after booking is still grace.
 * Money is integer cents; the fee is rounded half up to the cent.
 */
import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE } from './time-zone';

export interface CancellationPolicy {
  freeNoticeHours: number;
  feeNoticeHours: number;
  /** The fee between feeNoticeHours and freeNoticeHours, percent of the total. */
  feePercent: number;
  graceMinutes: number;
  /** Free rescheduling needs this much notice (spec section 9: 24 hours). */
  rescheduleNoticeHours: number;
  /** Refunds reach the card in this many business days (spec section 4: 3-5). */
  refundBusinessDays: { min: number; max: number };
}

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  freeNoticeHours: 24,
  feeNoticeHours: 12,
  feePercent: 50,
  graceMinutes: 5,
  rescheduleNoticeHours: 24,
  refundBusinessDays: { min: 3, max: 5 },
};

/** The policy's tiers, from the spec's "Cancellation policy". */
export const CANCELLATION_TIERS = ['grace', 'free', 'half', 'full'] as const;
export type CancellationTier = (typeof CANCELLATION_TIERS)[number];

export interface CancellationOutcome {
  tier: CancellationTier;
  /** What the customer owes for cancelling, in cents (0 in the free tiers). */
  feeCents: number;
  /** The part of the fee taken from the hold (partial capture). */
  captureCents: number;
  /** The part of the hold released back to the card. captureCents + releaseCents = heldCents. */
  releaseCents: number;
  /** The part of the fee above the hold, charged off-session (when no hold covers it). */
  chargeCents: number;
  /** i18n key of the customer-facing explanation, under `policyOutcome.*`. */
  messageKey: string;
}

/** The instant that is `hours` earlier than `start` on the Tampa wall clock. */
export function wallClockHoursBefore(start: Date, hours: number): Date {
  const local = new TZDate(start.getTime(), BUSINESS_TIME_ZONE);
  const earlier = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    local.getHours() - hours,
    local.getMinutes(),
    local.getSeconds(),
    local.getMilliseconds(),
    BUSINESS_TIME_ZONE,
  );
  return new Date(earlier.getTime());
}

/** Percent of an amount in cents, rounded half up. */
export function percentOf(amountCents: number, percent: number): number {
  return Math.floor((amountCents * percent + 50) / 100);
}

/** The tier a cancellation at `cancelAt` falls in. */
export function cancellationTier(input: { start: Date; bookedAt: Date; cancelAt: Date; policy: CancellationPolicy }): CancellationTier {
  const { start, bookedAt, cancelAt, policy } = input;
  if (cancelAt.getTime() - bookedAt.getTime() <= policy.graceMinutes * 60_000) return 'grace';
  if (cancelAt.getTime() <= wallClockHoursBefore(start, policy.freeNoticeHours).getTime()) return 'free';
  if (cancelAt.getTime() <= wallClockHoursBefore(start, policy.feeNoticeHours).getTime()) return 'half';
  return 'full';
}

/**
 * What cancelling costs and what happens to the hold.
 * @param totalCents the booking's total (the amount the fee is a share of)
 * @param heldCents what is currently authorized on the card (0 when only the card is saved)
 * @throws RangeError on negative or non-integer amounts
 */
export function cancellationOutcome(input: {
  start: Date;
  bookedAt: Date;
  cancelAt: Date;
  totalCents: number;
  heldCents: number;
  policy: CancellationPolicy;
}): CancellationOutcome {
  const { totalCents, heldCents } = input;
  for (const [name, value] of [['totalCents', totalCents], ['heldCents', heldCents]] as const) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
  }
  const tier = cancellationTier(input);
  const feeCents = tier === 'half' ? percentOf(totalCents, input.policy.feePercent) : tier === 'full' ? totalCents : 0;
  const captureCents = Math.min(feeCents, heldCents);
  return {
    tier,
    feeCents,
    captureCents,
    releaseCents: heldCents - captureCents,
    chargeCents: feeCents - captureCents,
    messageKey: `policyOutcome.${tier}`,
  };
}

/** Whether a booking may be moved for free: enough wall-clock notice before its start. */
export function canRescheduleFree(input: { start: Date; now: Date; policy: CancellationPolicy }): boolean {
  return input.now.getTime() <= wallClockHoursBefore(input.start, input.policy.rescheduleNoticeHours).getTime();
}
