/**
 * The worker's API contract (issues #4, #10), under /api/worker: a job as its worker sees it, the
 * worker's profile, the "on my way" request and the settings they change. Shared by the routes
 * (src/server/modules/workers) and the worker's screens (src/web/features/worker). Availability
 * and time off: worker-availability.ts. Money in cents, instants ISO-8601 UTC, messages i18n keys.
 */
import { z } from 'zod';
import { etaMinutesSchema } from './arrival';
import { bookingViewSchema } from './booking-request';
import { WORKER_DECLINE_REASONS } from './booking-events';
import { usPhoneSchema } from './phone';
import { SERVICE_SLUGS } from './services';
import { timeOffSchema, weeklyRangeSchema } from './worker-availability';

/**
 * When the worker's timed moves open (src/domain/job-timing.ts, with the admin's job rules):
 * "On my way" and "Start job" from `departureOpensAt` until `departureClosesAt` (the end of the
 * job's Tampa day); "Complete" from `completeOpensAt` (null until the job has started). ISO UTC.
 */
export const jobMoveWindowSchema = z.object({
  departureOpensAt: z.iso.datetime({ offset: true }),
  departureClosesAt: z.iso.datetime({ offset: true }),
  completeOpensAt: z.iso.datetime({ offset: true }).nullable(),
});
export type JobMoveWindow = z.infer<typeof jobMoveWindowSchema>;

/** A job as its worker sees it: the booking, who to meet and call, the customer's photo, and when each move opens. */
export const workerJobSchema = bookingViewSchema
  .extend({
    customer: z.object({ name: z.string(), phone: z.string() }),
    photoUrl: z.string().nullable(),
    moveWindow: jobMoveWindowSchema,
  })
  .meta({ id: 'WorkerJob' });
export type WorkerJob = z.infer<typeof workerJobSchema>;

export const workerJobListSchema = z.object({ jobs: z.array(workerJobSchema) }).meta({ id: 'WorkerJobList' });
export type WorkerJobList = z.infer<typeof workerJobListSchema>;

/** `POST /api/worker/jobs/{id}/on-my-way`: minutes until arrival (5-240). */
export const onMyWayRequestSchema = z.object({ etaMinutes: etaMinutesSchema });
export type OnMyWayRequest = z.input<typeof onMyWayRequestSchema>;

/** The worker's own profile, `GET /api/worker/profile` (and the answer to each change of it). */
export const workerProfileSchema = z
  .object({
    /** E.164, or null. */
    phone: z.string().nullable(),
    active: z.boolean(),
    skills: z.array(z.enum(SERVICE_SLUGS)),
    /** Empty: the whole service area. */
    serviceZips: z.array(z.string()),
    notifyEmail: z.boolean(),
    notifySms: z.boolean(),
    /** By weekday, then start. */
    weekly: z.array(weeklyRangeSchema),
    /** By first day. */
    timeOff: z.array(timeOffSchema),
  })
  .meta({ id: 'WorkerProfile' });
export type WorkerProfile = z.infer<typeof workerProfileSchema>;

const ZIP = /^\d{5}$/;

/** The i18n key of each refusal of a settings change. */
export interface WorkerSettingsMessages {
  skillsRequired: string;
  zipInvalid: string;
}

/** The API's words. */
export const API_WORKER_SETTINGS_MESSAGES: WorkerSettingsMessages = { skillsRequired: 'dispatchErrors.skillsRequired', zipInvalid: 'validation.zipInvalid' };

/**
 * The settings a worker changes, each optional: a US phone (E.164 out; null clears it), at least
 * one service, up to 200 five-digit ZIP codes served (empty: the whole area), email and SMS notices.
 */
export function workerSettingsSchema(messages: WorkerSettingsMessages = API_WORKER_SETTINGS_MESSAGES) {
  return z.object({
    phone: usPhoneSchema.nullable().optional(),
    skills: z.array(z.enum(SERVICE_SLUGS, { error: 'validation.invalid' }), { error: 'validation.invalid' }).min(1, { error: messages.skillsRequired }).optional(),
    serviceZips: z
      .array(z.string({ error: messages.zipInvalid }), { error: 'validation.invalid' })
      .max(200, { error: 'validation.invalid' })
      .refine((zips) => zips.every((zip) => ZIP.test(zip)), { error: messages.zipInvalid })
      .optional(),
    notifyEmail: z.boolean({ error: 'validation.invalid' }).optional(),
    notifySms: z.boolean({ error: 'validation.invalid' }).optional(),
  });
}

/** `PATCH /api/worker/settings`. */
export const workerSettingsRequestSchema = workerSettingsSchema().meta({ id: 'WorkerSettingsRequest' });
export type WorkerSettingsRequest = z.input<typeof workerSettingsRequestSchema>;

/**
 * `POST /api/worker/jobs/{id}/decline`: why the assigned worker gives the job back to dispatch,
 * a reason (WORKER_DECLINE_REASONS) and a few words (trimmed, up to 300 characters; required for
 * `other`). Messages are i18n keys.
 */
export const declineJobRequestSchema = z
  .object({
    reason: z.enum(WORKER_DECLINE_REASONS, { error: 'dispatchErrors.declineReasonRequired' }),
    note: z.string({ error: 'dispatchErrors.declineReasonRequired' }).trim().max(300, { error: 'dispatchErrors.declineReasonRequired' }).optional(),
  })
  .refine((body) => body.reason !== 'other' || (body.note?.length ?? 0) > 0, { error: 'dispatchErrors.declineReasonRequired', path: ['note'] })
  .meta({ id: 'DeclineJobRequest' });
export type DeclineJobRequest = z.input<typeof declineJobRequestSchema>;
