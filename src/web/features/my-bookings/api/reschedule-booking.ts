/**
 * `POST /api/bookings/:id/reschedule` with `{ startAt }`: moves the booking to another offered
 * start, free with enough notice; answers the updated BookingView. 409 `slot_unavailable` when
 * the time was taken meanwhile, 409 `not_reschedulable` | `booking_busy` (details.status) when the
 * booking moved on; 422 `reschedule_window_closed` (the message explains the policy). Sent with an
 * Idempotency-Key (one per confirmed move, the same on a retry after no answer or a 5xx). A move
 * is an analytics event (`booking_rescheduled`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingView } from '@/domain/booking-request';
import type { RescheduleRequest } from '@/domain/bookings-contract';
import { BOOKING_CATEGORY } from '@/domain/booking-funnel';
import { trackEvent } from '@/web/lib/analytics';
import { ApiError, apiFetch } from '@/web/lib/api-client';
import { withIdempotencyKey } from '@/web/lib/idempotency-key';
import { showUpdatedBooking } from './get-my-bookings';

export interface RescheduleBookingInput extends RescheduleRequest {
  bookingId: string;
  idempotencyKey: string;
}

export function rescheduleBooking({ bookingId, startAt, idempotencyKey }: RescheduleBookingInput): Promise<BookingView> {
  return apiFetch<BookingView>(`/api/bookings/${encodeURIComponent(bookingId)}/reschedule`, {
    method: 'POST',
    body: { startAt } satisfies RescheduleRequest,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** rescheduleBooking with the action's Idempotency-Key made here (see withIdempotencyKey). */
const rescheduleBookingOnce = withIdempotencyKey('booking.reschedule', rescheduleBooking);

export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleBookingOnce,
    onSuccess: (updated) => {
      showUpdatedBooking(queryClient, updated);
      trackEvent({ action: 'booking_rescheduled', category: BOOKING_CATEGORY, label: updated.service, params: { service: updated.service } });
    },
    // A refusal means the list is out of date (cancelled elsewhere, notice window passed): refresh it.
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
