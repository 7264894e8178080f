/**
 * `POST /api/admin/bookings/:id/refund` with `{ amountCents, reason }` and the Idempotency-Key the
 * server requires (one per confirmed refund, the same when it is retried after no answer or a
 * 5xx, see withIdempotencyKey, so a retry refunds once). Answers the BookingView.
 */
import type { BookingView } from '@/domain/booking-request';
import { apiFetch } from '@/web/lib/api-client';
import { withIdempotencyKey } from '@/web/lib/idempotency-key';
import { useDispatchMutation } from './use-dispatch-mutation';

export interface RefundInput {
  bookingId: string;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
}

export function refundBooking({ bookingId, amountCents, reason, idempotencyKey }: RefundInput): Promise<BookingView> {
  return apiFetch<BookingView>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/refund`, {
    method: 'POST',
    body: { amountCents, reason },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRefundBooking() {
  return useDispatchMutation(withIdempotencyKey('admin.refund', refundBooking));
}
