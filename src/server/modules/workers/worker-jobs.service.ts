/**
 * The worker's day (issue #4): their jobs, and the moves they make in order — accept, on my way
 * (with an ETA), start, complete (which captures the final amount). Every move checks that the
 * job is theirs (404 otherwise) and that the booking state machine allows it (409 with the
 * current state otherwise, also while a money operation is in flight on it).
 */
import { and, asc, eq, gte, inArray, or, type SQL } from 'drizzle-orm';
import { businessDay } from '../../../domain/slots';
import type { WorkerJob } from '../../../domain/worker-contract';
import type { Database } from '../../db/client';
import { bookings, user } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { loadBookingViews, type ViewContext } from '../bookings/booking-view';
import { lockBooking, lockBookingForChange, moveBooking, noteBookingEvent, readBooking, stateConflict, type BookingRow } from '../bookings/booking-transitions';
import type { Actor } from '../../lib/request-context';

/** Worker jobs matching `where` (on bookings, joined with the customer), by start. */
async function loadWorkerJobs(db: Database, where: SQL | undefined, viewContext: ViewContext): Promise<WorkerJob[]> {
  const rows = await db
    .select({ id: bookings.id, name: user.name, phone: bookings.contactPhone, photo: bookings.photoUploadId, start: bookings.scheduledStart })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.customerId))
    .where(where)
    .orderBy(asc(bookings.scheduledStart));
  if (rows.length === 0) return [];
  const views = await loadBookingViews(db, inArray(bookings.id, rows.map((r) => r.id)), viewContext);
  return rows.map((r) => ({ ...views.find((v) => v.id === r.id)!, customer: { name: r.name, phone: r.phone }, photoUrl: r.photo ? `/api/uploads/${r.photo}` : null }));
}

/** Their active jobs from today on and today's finished ones, by start. */
export function listWorkerJobs(db: Database, workerId: string, now: Date, viewContext: ViewContext): Promise<WorkerJob[]> {
  const dayStart = businessDay(now).start;
  return loadWorkerJobs(db, and(eq(bookings.workerId, workerId), or(inArray(bookings.status, ['confirmed', 'en_route', 'in_progress']), and(eq(bookings.status, 'completed'), gte(bookings.scheduledStart, dayStart)))), viewContext);
}

/**
 * One of the worker's jobs as it is now, whatever its day or status (the answer to each of their
 * moves). @throws AppError 404 when it is not theirs
 */
export async function getWorkerJob(db: Database, workerId: string, bookingId: string, viewContext: ViewContext): Promise<WorkerJob> {
  const [job] = await loadWorkerJobs(db, and(eq(bookings.id, bookingId), eq(bookings.workerId, workerId)), viewContext);
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

/** On my way: en_route with an ETA `etaMinutes` from now. */
export async function headOut(db: Database, bookingId: string, etaMinutes: number, now: Date, actor: Actor & { userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockBookingForChange(tx, bookingId);
    if (job.workerId !== actor.userId) throw notFound();
    const etaAt = new Date(now.getTime() + etaMinutes * 60_000);
    const moved = await moveBooking(tx, job, 'en_route', actor, { type: 'en_route', data: { etaAt: etaAt.toISOString() } }, { etaAt, enRouteAt: now, acceptedAt: job.acceptedAt ?? now });
    if (!moved) throw refused(job.status);
  });
}

export async function startJob(db: Database, bookingId: string, now: Date, actor: Actor & { userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockBookingForChange(tx, bookingId);
    if (job.workerId !== actor.userId) throw notFound();
    const moved = await moveBooking(tx, job, 'in_progress', actor, { type: 'started' }, { startedAt: now, acceptedAt: job.acceptedAt ?? now });
    if (!moved) throw refused(job.status);
  });
}
