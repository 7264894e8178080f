/**
 * `POST /api/admin/bookings/:id/cancel` with `{ waiveFee, reason }`: cancels under the policy,
 * charging its fee or waiving it; answers the updated BookingView. 409 `not_cancellable` once the
 * job started (details.status, the booking's status now). The Idempotency-Key (one per confirmed
 * cancellation, the same on a retry, see withIdempotencyKey) means a retry cannot charge twice.
 */
import type { BookingView } from '@/domain/booking-request';
import { apiFetch } from '@/web/lib/api-client';
import { withIdempotencyKey } from '@/web/lib/idempotency-key';
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
  return useDispatchMutation(withIdempotencyKey('admin.cancel', cancelBookingAsAdmin));
}
