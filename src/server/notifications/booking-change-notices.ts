/**
 * The customer notices of issue #14, defect 7: a move (old and new time), a reassignment to
 * another worker (the new technician's first name), a new ETA. Each is about one booking_events
 * row, read back from the database (the realtime change names only the booking and the type),
 * and claimed once per event row in `reminder_sends` (booking-notices.ts), so a move made twice
 * is told twice and a repeated delivery of one change is told once.
 *
 * Nothing is sent for an ETA equal to the one the customer was last given (assignment, earlier
 * change or "on the way"), for a worker assigned again after being taken off, or for a booking
 * that is no longer awaiting its worker.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { eventFacts } from '../../domain/booking-events';
import type { BookingStatus } from '../../domain/booking-status';
import { bookingEvents } from '../db/schema';
import type { MailSite } from '../mail/booking-mail';
import type { BookingNotice } from '../mail/booking-notice-mail';
import { recordServerError } from '../modules/errors/server-errors';
import { loadBookingMailData } from './booking-mail-data';
import { sendBookingNotice, type NoticeDeps } from './booking-notices';

export type ChangeNoticeKind = 'rescheduled' | 'technician_changed' | 'eta_changed';

/** Bookings still awaiting their worker: the only ones told about a change. */
const LIVE: readonly BookingStatus[] = ['pending', 'confirmed', 'en_route'];

type EventRow = { id: string; type: string; data: unknown };

/** The ETA an event gave the customer, as epoch ms, or null when it gave none. */
function etaOf(event: EventRow): number | null {
  const facts = eventFacts(event);
  if (!facts) return null;
  if (facts.type === 'assigned' || facts.type === 'eta_changed' || facts.type === 'en_route') return facts.data.etaAt ? Date.parse(facts.data.etaAt) : null;
  return null;
}

function workerOf(event: EventRow): string | null {
  const facts = eventFacts(event);
  return facts?.type === 'assigned' ? facts.data.workerId : null;
}

/** The notice the booking's latest event of the kind calls for, with the event's id; null when none is due. */
function noticeFor(kind: ChangeNoticeKind, events: EventRow[]): { notice: BookingNotice; eventId: string } | null {
  const type = kind === 'technician_changed' ? 'assigned' : kind;
  const index = events.findLastIndex((event) => event.type === type);
  if (index < 0) return null;
  const event = events[index]!;
  const before = events.slice(0, index);
  switch (kind) {
    case 'rescheduled': {
      const facts = eventFacts(event);
      return facts?.type === 'rescheduled' ? { notice: { kind, from: new Date(facts.data.from) }, eventId: event.id } : null;
    }
    case 'eta_changed': {
      const eta = etaOf(event);
      const previous = before.findLast((e) => etaOf(e) !== null);
      if (eta === null || (previous && etaOf(previous) === eta)) return null;
      return { notice: { kind }, eventId: event.id };
    }
    case 'technician_changed': {
      const previous = before.findLast((e) => e.type === 'assigned');
      if (!previous || workerOf(previous) === workerOf(event)) return null;
      return { notice: { kind }, eventId: event.id };
    }
  }
}

/**
 * Sends the notice for the booking's latest event of that kind, once (see the module comment).
 * Never throws: a failure is logged and written to the error log.
 * @param site the site facts as of now (read only when something is sent)
 */
export async function sendChangeNotice(deps: NoticeDeps, bookingId: string, kind: ChangeNoticeKind, site: () => Promise<MailSite>): Promise<void> {
  try {
    const events = await deps.db
      .select({ id: bookingEvents.id, type: bookingEvents.type, data: bookingEvents.data })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, bookingId), inArray(bookingEvents.type, ['assigned', 'eta_changed', 'en_route', 'rescheduled'])))
      .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
    const due = noticeFor(kind, events);
    if (!due) return;
    const data = await loadBookingMailData(deps.db, bookingId);
    if (!data || !LIVE.includes(data.booking.status)) return;
    if (kind !== 'rescheduled' && !data.worker) return;
    await sendBookingNotice(deps, { kind, subject: `${bookingId}@${due.eventId}`, userId: data.booking.customerId }, due.notice, data, await site());
  } catch (error) {
    deps.logger.error({ err: error, bookingId, kind }, 'notice not sent');
    await recordServerError({ db: deps.db, logger: deps.logger }, { error, context: { job: 'booking_notice', bookingId, kind } });
  }
}
