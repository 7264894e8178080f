/**
 * `POST /api/bookings/:id/cancel`: applies the cancellation outcome through the payment gateway
 * and answers the updated BookingView. The Idempotency-Key (one per confirmed cancellation, the
 * same when it is retried after no answer or a 5xx, see withIdempotencyKey) makes a retry after a
 * lost answer cancel and charge at most once. 409 `not_cancellable` (details.status, the
 * booking's status now) when the booking can no longer be cancelled, or `booking_busy`. A
 * cancellation is an analytics event (`booking_cancelled`, with the policy tier and the fee).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingView } from '@/domain/booking-request';
import { BOOKING_CATEGORY } from '@/domain/booking-funnel';
import { trackEvent } from '@/web/lib/analytics';
import { ApiError, apiFetch } from '@/web/lib/api-client';
import { withIdempotencyKey } from '@/web/lib/idempotency-key';
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

/** cancelBooking with the action's Idempotency-Key made here (see withIdempotencyKey). */
const cancelBookingOnce = withIdempotencyKey('booking.cancel', cancelBooking);

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBookingOnce,
    onSuccess: (updated) => {
      showUpdatedBooking(queryClient, updated);
      trackEvent({
        action: 'booking_cancelled',
        category: BOOKING_CATEGORY,
        label: updated.service,
        value: updated.cancellation?.feeCents ?? 0,
        params: { service: updated.service, tier: updated.cancellation?.tier ?? null },
      });
    },
    // A refusal means the list is out of date (cancelled elsewhere, notice window passed): refresh it.
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
