/** `POST /api/admin/bookings/:id/no-show`: the customer missed the appointment; the full total is charged. Answers the BookingView. */
import type { BookingView } from '@/domain/booking-request';
import { apiFetch } from '@/web/lib/api-client';
import { useDispatchMutation } from './use-dispatch-mutation';

export function markNoShow({ bookingId, idempotencyKey }: { bookingId: string; idempotencyKey: string }): Promise<BookingView> {
  return apiFetch<BookingView>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/no-show`, {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useMarkNoShow() {
  return useDispatchMutation(markNoShow);
}
