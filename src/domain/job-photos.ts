/**
 * Job photos (issue #14): the assigned worker attaches "before" photos once the job has started
 * and "after" photos when completing it — up to JOB_PHOTOS_PER_PHASE per phase, each an upload of
 * the worker's own (POST /api/uploads, the same rules as booking photos). The booking's customer,
 * its worker and admins see them (`GET /api/bookings/{id}/photos`); nobody else.
 */
import { z } from 'zod';

export const JOB_PHOTO_PHASES = ['before', 'after'] as const;
export type JobPhotoPhase = (typeof JOB_PHOTO_PHASES)[number];

/** At most this many photos per phase of a job. */
export const JOB_PHOTOS_PER_PHASE = 4;

/** `POST /api/worker/jobs/{id}/photos`: one of the worker's uploads, as a before or after photo. */
export const addJobPhotoRequestSchema = z
  .object({
    uploadId: z.uuid({ error: 'validation.invalid' }),
    phase: z.enum(JOB_PHOTO_PHASES, { error: 'validation.invalid' }),
  })
  .meta({ id: 'AddJobPhotoRequest' });
export type AddJobPhotoRequest = z.input<typeof addJobPhotoRequestSchema>;

export const jobPhotoSchema = z
  .object({
    id: z.string(),
    phase: z.enum(JOB_PHOTO_PHASES),
    /** `/api/uploads/{id}`: readable by the booking's customer, its worker and admins. */
    url: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'JobPhoto' });
export type JobPhoto = z.infer<typeof jobPhotoSchema>;

/** The job's photos, oldest first. */
export const jobPhotoListSchema = z.object({ photos: z.array(jobPhotoSchema) }).meta({ id: 'JobPhotoList' });
export type JobPhotoList = z.infer<typeof jobPhotoListSchema>;
