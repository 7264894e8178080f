/**
 * `PUT /api/worker/availability` with `{ weekly: WeeklyRange[], timeOff: [{ startsOn, endsOn, note? }] }`:
 * replaces both. 400 for overlapping or inverted ranges (the form checks the same first).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeeklyRange } from '@/domain/capacity';
import { apiFetch } from '@/web/lib/api-client';
import { workerProfileQueryKey } from './get-worker-profile';

export interface AvailabilityPayload {
  weekly: WeeklyRange[];
  timeOff: { startsOn: string; endsOn: string; note?: string }[];
}

export function saveAvailability(payload: AvailabilityPayload): Promise<unknown> {
  return apiFetch<unknown>('/api/worker/availability', { method: 'PUT', body: payload });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAvailability, onSuccess: () => queryClient.invalidateQueries({ queryKey: workerProfileQueryKey }) });
}
