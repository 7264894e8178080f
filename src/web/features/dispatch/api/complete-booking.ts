/**
 * `POST /api/admin/bookings/:id/complete` with `{ actualHours?, paintCostCents? }`: completes the
 * job on the worker's behalf and captures the final amount (charging any amount above the hold
 * separately). Answers the BookingView. A final amount more than the approval limit above the
 * booked total is not charged: the answer keeps the status, with `final` set and
 * `finalApproval.status` 'pending' (see approve-final-amount.ts); completing again with other
 * actuals replaces it. 400 with `details.actualHours` / `details.paintCostCents` when the actuals
 * are above the job's ceiling; 409 `not_completable` | `booking_busy` (details.status). Sent with
 * an Idempotency-Key (withIdempotencyKey).
 */
import type { BookingView } from '@/domain/booking-request';
import type { JobActuals } from '@/web/components/staff/job-actuals-fields';
import { apiFetch } from '@/web/lib/api-client';
import { withIdempotencyKey } from '@/web/lib/idempotency-key';
import { useDispatchMutation } from './use-dispatch-mutation';

export interface AdminCompleteInput {
  bookingId: string;
  actuals: JobActuals;
  idempotencyKey: string;
}

export function completeBookingAsAdmin({ bookingId, actuals, idempotencyKey }: AdminCompleteInput): Promise<BookingView> {
  return apiFetch<BookingView>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/complete`, {
    method: 'POST',
    body: actuals,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCompleteAsAdmin() {
  return useDispatchMutation(withIdempotencyKey('admin.complete', completeBookingAsAdmin));
}
