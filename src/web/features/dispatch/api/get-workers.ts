/** `GET /api/admin/workers`: every worker with skills, availability, time off and job counts. Admins only. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWorker, AdminWorkerList } from '@/domain/dispatch-contract';
import { apiFetch } from '@/web/lib/api-client';
import { dispatchKeys } from './keys';

export async function getWorkers(signal?: AbortSignal): Promise<AdminWorker[]> {
  const { workers } = await apiFetch<AdminWorkerList>('/api/admin/workers', { signal });
  return workers;
}

export function workersQueryOptions() {
  return queryOptions({ queryKey: dispatchKeys.workers(), queryFn: ({ signal }) => getWorkers(signal), staleTime: 30_000 });
}

export function useWorkers() {
  return useQuery(workersQueryOptions());
}
