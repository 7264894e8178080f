/**
 * Dispatch (issue #4): the admin's board views and search, the 5-10 minute contact promise
 * (first contact time), assigning a skilled free worker with an ETA, and changing the ETA.
 * Assignment runs under the capacity locks of the job's date and service (workers/capacity-lock.ts)
 * and is refused (409) for a worker who lacks the skill, is off shift, or has another job within
 * the travel buffer.
 */
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { eventFacts, type BookingEvent } from '../../../domain/booking-events';
import { assignableWorkers, type CapacityRules } from '../../../domain/capacity';
import type { AssignableWorker, DispatchBooking, DispatchView } from '../../../domain/dispatch-contract';
import type { ServiceSlug } from '../../../domain/services';
import { businessDay } from '../../../domain/slots';
import type { Database } from '../../db/client';
import { bookingEvents, bookings, user } from '../../db/schema';
import { conflict, ruleBroken } from '../../lib/errors';
import { loadBookingViews, type ViewContext } from '../bookings/booking-view';
import { lockBooking, lockBookingForChange, moveBooking, noteBookingEvent, stateConflict } from '../bookings/booking-transitions';
import type { Actor } from '../../lib/request-context';
import { loadCapacity } from '../workers/capacity.repository';
import { lockCapacityFor } from '../workers/capacity-lock';

function viewFilter(view: DispatchView, now: Date): SQL | undefined {
  const { start: dayStart, end: tomorrow } = businessDay(now);
  switch (view) {
    case 'today':
      return and(gte(bookings.scheduledStart, dayStart), lt(bookings.scheduledStart, tomorrow), inArray(bookings.status, ['pending', 'confirmed', 'en_route', 'in_progress', 'completed']));
    case 'upcoming':
      return and(gte(bookings.scheduledStart, tomorrow), inArray(bookings.status, ['pending', 'confirmed']));
    case 'unassigned':
      return and(eq(bookings.status, 'pending'), isNull(bookings.workerId));
    case 'in_progress':
      return inArray(bookings.status, ['en_route', 'in_progress']);
    case 'completed':
      return eq(bookings.status, 'completed');
    case 'cancelled':
      return inArray(bookings.status, ['cancelled', 'no_show', 'payment_failed']);
  }
}

