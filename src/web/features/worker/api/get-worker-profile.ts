/** `GET /api/worker/profile`: the signed-in worker's phone, skills, ZIPs, notification choices, weekly availability and time off. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkerProfile } from '@/domain/worker-contract';
import { apiFetch } from '@/web/lib/api-client';

export const workerProfileQueryKey = ['worker', 'profile'] as const;

export function getWorkerProfile(signal?: AbortSignal): Promise<WorkerProfile> {
  return apiFetch<WorkerProfile>('/api/worker/profile', { signal });
}

export function workerProfileQueryOptions() {
  return queryOptions({ queryKey: workerProfileQueryKey, queryFn: ({ signal }) => getWorkerProfile(signal), staleTime: 0 });
}

export function useWorkerProfile() {
  return useQuery(workerProfileQueryOptions());
}
