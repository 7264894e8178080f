/**
 * Rescheduling (issue #3; spec section 4: free rescheduling needs 24+ hours' notice): a pending
 * or confirmed booking moves to another offered start (a skilled worker free, issue #4), for free,
 * while the old start is at least `rescheduleNoticeHours` away on the Tampa wall clock. Staff may
 * move a booking at any time. Inside that window the customer gets an
 * explanation and the choice to cancel under the policy or call support.
 */
import { canRescheduleFree, type CancellationPolicy } from '../../../domain/cancellation-policy';
import { assignableWorkers, type CapacityRules } from '../../../domain/capacity';
import type { ServiceSlug } from '../../../domain/services';
import { businessDate, isBookableDate } from '../../../domain/slots';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import { ruleBroken } from '../../lib/errors';
import { assertStartOffered, slotUnavailable } from '../workers/capacity.service';
import { lockCapacityFor } from '../workers/capacity-lock';
import type { Actor } from '../../lib/request-context';
import { bookingPolicy } from '../settings/settings.service';
import { lockBookingForChange, moveBooking, noteBookingEvent, stateConflict } from './booking-transitions';
import { eq } from 'drizzle-orm';

/**
 * @param ctx.policy the current cancellation policy: used only for bookings made before each
 *   booking kept its own (issue #12)
 * @throws AppError 409 not_reschedulable | booking_busy (details.status), 422 reschedule_window_closed, 409 slot_unavailable
 */
export async function rescheduleBooking(
  ctx: { db: Database; now: Date; policy: CancellationPolicy; slotRules: CapacityRules },
  bookingId: string,
  newStart: Date,
  actor: Actor,
  options: { staff?: boolean } = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // The booking's row first, then the capacity of the new date for its service (capacity-lock.ts):
    // the order every path takes (assigning a worker too), so that a reschedule racing an
    // assignment waits instead of deadlocking.
    const booking = await lockBookingForChange(tx, bookingId);
    if (booking.status !== 'pending' && booking.status !== 'confirmed') throw stateConflict('not_reschedulable', 'paymentErrors.notReschedulable', booking.status);
    // The notice the booking was made under (issue #12), not a policy changed since.
    const policy = bookingPolicy(booking, ctx.policy);
    if (!options.staff && !canRescheduleFree({ start: booking.scheduledStart, now: ctx.now, policy })) {
      throw ruleBroken('reschedule_window_closed', 'paymentErrors.rescheduleWindowClosed', { params: { hours: policy.rescheduleNoticeHours } });
    }
    // A date no settings offer is refused before the capacity locks, whose statement reads that
    // date's jobs (a year past 9999 has no timestamp to read them by).
    if (!isBookableDate(businessDate(newStart), ctx.now, ctx.slotRules)) throw slotUnavailable([]);
    const { workers, jobs: lockedJobs } = await lockCapacityFor(tx, { start: newStart, service: booking.serviceSlug as ServiceSlug });
    const durationMinutes = (booking.scheduledEnd.getTime() - booking.scheduledStart.getTime()) / 60_000;
    await assertStartOffered(tx, { service: booking.serviceSlug as ServiceSlug, start: newStart, durationMinutes, now: ctx.now, rules: ctx.slotRules, excludeBookingId: booking.id, workers, jobs: lockedJobs });
    const newEnd = new Date(newStart.getTime() + durationMinutes * 60_000);
    await tx.update(bookings).set({ scheduledStart: newStart, scheduledEnd: newEnd }).where(eq(bookings.id, booking.id));
    await noteBookingEvent(tx, booking.id, actor, { type: 'rescheduled', data: { from: booking.scheduledStart.toISOString(), to: newStart.toISOString() } });
    // A moved job keeps its worker only if they can still take it; otherwise it goes back to dispatch.
    if (booking.workerId) {
      // The date's other jobs as read under the locks (assignableWorkers leaves this one out).
      const job = { id: booking.id, service: booking.serviceSlug as ServiceSlug, start: newStart, end: newEnd, workerId: booking.workerId };
      if (!assignableWorkers({ job, workers, jobs: lockedJobs, rules: ctx.slotRules }).includes(booking.workerId)) {
        const moved = { ...booking, scheduledStart: newStart, scheduledEnd: newEnd };
        await moveBooking(tx, moved, 'pending', actor, { type: 'unassigned', data: { workerId: booking.workerId, reason: 'worker_not_free' } }, { workerId: null, etaAt: null, assignedAt: null, acceptedAt: null });
      }
    }
  });
}
