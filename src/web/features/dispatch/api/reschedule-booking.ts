/**
 * `POST /api/admin/bookings/:id/reschedule` with `{ startAt }`: moves the booking to any offered
 * start (staff are not bound by the customer's 24 hour rule); 409 `slot_unavailable` when the time
 * was taken meanwhile. When the assigned worker is not free at the new time the server unassigns.
 */
import { apiFetch } from '@/web/lib/api-client';
import type { DispatchBooking } from '../types';
import { useDispatchMutation } from './use-dispatch-mutation';

export interface AdminRescheduleInput {
  bookingId: string;
  startAt: string;
}

export function rescheduleBookingAsAdmin({ bookingId, startAt }: AdminRescheduleInput): Promise<DispatchBooking> {
  return apiFetch<DispatchBooking>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/reschedule`, { method: 'POST', body: { startAt } });
}

export function useRescheduleAsAdmin() {
  return useDispatchMutation(rescheduleBookingAsAdmin);
}
