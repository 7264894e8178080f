/**
 * `GET /api/worker/jobs`: the signed-in worker's assigned active jobs today and later, and
 * today's finished ones. Kept fresh by live updates (key under ['worker', 'jobs']) and refetched
 * every minute in case the event stream is down.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WorkerJob, WorkerJobList } from '@/domain/worker-contract';
import { apiFetch } from '@/web/lib/api-client';
import { LIVE_QUERY_ROOTS } from '@/web/lib/live-updates';

export const workerJobsQueryKey = LIVE_QUERY_ROOTS.workerJobs;

export async function getWorkerJobs(signal?: AbortSignal): Promise<WorkerJob[]> {
  const { jobs } = await apiFetch<WorkerJobList>('/api/worker/jobs', { signal });
  return jobs;
}

export function workerJobsQueryOptions() {
  return queryOptions({ queryKey: workerJobsQueryKey, queryFn: ({ signal }) => getWorkerJobs(signal), staleTime: 10_000, refetchInterval: 60_000 });
}

export function useWorkerJobs() {
  return useQuery(workerJobsQueryOptions());
}

/** Shows a job the server just answered with at once, then refetches the list. */
export function showUpdatedJob(queryClient: QueryClient, updated: WorkerJob): Promise<void> {
  queryClient.setQueryData<WorkerJob[]>(workerJobsQueryKey, (jobs) => jobs?.map((job) => (job.id === updated.id ? { ...job, ...updated } : job)));
  return queryClient.invalidateQueries({ queryKey: workerJobsQueryKey });
}
