/**
 * `POST /api/admin/bookings/:id/assign` with `{ workerId, etaAt? }`: gives the job to one of the
 * booking's assignable workers (status `confirmed`); 409 `worker_unavailable` when that worker
 * cannot take it (no longer free, not skilled). Answers the DispatchBooking.
 */
import { apiFetch } from '@/web/lib/api-client';
import type { DispatchBooking } from '../types';
import { useDispatchMutation } from './use-dispatch-mutation';

export interface AssignWorkerInput {
  bookingId: string;
  workerId: string;
  /** Expected arrival, an ISO instant. */
  etaAt?: string;
}

export function assignWorker({ bookingId, workerId, etaAt }: AssignWorkerInput): Promise<DispatchBooking> {
  return apiFetch<DispatchBooking>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/assign`, {
    method: 'POST',
    body: etaAt ? { workerId, etaAt } : { workerId },
  });
}

export function useAssignWorker() {
  return useDispatchMutation(assignWorker);
}
