/**
 * The worker's day (issue #4): their jobs, and the moves they make in order — accept, on my way
 * (with an ETA), start, complete (which captures the final amount). Every move checks that the
 * job is theirs (404 otherwise) and that the booking state machine allows it (409 with the
 * current state otherwise, also while a money operation is in flight on it).
 *
 * Issue #14: on my way and start are allowed only within the job's time window, checked under
 * the booking's row lock (src/domain/job-timing.ts; 422 `outside_job_window` with when it opens),
 * and anything unusual about a move's timing is noted on the timeline (`unusual_timing`). Each
 * job carries its `moveWindow` so the worker's screen shows when a move opens. A worker may
 * decline an assigned job before heading out (`declineJob`): it goes back to dispatch.
 */
import { and, asc, eq, gte, inArray, or, type SQL } from 'drizzle-orm';
import { completionOpensAt, departureWindow, unusualTiming, workerMoveTiming, type TimedMove, type TimingRules } from '../../../domain/job-timing';
import { businessDay } from '../../../domain/slots';
import type { WorkerDeclineReason } from '../../../domain/booking-events';
import type { WorkerJob } from '../../../domain/worker-contract';
import type { Database } from '../../db/client';
import { bookings, user } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { loadBookingViews, type ViewContext } from '../bookings/booking-view';
import { lockBooking, lockBookingForChange, moveBooking, noteBookingEvent, outsideJobWindow, readBooking, stateConflict, type BookingRow } from '../bookings/booking-transitions';
import type { Actor } from '../../lib/request-context';
import type { Transaction } from '../../db/client';

/** When each of the worker's timed moves opens for a job (src/domain/job-timing.ts). */
function moveWindowOf(scheduledStart: Date, startedAt: Date | null, rules: TimingRules): WorkerJob['moveWindow'] {
  const { opensAt, closesAt } = departureWindow(scheduledStart, rules);
  return { departureOpensAt: opensAt.toISOString(), departureClosesAt: closesAt.toISOString(), completeOpensAt: startedAt ? completionOpensAt(startedAt, rules).toISOString() : null };
}

/** Worker jobs matching `where` (on bookings, joined with the customer), by start. */
async function loadWorkerJobs(db: Database, where: SQL | undefined, viewContext: ViewContext, rules: TimingRules): Promise<WorkerJob[]> {
  const rows = await db
    .select({ id: bookings.id, name: user.name, phone: bookings.contactPhone, photo: bookings.photoUploadId, start: bookings.scheduledStart, startedAt: bookings.startedAt })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.customerId))
    .where(where)
    .orderBy(asc(bookings.scheduledStart));
  if (rows.length === 0) return [];
  const views = await loadBookingViews(db, inArray(bookings.id, rows.map((r) => r.id)), viewContext);
  return rows.map((r) => {
    const view = views.find((v) => v.id === r.id)!;
    // A review an admin hid (abusive) is not shown to the worker it was about.
    return {
      ...view,
      review: view.review?.hidden ? null : view.review,
      customer: { name: r.name, phone: r.phone },
    photoUrl: r.photo ? `/api/uploads/${r.photo}` : null,
      moveWindow: moveWindowOf(r.start, r.startedAt, rules),
    };
  });
}

/** Their active jobs from today on and today's finished ones, by start. */
export function listWorkerJobs(db: Database, workerId: string, now: Date, viewContext: ViewContext, rules: TimingRules): Promise<WorkerJob[]> {
  const dayStart = businessDay(now).start;
  return loadWorkerJobs(db, and(eq(bookings.workerId, workerId), or(inArray(bookings.status, ['confirmed', 'en_route', 'in_progress']), and(eq(bookings.status, 'completed'), gte(bookings.scheduledStart, dayStart)))), viewContext, rules);
}

/**
 * One of the worker's jobs as it is now, whatever its day or status (the answer to each of their
 * moves). @throws AppError 404 when it is not theirs
 */
export async function getWorkerJob(db: Database, workerId: string, bookingId: string, viewContext: ViewContext, rules: TimingRules): Promise<WorkerJob> {
  const [job] = await loadWorkerJobs(db, and(eq(bookings.id, bookingId), eq(bookings.workerId, workerId)), viewContext, rules);
  if (!job) throw notFound();
  return job;
}

/** The worker's own job. @throws AppError 404 for anyone else's */
export async function ownJob(db: Database, workerId: string, bookingId: string): Promise<BookingRow> {
  const booking = await readBooking(db, bookingId).catch(() => null);
  if (!booking || booking.workerId !== workerId) throw notFound();
  return booking;
}

/** 409 with the job's current state: the move is no longer allowed (another actor moved it first). */
const refused = (status: string) => stateConflict('transition_not_allowed', 'dispatchErrors.transitionNotAllowed', status);

