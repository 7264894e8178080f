/**
 * `POST /api/bookings/:id/cancel`: applies the cancellation outcome through the payment gateway
 * and answers the updated BookingView. The Idempotency-Key (one per opening of the cancel
 * dialog) makes a retry after a lost answer cancel and charge at most once.
 * 422 `not_cancellable` when the booking can no longer be cancelled.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingView } from '@/domain/booking-request';
import { ApiError, apiFetch } from '@/web/lib/api-client';
import { showUpdatedBooking } from './get-my-bookings';

export interface CancelBookingInput {
  bookingId: string;
  idempotencyKey: string;
}

export function cancelBooking({ bookingId, idempotencyKey }: CancelBookingInput): Promise<BookingView> {
  return apiFetch<BookingView>(`/api/bookings/${encodeURIComponent(bookingId)}/cancel`, {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (updated) => showUpdatedBooking(queryClient, updated),
    // A refusal means the list is out of date (cancelled elsewhere, notice window passed): refresh it.
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
