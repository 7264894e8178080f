/**
 * Rescheduling (issue #3; spec section 4: free rescheduling needs 24+ hours' notice): a pending
 * or confirmed booking moves to another offered start, for free, while the old start is at least
 * `rescheduleNoticeHours` away on the Tampa wall clock. Inside that window the customer gets an
 * explanation and the choice to cancel under the policy or call support.
 */
import { canRescheduleFree, type CancellationPolicy } from '../../../domain/cancellation-policy';
import { isOfferedStart, type SlotRules } from '../../../domain/slots';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import { conflict, ruleBroken } from '../../lib/errors';
import type { Actor } from '../payments/payment-records';
import { lockBooking, noteBookingEvent } from './booking-transitions';
import { eq } from 'drizzle-orm';

/**
 * @throws AppError 422 not_reschedulable | reschedule_window_closed, 409 slot_unavailable
 */
export async function rescheduleBooking(
  ctx: { db: Database; now: Date; policy: CancellationPolicy; slotRules: SlotRules },
  bookingId: string,
  newStart: Date,
  actor: Actor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (booking.status !== 'pending' && booking.status !== 'confirmed') throw ruleBroken('not_reschedulable', 'paymentErrors.notReschedulable');
    if (!canRescheduleFree({ start: booking.scheduledStart, now: ctx.now, policy: ctx.policy })) {
      throw ruleBroken('reschedule_window_closed', 'paymentErrors.rescheduleWindowClosed', { params: { hours: ctx.policy.rescheduleNoticeHours } });
    }
    const durationMinutes = (booking.scheduledEnd.getTime() - booking.scheduledStart.getTime()) / 60_000;
    if (!isOfferedStart(newStart, durationMinutes, ctx.now, ctx.slotRules)) {
      throw conflict('slot_unavailable', 'validation.slotUnavailable', { details: { startAt: 'validation.slotUnavailable' } });
    }
    await tx
      .update(bookings)
      .set({ scheduledStart: newStart, scheduledEnd: new Date(newStart.getTime() + durationMinutes * 60_000), updatedAt: new Date() })
      .where(eq(bookings.id, booking.id));
    await noteBookingEvent(tx, booking.id, actor, { type: 'rescheduled', note: `${booking.scheduledStart.toISOString()} -> ${newStart.toISOString()}` });
  });
}
