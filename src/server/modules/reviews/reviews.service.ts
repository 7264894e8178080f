/**
 * Reviews of completed jobs (issue #14; rules in src/domain/reviews.ts, decision record
 * docs/decisions/022-reviews-and-tips.md): the customer's one review per booking, the worker's
 * rating over visible reviews, and the admin's list and hiding of abusive reviews.
 *
 * One review per booking is the database's unique index (`reviews_booking_unique`): concurrent
 * posts insert with ON CONFLICT DO NOTHING, so exactly one row is written and the others answer
 * 409 `review_exists`.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminReview, ReviewView, WorkerRating } from '../../../domain/reviews-contract';
import { reviewRefusal, reviewWindowEnds, summarizeRatings } from '../../../domain/reviews';
import type { Database, Transaction } from '../../db/client';
import { bookings, reviews, user } from '../../db/schema';
import { conflict, notFound, ruleBroken } from '../../lib/errors';
import { readBooking } from '../bookings/booking-transitions';

type ReviewRow = typeof reviews.$inferSelect;

export const toReviewView = (row: ReviewRow): ReviewView => ({ id: row.id, rating: row.rating, comment: row.comment, createdAt: row.createdAt.toISOString(), hidden: row.hiddenAt !== null });

/** The refusals of the review rules, as API errors. */
const REFUSALS = {
  booking_not_completed: () => ruleBroken('booking_not_completed', 'feedbackErrors.notCompleted'),
  review_window_closed: () => ruleBroken('review_window_closed', 'feedbackErrors.reviewWindowClosed'),
};

/**
 * Records the customer's review of their completed booking.
 * @param customerId the caller; a booking of someone else is 404 (as every customer_owner route)
 * @param input stars 1-5 (validated by the contract) and an optional comment (blank = none)
 * @throws AppError 404 not the caller's booking; 422 booking_not_completed, review_window_closed
 *   (14 days after completion); 409 review_exists (a second review, also when posted at once)
 */
export async function createReview(db: Database, now: Date, customerId: string, bookingId: string, input: { rating: number; comment?: string | null }): Promise<ReviewView> {
  const booking = await readBooking(db, bookingId).catch(() => null);
  if (!booking || booking.customerId !== customerId) throw notFound();
  const refusal = reviewRefusal(booking, now);
  if (refusal) throw REFUSALS[refusal]();
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  const [row] = await db
    .insert(reviews)
    .values({ bookingId, customerId, workerId: booking.workerId, rating: input.rating, comment, createdAt: now })
    .onConflictDoNothing({ target: reviews.bookingId })
    .returning();
  if (!row) throw conflict('review_exists', 'feedbackErrors.reviewExists');
  return toReviewView(row);
}

/** The reviews of these bookings, by booking id. */
export async function reviewsOfBookings(db: Database | Transaction, bookingIds: string[]): Promise<Map<string, ReviewView>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.select().from(reviews).where(inArray(reviews.bookingId, bookingIds));
  return new Map(rows.map((row) => [row.bookingId, toReviewView(row)]));
}

/** The ratings of these workers over their visible (not hidden) reviews; a worker without reviews has `{ average: null, count: 0 }`. */
export async function workerRatings(db: Database | Transaction, workerIds: string[]): Promise<Map<string, WorkerRating>> {
  const ids = [...new Set(workerIds)];
  const result = new Map<string, WorkerRating>(ids.map((id) => [id, { average: null, count: 0 }]));
  if (ids.length === 0) return result;
  const rows = await db
    .select({ workerId: reviews.workerId, rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(inArray(reviews.workerId, ids), isNull(reviews.hiddenAt)))
    .groupBy(reviews.workerId, reviews.rating);
  for (const id of ids) {
    const ratings = rows.filter((r) => r.workerId === id).flatMap((r) => Array<number>(Number(r.n)).fill(r.rating));
    result.set(id, summarizeRatings(ratings));
  }
  return result;
}

/** Until when the booking takes a review (ISO), null until completed. */
export const reviewUntil = (completedAt: Date | null) => (completedAt ? reviewWindowEnds(completedAt).toISOString() : null);

/** Reviews as admins see them, matching `where`, newest first. */
async function adminReviews(db: Database, where: ReturnType<typeof eq>): Promise<AdminReview[]> {
  const rows = await db
    .select({ review: reviews, reference: bookings.reference, customerName: user.name })
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .leftJoin(user, eq(user.id, reviews.customerId))
    .where(where)
    .orderBy(desc(reviews.createdAt));
  return rows.map(({ review, reference, customerName }) => ({
    ...toReviewView(review),
    bookingId: review.bookingId,
    bookingReference: reference,
    customerName: customerName ?? null,
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    hiddenReason: review.hiddenReason,
  }));
}

/**
 * Every review of a worker for an admin, hidden ones too, newest first, with the rating over the visible ones.
 * @throws AppError 404 unknown user
 */
export async function listWorkerReviews(db: Database, workerId: string): Promise<{ rating: WorkerRating; reviews: AdminReview[] }> {
  const [known] = await db.select({ id: user.id }).from(user).where(eq(user.id, workerId));
  if (!known) throw notFound();
  return { rating: (await workerRatings(db, [workerId])).get(workerId)!, reviews: await adminReviews(db, eq(reviews.workerId, workerId)) };
}

/**
 * Hides an abusive review (it stays stored, shown to admins with the reason, and no longer counts
 * in the worker's average). Hiding a hidden review again keeps the first reason and time.
 * @throws AppError 404 unknown review
 */
export async function hideReview(db: Database, now: Date, adminId: string, reviewId: string, reason: string): Promise<AdminReview> {
  await db.update(reviews).set({ hiddenAt: now, hiddenBy: adminId, hiddenReason: reason }).where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)));
  const [review] = await adminReviews(db, eq(reviews.id, reviewId));
  if (!review) throw notFound();
  return review;
}
