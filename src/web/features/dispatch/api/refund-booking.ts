/**
 * `POST /api/admin/bookings/:id/refund` with `{ amountCents, reason }` and an Idempotency-Key
 * (one per opening of the refund dialog, so a retry refunds once). Answers the BookingView.
 */
import type { BookingView } from '@/domain/booking-request';
import { apiFetch } from '@/web/lib/api-client';
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
  return useDispatchMutation(refundBooking);
}