/** The board: a view, optionally searched by customer name, email, phone or booking reference. Up to 200 rows. */
export async function listDispatch(db: Database, input: { view: DispatchView; q?: string; now: Date; viewContext: ViewContext }): Promise<DispatchBooking[]> {
  const search = input.q?.trim();
  const like = search ? `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : null;
  const digits = search?.replace(/\D/g, '');
  const ids = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.customerId))
    .where(
      and(
        viewFilter(input.view, input.now),
        like ? or(ilike(user.name, like), ilike(user.email, like), ilike(bookings.reference, like), digits && digits.length >= 3 ? ilike(bookings.contactPhone, `%${digits}%`) : undefined) : undefined,
      ),
    )
    .orderBy(input.view === 'completed' || input.view === 'cancelled' ? desc(bookings.scheduledStart) : asc(bookings.scheduledStart))
    .limit(200);
  return withCustomers(db, ids.map((r) => r.id), input.now, input.viewContext);
}

/** Booking views with their customer and the minutes since each was placed, in the order of `ids`. */
export async function withCustomers(db: Database, ids: string[], now: Date, viewContext: ViewContext): Promise<DispatchBooking[]> {
  if (ids.length === 0) return [];
  const [views, customers] = await Promise.all([
    loadBookingViews(db, inArray(bookings.id, ids), viewContext),
    db.select({ bookingId: bookings.id, id: user.id, name: user.name, email: user.email, phone: bookings.contactPhone }).from(bookings).innerJoin(user, eq(user.id, bookings.customerId)).where(inArray(bookings.id, ids)),
  ]);
  const byId = new Map(views.map((v) => [v.id, v]));
  return ids.map((id) => {
    const view = byId.get(id)!;
    const { bookingId: _unused, ...customer } = customers.find((c) => c.bookingId === id)!;
    return { ...view, customer, minutesSincePlaced: Math.max(0, Math.floor((now.getTime() - new Date(view.createdAt).getTime()) / 60_000)) };
  });
}

/**
 * The booking's event timeline, oldest first, with the name of the worker an event names (read
 * now, so a renamed account shows its current name).
 */
export async function bookingTimeline(db: Database, bookingId: string): Promise<BookingEvent[]> {
  const rows = await db
    .select({
      type: bookingEvents.type,
      fromStatus: bookingEvents.fromStatus,
      toStatus: bookingEvents.toStatus,
      actorRole: bookingEvents.actorRole,
      amountCents: bookingEvents.amountCents,
      note: bookingEvents.note,
      data: bookingEvents.data,
      createdAt: bookingEvents.createdAt,
    })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.createdAt));
  const workerIdOf = (row: (typeof rows)[number]) => {
    const facts = eventFacts(row);
    return facts && (facts.type === 'assigned' || facts.type === 'unassigned' || facts.type === 'worker_declined') ? facts.data.workerId : null;
  };
  const workerIds = [...new Set(rows.map(workerIdOf).filter((id): id is string => id !== null))];
  const names = workerIds.length ? await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, workerIds)) : [];
  return rows.map((row) => {
    const workerId = workerIdOf(row);
    return { ...row, workerName: names.find((n) => n.id === workerId)?.name ?? null, createdAt: row.createdAt.toISOString() };
  });
}

/** Workers an admin may assign to this booking now, with their names. */
export async function assignableFor(db: Database, booking: typeof bookings.$inferSelect, rules: CapacityRules): Promise<AssignableWorker[]> {
  const { workers, jobs } = await loadCapacity(db, booking.scheduledStart);
  const job = { id: booking.id, service: booking.serviceSlug as ServiceSlug, start: booking.scheduledStart, end: booking.scheduledEnd, workerId: booking.workerId };
  const ids = assignableWorkers({ job, workers, jobs, rules });
  if (ids.length === 0) return [];
  const names = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids));
  return names.sort((a, b) => a.name.localeCompare(b.name));
}

/** Records the first contact with the customer (later calls keep the first time). */
export async function markContacted(db: Database, bookingId: string, now: Date, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (booking.contactedAt) return;
    await tx.update(bookings).set({ contactedAt: now }).where(eq(bookings.id, bookingId));
    await noteBookingEvent(tx, bookingId, actor, { type: 'contacted', data: { minutesAfterBooking: Math.round((now.getTime() - booking.createdAt.getTime()) / 60_000) } });
  });
}

/**
 * Assigns a worker (and optionally an ETA); a pending booking becomes confirmed.
 * @throws AppError 409 worker_unavailable | not_assignable | booking_busy (details.status)
 */
export async function assignWorker(db: Database, bookingId: string, input: { workerId: string; etaAt?: Date }, now: Date, rules: CapacityRules, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    // The booking's row, then the capacity of its date and service: the order of every path (reschedule.service.ts).
    const current = await lockBookingForChange(tx, bookingId);
    const { workers: everyone, jobs } = await lockCapacityFor(tx, { start: current.scheduledStart, service: current.serviceSlug as ServiceSlug });
    if (current.status !== 'pending' && current.status !== 'confirmed') throw stateConflict('not_assignable', 'dispatchErrors.notAssignable', current.status);
    const workers = everyone.filter((w) => w.workerId === input.workerId);
    const job = { id: current.id, service: current.serviceSlug as ServiceSlug, start: current.scheduledStart, end: current.scheduledEnd, workerId: input.workerId };
    if (!assignableWorkers({ job, workers, jobs, rules }).includes(input.workerId)) throw conflict('worker_unavailable', 'dispatchErrors.workerUnavailable');
    const changes = { workerId: input.workerId, assignedAt: now, etaAt: input.etaAt ?? null, acceptedAt: null };
    const event = { type: 'assigned', data: { workerId: input.workerId, etaAt: input.etaAt?.toISOString() ?? null } } as const;
    if (current.status === 'pending') {
      await moveBooking(tx, current, 'confirmed', actor, event, changes);
    } else {
      await tx.update(bookings).set({ ...changes }).where(eq(bookings.id, bookingId));
      await noteBookingEvent(tx, bookingId, actor, event);
    }
  });
}

/** Sets or changes the ETA. @throws AppError 422 not_assignable when the job is finished or has no worker */
export async function setEta(db: Database, bookingId: string, etaAt: Date, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockBooking(tx, bookingId);
    if (!current.workerId || !['confirmed', 'en_route'].includes(current.status)) throw ruleBroken('not_assignable', 'dispatchErrors.notAssignable');
    await tx.update(bookings).set({ etaAt }).where(eq(bookings.id, bookingId));
    await noteBookingEvent(tx, bookingId, actor, { type: 'eta_changed', data: { etaAt: etaAt.toISOString() } });
  });
}
