/**
 * The reviews API contract (issue #14): the customer's `POST /api/bookings/{id}/review`, the
 * review as the booking view shows it, the worker's rating, and the admin's
 * `GET /api/admin/workers/{id}/reviews` and `POST /api/admin/reviews/{id}/hide`. Rules:
 * src/domain/reviews.ts. Instants as ISO-8601 strings; messages are i18n keys.
 */
import { z } from 'zod';
import { HIDE_REASON_MAX, RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX } from './reviews';
import { plainText, requiredText } from './text';

const iso = z.iso.datetime({ offset: true });
const ratingError = { error: 'validation.ratingRequired' };

/** The customer's review: 1-5 whole stars, an optional comment (blank = none). */
export const createReviewRequestSchema = z.object({
  rating: z.number(ratingError).int(ratingError).min(RATING_MIN, ratingError).max(RATING_MAX, ratingError),
  comment: plainText(REVIEW_COMMENT_MAX).optional().nullable(),
});
export type CreateReviewRequest = z.input<typeof createReviewRequestSchema>;

/** A review as its booking shows it. `hidden`: an admin hid it (it no longer counts in the average). */
export const reviewViewSchema = z
  .object({ id: z.uuid(), rating: z.number().int(), comment: z.string().nullable(), createdAt: iso, hidden: z.boolean() })
  .meta({ id: 'Review' });
export type ReviewView = z.infer<typeof reviewViewSchema>;

/** A worker's rating over the visible reviews: the average (one decimal, null when none) and how many. */
export const workerRatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() }).meta({ id: 'WorkerRating' });
export type WorkerRating = z.infer<typeof workerRatingSchema>;

/** A review as an admin sees it: with its booking, and why and when it was hidden. */
export const adminReviewSchema = reviewViewSchema
  .extend({
    bookingId: z.uuid(),
    bookingReference: z.string(),
    customerName: z.string().nullable(),
    hiddenAt: iso.nullable(),
    hiddenReason: z.string().nullable(),
  })
  .meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** `GET /api/admin/workers/{id}/reviews`: every review of the worker, hidden ones too, newest first. */
export const adminReviewListSchema = z.object({ rating: workerRatingSchema, reviews: z.array(adminReviewSchema) }).meta({ id: 'AdminReviewList' });
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

/** `POST /api/admin/reviews/{id}/hide`: why the review is hidden (shown to staff only). */
export const hideReviewRequestSchema = z.object({ reason: requiredText(HIDE_REASON_MAX, { required: 'validation.hideReasonRequired' }) });
export type HideReviewRequest = z.input<typeof hideReviewRequestSchema>;
