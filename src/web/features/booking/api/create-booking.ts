/**
 * `POST /api/bookings`: places the card hold and creates the booking. The Idempotency-Key makes
 * a retry (double click, network drop) answer with the same booking instead of a second one.
 * On success the customer's booking list, saved addresses and profile (phone) are refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingView, CreateBookingRequest } from '@/domain/booking-request';
import { apiFetch } from '@/web/lib/api-client';

export interface CreateBookingInput {
  request: CreateBookingRequest;
  /** 8-200 characters, one per draft (a UUID). */
  idempotencyKey: string;
}

export function createBooking({ request, idempotencyKey }: CreateBookingInput): Promise<BookingView> {
  return apiFetch<BookingView>('/api/bookings', { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
        // the booking may have saved its address and filled the profile's phone
        queryClient.invalidateQueries({ queryKey: ['account', 'addresses'] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
  });
}
