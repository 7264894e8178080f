/**
 * `PATCH /api/worker/settings` with `{ phone?, skills?, serviceZips?, notifyEmail?, notifySms? }`
 * (phone E.164, null clears it): answers the WorkerProfile. 400 with the field's message.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkerProfile, WorkerSettingsRequest } from '@/domain/worker-contract';
import { apiFetch } from '@/web/lib/api-client';
import { workerProfileQueryKey } from './get-worker-profile';

export function updateWorkerSettings(patch: WorkerSettingsRequest): Promise<WorkerProfile> {
  return apiFetch<WorkerProfile>('/api/worker/settings', { method: 'PATCH', body: patch });
}

export function useUpdateWorkerSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWorkerSettings, onSuccess: () => queryClient.invalidateQueries({ queryKey: workerProfileQueryKey }) });
}
