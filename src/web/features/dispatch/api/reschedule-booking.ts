/**
 * `POST /api/admin/bookings/:id/reschedule` with `{ startAt }`: moves the booking to any offered
 * start (staff are not bound by the customer's 24 hour rule); 409 `slot_unavailable` when the time
 * was taken meanwhile. When the assigned worker is not free at the new time the server unassigns.
 */
import type { DispatchBooking, StaffRescheduleRequest } from '@/domain/dispatch-contract';
import { apiFetch } from '@/web/lib/api-client';
import { useDispatchMutation } from './use-dispatch-mutation';

export type AdminRescheduleInput = StaffRescheduleRequest & { bookingId: string };

export function rescheduleBookingAsAdmin({ bookingId, ...body }: AdminRescheduleInput): Promise<DispatchBooking> {
  return apiFetch<DispatchBooking>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/reschedule`, { method: 'POST', body: body satisfies StaffRescheduleRequest });
}

export function useRescheduleAsAdmin() {
  return useDispatchMutation(rescheduleBookingAsAdmin);
}
