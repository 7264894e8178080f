/**
 * Job photos (issue #14; src/domain/job-photos.ts): the assigned worker attaches before and after
 * photos while the job is in progress (before: from its start; after: when completing it), up to
 * JOB_PHOTOS_PER_PHASE per phase, each one of their own uploads (POST /api/uploads, the same rules
 * as booking photos) used once. Checked under the booking's row lock, so concurrent additions never
 * pass the limit. The booking's customer, its worker and admins read them; anyone else gets 404.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { JOB_PHOTOS_PER_PHASE, type JobPhoto, type JobPhotoPhase } from '../../../domain/job-photos';
import type { Database } from '../../db/client';
import { bookings, jobPhotos, uploads } from '../../db/schema';
import { notFound, ruleBroken } from '../../lib/errors';
import { lockBooking, stateConflict } from '../bookings/booking-transitions';

/**
 * Adds one of the worker's uploads to their job as a `phase` photo.
 * @throws AppError 404 not their job, 409 transition_not_allowed unless in progress (details.status),
 *   422 photo_invalid (not their upload, or already used), 422 too_many_photos (the phase is full)
 */
export async function addJobPhoto(db: Database, bookingId: string, input: { uploadId: string; phase: JobPhotoPhase }, workerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockBooking(tx, bookingId);
    if (job.workerId !== workerId) throw notFound();
    if (job.status !== 'in_progress') throw stateConflict('transition_not_allowed', 'dispatchErrors.photosOnlyInProgress', job.status);
    const [upload] = await tx.select({ owner: uploads.ownerUserId }).from(uploads).where(eq(uploads.id, input.uploadId));
    const [used] = await tx.select({ id: jobPhotos.id }).from(jobPhotos).where(eq(jobPhotos.uploadId, input.uploadId));
    if (!upload || upload.owner !== workerId || used) throw ruleBroken('photo_invalid', 'validation.photoInvalid');
    const [{ n }] = (await tx.select({ n: count() }).from(jobPhotos).where(and(eq(jobPhotos.bookingId, bookingId), eq(jobPhotos.phase, input.phase)))) as [{ n: number }];
    if (Number(n) >= JOB_PHOTOS_PER_PHASE) throw ruleBroken('too_many_photos', 'dispatchErrors.tooManyPhotos', { params: { max: JOB_PHOTOS_PER_PHASE } });
    await tx.insert(jobPhotos).values({ bookingId, uploadId: input.uploadId, phase: input.phase, workerId });
  });
}

/**
 * A booking's job photos, oldest first, for its customer, its worker or an admin.
 * @throws AppError 404 for anyone else (and for a booking that does not exist)
 */
export async function listJobPhotos(db: Database, bookingId: string, caller: { userId: string; isAdmin: boolean }): Promise<JobPhoto[]> {
  const [booking] = await db.select({ customerId: bookings.customerId, workerId: bookings.workerId }).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || !(caller.isAdmin || booking.customerId === caller.userId || booking.workerId === caller.userId)) throw notFound();
  const rows = await db.select().from(jobPhotos).where(eq(jobPhotos.bookingId, bookingId)).orderBy(asc(jobPhotos.createdAt));
  return rows.map((r) => ({ id: r.id, phase: r.phase as JobPhotoPhase, url: `/api/uploads/${r.uploadId}`, createdAt: r.createdAt.toISOString() }));
}
