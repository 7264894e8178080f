/**
 * `GET /api/worker/earnings`: the signed-in worker's completed jobs and earnings of today, this
 * week and this month (Tampa calendar). Kept under the worker jobs' live key, so a job completed
 * (a live booking event) refreshes it. The CSV of the same jobs is `EARNINGS_CSV_URL`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkerEarnings } from '@/domain/worker-earnings-contract';
import { apiUrl } from '@/web/lib/api-base';
import { apiFetch } from '@/web/lib/api-client';
import { LIVE_QUERY_ROOTS } from '@/web/lib/live-updates';

/** This month's jobs as CSV (a download: the browser sends the session cookie). */
export const EARNINGS_CSV_URL = apiUrl('/api/worker/earnings.csv?period=month');

export function getWorkerEarnings(signal?: AbortSignal): Promise<WorkerEarnings> {
  return apiFetch<WorkerEarnings>('/api/worker/earnings', { signal });
}

export function workerEarningsQueryOptions() {
  return queryOptions({ queryKey: [...LIVE_QUERY_ROOTS.workerJobs, 'earnings'] as const, queryFn: ({ signal }) => getWorkerEarnings(signal), staleTime: 30_000 });
}

export function useWorkerEarnings() {
  return useQuery(workerEarningsQueryOptions());
}
