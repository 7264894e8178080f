/**
 * `POST /api/admin/bookings/:id/approve-final` (no body): approves a final amount that waits for
 * approval (`finalApproval.status` 'pending': more than the approval limit above the booked total),
 * which charges it and completes the job. Answers the BookingView (`finalApproval.status`
 * 'approved'). 409 `no_final_approval_pending` when there is none any more, or `booking_busy`
 * (details.status); 402/503 from the payment provider. Sent with an Idempotency-Key (one per
 * confirmed approval, the same on a retry after no answer or a 5xx), so it charges once.
 */
import type { BookingView } from '@/domain/booking-request';
import { apiFetch } from '@/web/lib/api-client';
import { withIdempotencyKey } from '@/web/lib/idempotency-key';
import { useDispatchMutation } from './use-dispatch-mutation';

export interface ApproveFinalInput {
  bookingId: string;
  idempotencyKey: string;
}

export function approveFinalAmount({ bookingId, idempotencyKey }: ApproveFinalInput): Promise<BookingView> {
  return apiFetch<BookingView>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/approve-final`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useApproveFinalAmount() {
  return useDispatchMutation(withIdempotencyKey('admin.approveFinal', approveFinalAmount));
}
