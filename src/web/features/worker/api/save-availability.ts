/**
 * `PUT /api/worker/availability` with `{ weekly: WeeklyRange[], timeOff: [{ startsOn, endsOn, note? }] }`:
 * replaces both and answers the WorkerProfile. 400 for overlapping or inverted ranges (the form
 * checks the same rules first, src/domain/worker-availability.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityRequest } from '@/domain/worker-availability';
import type { WorkerProfile } from '@/domain/worker-contract';
import { apiFetch } from '@/web/lib/api-client';
import { workerProfileQueryKey } from './get-worker-profile';

export function saveAvailability(payload: AvailabilityRequest): Promise<WorkerProfile> {
  return apiFetch<WorkerProfile>('/api/worker/availability', { method: 'PUT', body: payload });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAvailability, onSuccess: () => queryClient.invalidateQueries({ queryKey: workerProfileQueryKey }) });
}
