/**
 * `POST /api/admin/bookings/:id/assign` with `{ workerId, etaAt? }`: gives the job to one of the
 * booking's assignable workers (status `confirmed`); 409 `worker_unavailable` when that worker
 * cannot take it (no longer free, not skilled). Answers the DispatchBooking.
 */
import type { AssignWorkerRequest, DispatchBooking } from '@/domain/dispatch-contract';
import { apiFetch } from '@/web/lib/api-client';
import { useDispatchMutation } from './use-dispatch-mutation';

/** The booking, the worker and, when known, the expected arrival (an ISO instant). */
export type AssignWorkerInput = AssignWorkerRequest & { bookingId: string };

export function assignWorker({ bookingId, workerId, etaAt }: AssignWorkerInput): Promise<DispatchBooking> {
  const body: AssignWorkerRequest = etaAt ? { workerId, etaAt } : { workerId };
  return apiFetch<DispatchBooking>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/assign`, { method: 'POST', body });
}

export function useAssignWorker() {
  return useDispatchMutation(assignWorker);
}
