/**
 * The admin's dispatch API contract (issues #4, #10), under /api/admin: the board's views and
 * search, a booking as dispatch sees it (the customer's view plus who the customer is and how long
 * ago they booked), its detail with the timeline and the workers who may take it, the requests that
 * assign, set the ETA and reschedule, and the workers list with its active switch. Shared by the
 * routes (src/server/modules/dispatch) and the dispatch screens (src/web/features/dispatch).
 * Money in cents, instants ISO-8601 UTC, messages i18n keys.
 */
import { z } from 'zod';
import { etaAtSchema } from './arrival';
import { bookingEventSchema } from './booking-events';
import { bookingViewSchema } from './booking-request';
import { textIdSchema } from './ids';
import { SERVICE_SLUGS } from './services';
import { searchTextSchema } from './text';
import { timeOffSchema, weeklyRangeSchema } from './worker-availability';

/** The board's views, in the order of its tabs. */
export const DISPATCH_VIEWS = ['today', 'upcoming', 'unassigned', 'in_progress', 'completed', 'cancelled'] as const;
export type DispatchView = (typeof DISPATCH_VIEWS)[number];

export const dispatchViewSchema = z.enum(DISPATCH_VIEWS, { error: 'validation.invalid' });

export function isDispatchView(value: string | null | undefined): value is DispatchView {
  return dispatchViewSchema.safeParse(value).success;
}

/** `GET /api/admin/bookings?view=&q=`: a view (today by default) searched by name, email, phone or reference. */
export const dispatchListQuerySchema = z.object({ view: dispatchViewSchema.default('today'), q: searchTextSchema.optional() });

/** `POST /api/admin/bookings/{id}/assign`: one of the assignable workers, and the expected arrival if known. */
export const assignWorkerRequestSchema = z.object({ workerId: textIdSchema('dispatchErrors.workerRequired'), etaAt: etaAtSchema.optional() });
export type AssignWorkerRequest = z.input<typeof assignWorkerRequestSchema>;

/** `POST /api/admin/bookings/{id}/eta`: the expected arrival. */
export const setEtaRequestSchema = z.object({ etaAt: etaAtSchema });
export type SetEtaRequest = z.input<typeof setEtaRequestSchema>;

/** `POST /api/admin/bookings/{id}/reschedule`: the new start, any offered one (staff are not bound by the 24 hour rule). */
export const staffRescheduleRequestSchema = z.object({ startAt: z.iso.datetime({ offset: true, error: 'validation.startInvalid' }) });
export type StaffRescheduleRequest = z.input<typeof staffRescheduleRequestSchema>;

/** A booking as dispatch sees it. */
export const dispatchBookingSchema = bookingViewSchema
  .extend({
    /** Who booked, and the phone they gave for the call-back (E.164). */
    customer: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
    /** Whole minutes since the booking was placed (the 5-10 minute contact promise). */
    minutesSincePlaced: z.number().int(),
  })
  .meta({ id: 'DispatchBooking' });
export type DispatchBooking = z.infer<typeof dispatchBookingSchema>;

export const dispatchBookingListSchema = z.object({ bookings: z.array(dispatchBookingSchema) }).meta({ id: 'DispatchBookingList' });
export type DispatchBookingList = z.infer<typeof dispatchBookingListSchema>;

/** A worker who may take the job now: skilled, on shift, free for the whole job. */
export const assignableWorkerSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'AssignableWorker' });
export type AssignableWorker = z.infer<typeof assignableWorkerSchema>;

/** `GET /api/admin/bookings/{id}`. */
export const dispatchBookingDetailSchema = z
  .object({
    booking: dispatchBookingSchema,
    /** Oldest first. */
    events: z.array(bookingEventSchema),
    /** Empty unless the booking is pending or confirmed. */
    assignableWorkers: z.array(assignableWorkerSchema),
    /** The customer's photo (furniture), when there is one. */
    photoUrl: z.string().nullable(),
  })
  .meta({ id: 'DispatchBookingDetail' });
export type DispatchBookingDetail = z.infer<typeof dispatchBookingDetailSchema>;

/** A worker in the admin's workers list. */
export const adminWorkerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    /** Inactive workers get no new assignments. */
    active: z.boolean(),
    skills: z.array(z.enum(SERVICE_SLUGS)),
    /** Both empty for an inactive worker (they offer no capacity). */
    weekly: z.array(weeklyRangeSchema),
    /** By first day. */
    timeOff: z.array(timeOffSchema),
    /** Jobs starting today (Tampa), any status. */
    todayJobs: z.number().int(),
    completedJobs: z.number().int(),
    /** No ratings are collected yet: always null (shown as "—"). */
    rating: z.number().nullable(),
  })
  .meta({ id: 'AdminWorker' });
export type AdminWorker = z.infer<typeof adminWorkerSchema>;

export const adminWorkerListSchema = z.object({ workers: z.array(adminWorkerSchema) }).meta({ id: 'AdminWorkerList' });
export type AdminWorkerList = z.infer<typeof adminWorkerListSchema>;

/** `PATCH /api/admin/workers/{id}`: switch a worker on or off for new assignments. */
export const workerActiveRequestSchema = z.object({ active: z.boolean({ error: 'validation.invalid' }) });
export type WorkerActiveRequest = z.input<typeof workerActiveRequestSchema>;

export const workerActiveSchema = z.object({ id: z.string(), active: z.boolean() }).meta({ id: 'WorkerActive' });
export type WorkerActive = z.infer<typeof workerActiveSchema>;
