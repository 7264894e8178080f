/**
 * `POST /api/bookings/:id/reschedule` with `{ startAt }`: moves the booking to another offered
 * start, free with enough notice; answers the updated BookingView. 409 `slot_unavailable` when
 * the time was taken meanwhile; 422 `reschedule_window_closed` (the message explains the policy).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingView } from '@/domain/booking-request';
import { ApiError, apiFetch } from '@/web/lib/api-client';
import { showUpdatedBooking } from './get-my-bookings';

export interface RescheduleBookingInput {
  bookingId: string;
  /** One of the offered starts, an ISO instant. */
  startAt: string;
}

export function rescheduleBooking({ bookingId, startAt }: RescheduleBookingInput): Promise<BookingView> {
  return apiFetch<BookingView>(`/api/bookings/${encodeURIComponent(bookingId)}/reschedule`, { method: 'POST', body: { startAt } });
}

export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleBooking,
    onSuccess: (updated) => showUpdatedBooking(queryClient, updated),
    // A refusal means the list is out of date (cancelled elsewhere, notice window passed): refresh it.
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