export async function acceptJob(db: Database, bookingId: string, now: Date, actor: Actor & { userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockBooking(tx, bookingId);
    if (job.workerId !== actor.userId) throw notFound();
    if (job.status !== 'confirmed') throw refused(job.status);
    if (job.acceptedAt) return;
    await tx.update(bookings).set({ acceptedAt: now }).where(eq(bookings.id, bookingId));
    await noteBookingEvent(tx, bookingId, actor, { type: 'accepted' });
  });
}

/**
 * Checks, under the booking's lock, that the worker may make `move` now (an admin always may).
 * @throws AppError 422 outside_job_window | job_not_started
 */
export function checkMoveTiming(job: BookingRow, move: TimedMove, now: Date, rules: TimingRules, actor: Actor): void {
  const verdict = workerMoveTiming(move, { scheduledStart: job.scheduledStart, startedAt: job.startedAt, now }, rules);
  if (!verdict.allowed && actor.role !== 'admin') throw outsideJobWindow(move, verdict);
}

/** Writes the `unusual_timing` event of a move (after the move's own event) when something about its timing is unusual (a late start). */
export async function noteUnusualTiming(tx: Transaction, job: BookingRow, move: TimedMove, now: Date, rules: TimingRules, actor: Actor): Promise<void> {
  const flags = unusualTiming(move, { scheduledStart: job.scheduledStart, startedAt: job.startedAt, now }, rules, actor.role === 'admin');
  if (flags.length === 0) return;
  await noteBookingEvent(tx, job.id, actor, { type: 'unusual_timing', data: { move, flags, scheduledStart: job.scheduledStart.toISOString(), startedAt: job.startedAt?.toISOString() ?? null } });
}

/**
 * On my way: en_route with an ETA `etaMinutes` from now (so never before now), on the job's
 * Tampa day from `rules.startWindowMinutes` before its start.
 * @throws AppError 404 not theirs, 409 transition_not_allowed | booking_busy, 422 outside_job_window
 */
export async function headOut(db: Database, bookingId: string, etaMinutes: number, now: Date, rules: TimingRules, actor: Actor & { userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockBookingForChange(tx, bookingId);
    if (job.workerId !== actor.userId) throw notFound();
    if (job.status !== 'confirmed') throw refused(job.status);
    checkMoveTiming(job, 'en_route', now, rules, actor);
    const etaAt = new Date(now.getTime() + etaMinutes * 60_000);
    const moved = await moveBooking(tx, job, 'en_route', actor, { type: 'en_route', data: { etaAt: etaAt.toISOString() } }, { etaAt, enRouteAt: now, acceptedAt: job.acceptedAt ?? now });
    if (!moved) throw refused(job.status);
    await noteUnusualTiming(tx, job, 'en_route', now, rules, actor);
  });
}

/**
 * Start job: in_progress, on the job's Tampa day from `rules.startWindowMinutes` before its start.
 * @throws AppError 404 not theirs, 409 transition_not_allowed | booking_busy, 422 outside_job_window
 */
export async function startJob(db: Database, bookingId: string, now: Date, rules: TimingRules, actor: Actor & { userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockBookingForChange(tx, bookingId);
    if (job.workerId !== actor.userId) throw notFound();
    if (job.status !== 'confirmed' && job.status !== 'en_route') throw refused(job.status);
    checkMoveTiming(job, 'start', now, rules, actor);
    const moved = await moveBooking(tx, job, 'in_progress', actor, { type: 'started' }, { startedAt: now, acceptedAt: job.acceptedAt ?? now });
    if (!moved) throw refused(job.status);
    await noteUnusualTiming(tx, job, 'start', now, rules, actor);
  });
}

/**
 * The assigned worker declines the job before heading out: it goes back to dispatch (pending,
 * no worker, no ETA), and a `worker_declined` event records who and why; its NOTIFY alerts the
 * dispatch board (src/server/realtime/booking-event-hub.ts).
 * @throws AppError 404 not theirs (also once an admin gave it to someone else), 409
 *   transition_not_allowed once on the way or later | booking_busy
 */
export async function declineJob(db: Database, bookingId: string, input: { reason: WorkerDeclineReason; note?: string }, actor: Actor & { userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockBookingForChange(tx, bookingId);
    if (job.workerId !== actor.userId) throw notFound();
    if (job.status !== 'confirmed') throw refused(job.status);
    const event = { type: 'worker_declined', data: { workerId: actor.userId, reason: input.reason }, note: input.note || null } as const;
    const moved = await moveBooking(tx, job, 'pending', actor, event, { workerId: null, assignedAt: null, acceptedAt: null, etaAt: null });
    if (!moved) throw refused(job.status);
  });
}
