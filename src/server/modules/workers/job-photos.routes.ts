/**
 * `GET /api/bookings/{id}/photos` (issue #14): a job's before and after photos, for the booking's
 * customer, its assigned worker and admins (404 for anyone else). The worker adds them with
 * `POST /api/worker/jobs/{id}/photos` (workers.routes.ts).
 */
import { jobPhotoListSchema } from '../../../domain/job-photos';
import { roleOf } from '../../auth/roles';
import { requireUser } from '../../auth/session';
import { apiRouter, defineRoute, errorResponses, idParams, jsonContent } from '../../lib/openapi';
import { listJobPhotos } from './job-photos.service';

const photosRoute = defineRoute({
  method: 'get',
  path: '/{id}/photos',
  access: 'signed_in',
  tags: ['Bookings'],
  summary: "The job's before and after photos, oldest first",
  description: "The booking's customer, its assigned worker and admins; 404 for anyone else.",
  request: { params: idParams },
  responses: { 200: jsonContent(jobPhotoListSchema, 'The photos'), ...errorResponses(401, 404) },
});

export const jobPhotoRoutes = apiRouter().openapi(photosRoute, async (c) => {
  const me = requireUser(c);
  const isAdmin = (await roleOf(c.var.deps.db, me.id)) === 'admin';
  return c.json({ photos: await listJobPhotos(c.var.deps.db, c.req.valid('param').id, { userId: me.id, isAdmin }) }, 200);
});
