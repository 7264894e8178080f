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
    /** The average stars of the worker's visible reviews (one decimal), null when none (shown as "—"). */
    rating: z.number().nullable(),
    /** How many visible reviews the average counts (issue #14). */
    ratingCount: z.number().int(),
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

/**
 * `GET /api/admin/calendar?date=YYYY-MM-DD` (issue #14, the admin's day view): one Tampa date
 * (today when omitted). A date that is not a real calendar date is 400 `dispatchErrors.dateInvalid`.
 */
export const dayCalendarQuerySchema = z.object({
  date: z.iso
    .date({ error: 'dispatchErrors.dateInvalid' })
    // years 2000-2999 only: a far date such as 9999-12-31 has no next day that fits 'YYYY-MM-DD'
    .refine((date) => date >= '2000-01-01' && date <= '2999-12-31', { error: 'dispatchErrors.dateInvalid' })
    .optional(),
});
export type DayCalendarQuery = z.input<typeof dayCalendarQuerySchema>;

/** A row of the day view: an active worker (role worker, active profile), by name. */
export const calendarWorkerSchema = z.object({ id: z.string(), name: z.string(), skills: z.array(z.enum(SERVICE_SLUGS)) }).meta({ id: 'CalendarWorker' });
export type CalendarWorker = z.infer<typeof calendarWorkerSchema>;

/**
 * The day view: its date, the instants it runs from and to (Tampa midnight to midnight, end
 * exclusive), the active workers, and the day's jobs that are not cancelled (pending, confirmed,
 * on the way, in progress, completed), by start. A job with `worker: null` belongs in the tray.
 */
export const dayCalendarSchema = z
  .object({
    date: z.iso.date(),
    dayStart: z.iso.datetime({ offset: true }),
    dayEnd: z.iso.datetime({ offset: true }),
    workers: z.array(calendarWorkerSchema),
    jobs: z.array(dispatchBookingSchema),
  })
  .meta({ id: 'DayCalendar' });
export type DayCalendar = z.infer<typeof dayCalendarSchema>;
