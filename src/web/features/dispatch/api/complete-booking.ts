/**
 * `POST /api/admin/bookings/:id/complete` with `{ actualHours?, paintCostCents? }`: completes the
 * job on the worker's behalf and captures the final amount (charging any amount above the hold
 * separately). Answers the BookingView.
 */
import type { BookingView } from '@/domain/booking-request';
import type { JobActuals } from '@/web/components/staff/job-actuals-fields';
import { apiFetch } from '@/web/lib/api-client';
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
  return useDispatchMutation(completeBookingAsAdmin);
}
