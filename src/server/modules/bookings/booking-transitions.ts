/**
 * Moving a booking through its life cycle inside a transaction: lock the row, check the state
 * machine (src/domain/booking-status.ts), update, and append a booking event (who, when, from,
 * to, amount, and the event's facts as typed data: src/domain/booking-events.ts). Used by
 * cancellation, completion, no-show, dispatch, the worker's moves and the payment jobs. A move
 * the booking's current state no longer allows is a 409 whose `details.status` is that state;
 * while a money operation is in flight on the booking (`money_operation_id`,
 * src/server/modules/payments/money-operations.ts) no other change of its state may start
 * (409 `booking_busy`). Every event also tells this process's cached day plans (issue #16,
 * ../workers/capacity-caches.ts) once it commits; other processes hear it from the trigger.
 */
import { eq } from 'drizzle-orm';
import type { BookingEventRecord } from '../../../domain/booking-events';
import { canTransition, type BookingStatus } from '../../../domain/booking-status';
import type { TimedMove, TimingVerdict } from '../../../domain/job-timing';
import type { Database, Transaction } from '../../db/client';
import { bookingEvents, bookings } from '../../db/schema';
import { conflict, notFound, ruleBroken } from '../../lib/errors';
import type { Actor } from '../../lib/request-context';
import { announceCapacityChange } from '../workers/capacity-caches';

export type BookingRow = typeof bookings.$inferSelect;

/** Reads a booking and locks its row until the transaction ends (SELECT ... FOR UPDATE). */
export async function lockBooking(tx: Transaction, bookingId: string): Promise<BookingRow> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!row) throw notFound();
  return row;
}

/** 409 `booking_busy`: a money operation on this booking has not finished yet. */
export const bookingBusy = (status: string) => conflict('booking_busy', 'paymentErrors.bookingBusy', { rawDetails: { status } });

/**
 * 422 `outside_job_window` for a worker's move the job's timing does not allow now
 * (src/domain/job-timing.ts): `details.opensAt` (ISO) when it opens later; the message says
 * from when, in the caller's language and Tampa time.
 */
export function outsideJobWindow(move: TimedMove, verdict: Exclude<TimingVerdict, { allowed: true }>) {
  if (verdict.reason === 'not_started') return ruleBroken('job_not_started', 'dispatchErrors.jobNotStarted');
  if (verdict.reason === 'day_over' || !verdict.opensAt) return ruleBroken('outside_job_window', 'dispatchErrors.jobDayOver');
  const key = move === 'complete' ? 'dispatchErrors.completeTooSoon' : 'dispatchErrors.tooEarlyForJob';
  return ruleBroken('outside_job_window', key, { instantParams: { time: verdict.opensAt }, rawDetails: { opensAt: verdict.opensAt.toISOString() } });
}

/** 409 for a move the booking's current state no longer allows; `details.status` names that state. */
export const stateConflict = (code: string, messageKey: string, status: string) => conflict(code, messageKey, { rawDetails: { status } });

/**
 * Locks the booking for a change of its state that moves no money (dispatch, the worker's
 * moves, rescheduling).
 * @throws AppError 404, 409 booking_busy while a money operation is in flight on it
 */
export async function lockBookingForChange(tx: Transaction, bookingId: string): Promise<BookingRow> {
  const row = await lockBooking(tx, bookingId);
  if (row.moneyOperationId) throw bookingBusy(row.status);
  return row;
}

export async function readBooking(db: Database, bookingId: string): Promise<BookingRow> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw notFound();
  return row;
}

/**
 * @returns false (and changes nothing) when the machine does not allow `from -> to`
 */
export async function moveBooking(
  tx: Transaction,
  booking: BookingRow,
  to: BookingStatus,
  actor: Actor,
  event: BookingEventRecord,
  changes: Partial<typeof bookings.$inferInsert> = {},
): Promise<boolean> {
  if (!canTransition(booking.status, to)) return false;
  await tx.update(bookings).set({ ...changes, status: to }).where(eq(bookings.id, booking.id));
  await tx.insert(bookingEvents).values({ ...eventColumns(event), bookingId: booking.id, fromStatus: booking.status, toStatus: to, actorUserId: actor.userId, actorRole: actor.role });
  const starts = changes.scheduledStart instanceof Date ? [booking.scheduledStart, changes.scheduledStart] : [booking.scheduledStart];
  await announceCapacityChange(tx, { bookingId: booking.id, starts });
  return true;
}

/** An event that does not change the status (a reschedule, a failed deferred hold). */
export async function noteBookingEvent(tx: Transaction | Database, bookingId: string, actor: Actor, event: BookingEventRecord) {
  await tx.insert(bookingEvents).values({ ...eventColumns(event), bookingId, actorUserId: actor.userId, actorRole: actor.role });
  await announceCapacityChange(tx, { bookingId });
}

/** The columns of an event record: its type, the amount, the free text and the typed facts. */
function eventColumns(event: BookingEventRecord) {
  return { type: event.type, amountCents: event.amountCents ?? null, note: event.note || null, data: event.data ?? null };
}
