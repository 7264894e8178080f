/**
 * Moving a booking through its life cycle inside a transaction: lock the row, check the state
 * machine (src/domain/booking-status.ts), update, and append a booking event (who, when, from,
 * to, amount). Used by cancellation, completion, no-show and the payment jobs.
 */
import { eq } from 'drizzle-orm';
import { canTransition, type BookingStatus } from '../../../domain/booking-status';
import type { Database, Transaction } from '../../db/client';
import { bookingEvents, bookings } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Actor } from '../payments/payment-records';

export type BookingRow = typeof bookings.$inferSelect;

/** Reads a booking and locks its row until the transaction ends (SELECT ... FOR UPDATE). */
export async function lockBooking(tx: Transaction, bookingId: string): Promise<BookingRow> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!row) throw notFound();
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
  event: { type: string; amountCents?: number; note?: string },
  changes: Partial<typeof bookings.$inferInsert> = {},
): Promise<boolean> {
  if (!canTransition(booking.status, to)) return false;
  await tx.update(bookings).set({ ...changes, status: to, updatedAt: new Date() }).where(eq(bookings.id, booking.id));
  await tx.insert(bookingEvents).values({
    bookingId: booking.id,
    type: event.type,
    fromStatus: booking.status,
    toStatus: to,
    actorUserId: actor.userId,
    actorRole: actor.role,
    amountCents: event.amountCents ?? null,
    note: event.note ?? null,
  });
  return true;
}

/** An event that does not change the status (a reschedule, a failed deferred hold). */
export async function noteBookingEvent(tx: Transaction | Database, bookingId: string, actor: Actor, event: { type: string; amountCents?: number; note?: string }) {
  await tx.insert(bookingEvents).values({ bookingId, type: event.type, actorUserId: actor.userId, actorRole: actor.role, amountCents: event.amountCents ?? null, note: event.note ?? null });
}
