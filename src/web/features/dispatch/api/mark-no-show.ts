/**
 * `POST /api/admin/bookings/:id/no-show`: the customer missed the appointment; the full total is
 * charged. Answers the BookingView; 409 `not_cancellable` (details.status) when the booking
 * can no longer be marked. Sent with an Idempotency-Key (withIdempotencyKey).
 */
import type { BookingView } from '@/domain/booking-request';
import { apiFetch } from '@/web/lib/api-client';
import { withIdempotencyKey } from '@/web/lib/idempotency-key';
import { useDispatchMutation } from './use-dispatch-mutation';

export function markNoShow({ bookingId, idempotencyKey }: { bookingId: string; idempotencyKey: string }): Promise<BookingView> {
  return apiFetch<BookingView>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/no-show`, {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useMarkNoShow() {
  return useDispatchMutation(withIdempotencyKey('admin.noShow', markNoShow));
}
