/**
 * Tips (issue #14): when the job is completed, and up to TIP_WINDOW_HOURS after, its customer may
 * add one tip, charged off-session on the booking's saved card and passed 100% to the worker.
 * Nothing is pre-selected: the customer picks a suggested percentage of the job's total or types
 * an amount. A declined tip can be tried again. Decision record:
 * docs/decisions/022-reviews-and-tips.md. Cents.
 */

/** How long after completion a tip may still be added, hours. */
export const TIP_WINDOW_HOURS = 48;
/** The smallest tip, cents ($1). */
export const TIP_MIN_CENTS = 100;
/** The largest tip whatever the job cost, cents ($500). */
export const TIP_CAP_CENTS = 50_000;
/** The suggested tips, percent of the job's final total. */
export const TIP_PRESET_PERCENTS = [10, 15, 20] as const;

const HOUR_MS = 60 * 60 * 1000;

/** The end of the tip window: completion + 48 hours (exclusive). */
export function tipWindowEnds(completedAt: Date): Date {
  return new Date(completedAt.getTime() + TIP_WINDOW_HOURS * HOUR_MS);
}

export type TipRefusal = 'booking_not_completed' | 'tip_window_closed';

/**
 * Whether the customer may tip on the booking now.
 * @returns null when allowed; `booking_not_completed`; `tip_window_closed` at or after completion + 48 h
 */
export function tipRefusal(booking: { status: string; completedAt: Date | null }, now: Date): TipRefusal | null {
  if (booking.status !== 'completed' || !booking.completedAt) return 'booking_not_completed';
  if (now.getTime() >= tipWindowEnds(booking.completedAt).getTime()) return 'tip_window_closed';
  return null;
}

/**
 * The largest tip for a job: 100% of its final total, and never above $500 (a typo must not
 * charge thousands). Never below the minimum, so a tiny job can still be tipped $1.
 * @param totalCents the job's final total (what was charged for the work), cents
 */
export function maxTipCents(totalCents: number): number {
  return Math.max(TIP_MIN_CENTS, Math.min(TIP_CAP_CENTS, totalCents));
}

/** Whether `amountCents` is an allowed tip for a job of `totalCents`: a whole number of cents in [$1, maxTipCents]. */
export function isAllowedTip(amountCents: number, totalCents: number): boolean {
  return Number.isInteger(amountCents) && amountCents >= TIP_MIN_CENTS && amountCents <= maxTipCents(totalCents);
}

/** The suggested tips for a job: 10/15/20% of its final total, rounded to the cent, within the allowed range. */
export function tipPresets(totalCents: number): { percent: number; amountCents: number }[] {
  const max = maxTipCents(totalCents);
  return TIP_PRESET_PERCENTS.map((percent) => ({ percent, amountCents: Math.min(max, Math.max(TIP_MIN_CENTS, Math.round((totalCents * percent) / 100))) }));
}
