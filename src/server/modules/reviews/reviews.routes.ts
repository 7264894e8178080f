/**
 * Reviews (issue #14): the customer's `POST /api/bookings/{id}/review` (mounted under
 * /api/bookings), and the admin's `GET /api/admin/workers/{id}/reviews` and
 * `POST /api/admin/reviews/{id}/hide` (mounted under /api/admin). Contract:
 * src/domain/reviews-contract.ts; rules: src/domain/reviews.ts.
 */
import { z } from 'zod';
import { textIdSchema } from '../../../domain/ids';
import { adminReviewListSchema, adminReviewSchema, createReviewRequestSchema, hideReviewRequestSchema, reviewViewSchema } from '../../../domain/reviews-contract';
import { requireUser } from '../../auth/session';
import { apiRouter, callerOf, defineRoute, errorResponses, idParams, jsonBody, jsonContent } from '../../lib/openapi';
import { createReview, hideReview, listWorkerReviews } from './reviews.service';

const createReviewRoute = defineRoute({
  method: 'post',
  path: '/{id}/review',
  access: 'customer_owner',
  tags: ['Bookings'],
  summary: 'Rate the completed job: 1-5 stars and an optional comment, once',
  description:
    'Only the booking\'s customer, only once the job is completed and within 14 days of completion: 422 `booking_not_completed` or `review_window_closed` otherwise; a second review is 409 `review_exists`.',
  request: { params: idParams, body: jsonBody(createReviewRequestSchema) },
  responses: { 201: jsonContent(reviewViewSchema, 'The review as stored'), ...errorResponses(400, 401, 404, 409, 415, 422) },
});

/** The customer's side, mounted at /api/bookings. */
export const bookingReviewRoutes = apiRouter().openapi(createReviewRoute, async (c) => {
  const user = requireUser(c);
  const { id } = c.req.valid('param');
  const review = await createReview(c.var.deps.db, c.var.deps.now(), user.id, id, c.req.valid('json'));
  return c.json(review, 201);
});

const ADMIN_TAGS = ['Admin: workers'];

const workerReviewsRoute = defineRoute({
  method: 'get',
  path: '/workers/{id}/reviews',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: "A worker's reviews, hidden ones too, newest first, with their rating",
  description: 'The rating (average and count) counts visible reviews only.',
  request: { params: z.object({ id: textIdSchema() }) },
  responses: { 200: jsonContent(adminReviewListSchema, 'The reviews'), ...errorResponses(401, 403, 404) },
});

const hideReviewRoute = defineRoute({
  method: 'post',
  path: '/reviews/{id}/hide',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'Hide an abusive review, with a reason',
  description: "The review stays stored for staff but no longer counts in the worker's average. Hiding it again keeps the first reason.",
  request: { params: idParams, body: jsonBody(hideReviewRequestSchema) },
  responses: { 200: jsonContent(adminReviewSchema, 'The review, hidden'), ...errorResponses(400, 401, 403, 404, 415) },
});

/** The admin's side, mounted at /api/admin. */
export const adminReviewRoutes = apiRouter()
  .openapi(workerReviewsRoute, async (c) => c.json(await listWorkerReviews(c.var.deps.db, c.req.valid('param').id), 200))
  .openapi(hideReviewRoute, async (c) => {
    const admin = callerOf(c);
    const review = await hideReview(c.var.deps.db, c.var.deps.now(), admin.id, c.req.valid('param').id, c.req.valid('json').reason);
    return c.json(review, 200);
  });
