/**
 * When reminders are due (issue #14, "Reminders"; decision record 021). Pure: the caller gives
 * the instant `now` and the booking; every wall-clock time is Tampa time (America/New_York), so
 * the DST days (2026-03-08, 2026-11-01) keep 6 PM and 7 AM where people expect them.
 *
 * - `day_before`: the evening before the job's Tampa day, from 6 PM until midnight, for a job
 *   booked before that 6 PM (a later booking just got its "booking received" mail).
 * - `morning_of`: on the job's Tampa day from 7 AM until the start, for a job booked before 7 AM
 *   that day; a job booked on its own day after 7 AM gets no reminder (its confirmation came
 *   minutes ago, the assignment and on-the-way notices follow).
 * - the workers' list: from 6 PM until midnight, each worker's jobs on the next Tampa day.
 *
 * Only live bookings are reminded (pending, confirmed); a reminder missed in its window (server
 * down) is not sent late, since a "tomorrow" message after midnight would be wrong.
 */
import type { BookingStatus } from './booking-status';
import { businessDate, businessDay, businessTime } from './slots';

/** The customer reminders (stored in `reminder_sends.kind` as `reminder_<kind>`; the workers' list is `worker_next_day`). */
export type CustomerReminderKind = 'day_before' | 'morning_of';

/** 6 PM Tampa: the evening reminders (customers' day-before, workers' next-day list). Minutes after midnight. */
export const EVENING_REMINDER_MINUTE = 18 * 60;
/** 7 AM Tampa: the customers' morning-of reminder. Minutes after midnight. */
export const MORNING_REMINDER_MINUTE = 7 * 60;

/** Bookings that are still to happen and so are reminded. */
export const REMINDED_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed'];

export interface RemindableBooking {
  scheduledStart: Date;
  createdAt: Date;
  status: BookingStatus;
}

/** The Tampa date ('YYYY-MM-DD') before the given one. */
function previousDate(date: string): string {
  return businessDate(new Date(businessTime(date, 0).getTime() - 60_000));
}

/** The instant a reminder of this kind is due for a job starting at `scheduledStart`. */
export function reminderDueAt(kind: CustomerReminderKind, scheduledStart: Date): Date {
  const jobDate = businessDate(scheduledStart);
  return kind === 'day_before' ? businessTime(previousDate(jobDate), EVENING_REMINDER_MINUTE) : businessTime(jobDate, MORNING_REMINDER_MINUTE);
}

/**
 * The customer reminder due for a booking at `now`, or null.
 * @returns 'day_before' from 6 PM to midnight the evening before the job's Tampa day; 'morning_of'
 *   from 7 AM on the job's day until its start; null otherwise, for a booking made after that
 *   reminder's time, or for a booking that is not pending/confirmed
 */
export function customerReminderDue(booking: RemindableBooking, now: Date): CustomerReminderKind | null {
  if (!REMINDED_STATUSES.includes(booking.status) || now >= booking.scheduledStart) return null;
  const jobDay = businessDay(booking.scheduledStart);
  const evening = reminderDueAt('day_before', booking.scheduledStart);
  if (now >= evening && now < jobDay.start) return booking.createdAt < evening ? 'day_before' : null;
  const morning = reminderDueAt('morning_of', booking.scheduledStart);
  if (now >= morning) return booking.createdAt < morning ? 'morning_of' : null;
  return null;
}

/**
 * The Tampa date whose jobs the workers' evening list announces at `now`: tomorrow, from 6 PM to
 * midnight; null at other times.
 * @returns 'YYYY-MM-DD' and the instants bounding that day (end exclusive)
 */
export function workerListDue(now: Date): { date: string; start: Date; end: Date } | null {
  const today = businessDay(now);
  if (now < businessTime(today.date, EVENING_REMINDER_MINUTE)) return null;
  return businessDay(today.end);
}

/**
 * The `reminder_sends.subject` of a reminder: what it is about and the start it announced, so a
 * rescheduled job is reminded again, and nothing is reminded twice.
 */
export function customerReminderSubject(bookingId: string, scheduledStart: Date): string {
  return `${bookingId}@${scheduledStart.toISOString()}`;
}

/** The `reminder_sends.subject` of a worker's list for a Tampa date. */
export function workerListSubject(workerId: string, date: string): string {
  return `${workerId}@${date}`;
}
