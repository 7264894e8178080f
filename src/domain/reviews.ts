/**
 * Reviews of finished jobs (issue #14): after a booking is completed its customer rates the job
 * once, 1-5 stars with an optional comment, within REVIEW_WINDOW_DAYS of completion. An admin may
 * hide an abusive review (with a reason); a hidden review no longer counts in the worker's
 * average. Decision record: docs/decisions/022-reviews-and-tips.md.
 */

/** How long after completion the customer may still review the job, days. */
export const REVIEW_WINDOW_DAYS = 14;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The longest comment kept, characters. */
export const REVIEW_COMMENT_MAX = 1000;
/** The longest reason an admin gives for hiding a review, characters. */
export const HIDE_REASON_MAX = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last instant a review is taken: completion + REVIEW_WINDOW_DAYS (exclusive). */
export function reviewWindowEnds(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/** Why a booking cannot be reviewed now, or null when it can (ignoring an existing review). */
export type ReviewRefusal = 'booking_not_completed' | 'review_window_closed';

/**
 * Whether the customer may review the booking now.
 * @param booking its status and completion instant (null until completed)
 * @returns null when allowed; `booking_not_completed`; `review_window_closed` at or after completion + 14 days
 */
export function reviewRefusal(booking: { status: string; completedAt: Date | null }, now: Date): ReviewRefusal | null {
  if (booking.status !== 'completed' || !booking.completedAt) return 'booking_not_completed';
  if (now.getTime() >= reviewWindowEnds(booking.completedAt).getTime()) return 'review_window_closed';
  return null;
}

/** A whole number of stars in 1..5. */
export function isRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;
}

/** A worker's rating: the mean of the visible reviews' stars (one decimal), null when none. */
export interface RatingSummary {
  average: number | null;
  count: number;
}

/**
 * The average of the given star ratings, rounded to one decimal (4.45 -> 4.5), and their count.
 * Pass visible reviews only (hidden ones drop out).
 */
export function summarizeRatings(ratings: readonly number[]): RatingSummary {
  if (ratings.length === 0) return { average: null, count: 0 };
  const sum = ratings.reduce((total, r) => total + r, 0);
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length };
}
