/** `PATCH /api/worker/settings` with `{ phone?, skills?, serviceZips?, notifyEmail?, notifySms? }`. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceSlug } from '@/domain/services';
import { apiFetch } from '@/web/lib/api-client';
import { workerProfileQueryKey } from './get-worker-profile';

export interface WorkerSettingsPatch {
  /** E.164; null clears it. */
  phone?: string | null;
  skills?: ServiceSlug[];
  serviceZips?: string[];
  notifyEmail?: boolean;
  notifySms?: boolean;
}

export function updateWorkerSettings(patch: WorkerSettingsPatch): Promise<unknown> {
  return apiFetch<unknown>('/api/worker/settings', { method: 'PATCH', body: patch });
}

export function useUpdateWorkerSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWorkerSettings, onSuccess: () => queryClient.invalidateQueries({ queryKey: workerProfileQueryKey }) });
}
