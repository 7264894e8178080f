/**
 * `POST /api/admin/bookings/:id/cancel` with `{ waiveFee, reason }`: cancels under the policy,
 * charging its fee or waiving it; answers the updated BookingView. 422 `not_cancellable` once the
 * job started. The Idempotency-Key (one per dialog) is sent so a retry cannot charge twice.
 */
import type { BookingView } from '@/domain/booking-request';
import { apiFetch } from '@/web/lib/api-client';
import { useDispatchMutation } from './use-dispatch-mutation';

export interface AdminCancelInput {
  bookingId: string;
  waiveFee: boolean;
  reason?: string;
  idempotencyKey: string;
}

export function cancelBookingAsAdmin({ bookingId, waiveFee, reason, idempotencyKey }: AdminCancelInput): Promise<BookingView> {
  return apiFetch<BookingView>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/cancel`, {
    method: 'POST',
    body: { waiveFee, ...(reason ? { reason } : {}) },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCancelAsAdmin() {
  return useDispatchMutation(cancelBookingAsAdmin);
}
