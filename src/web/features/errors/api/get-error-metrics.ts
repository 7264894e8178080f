/** `GET /api/admin/errors/metrics?days=7`: error_metrics for the last days (Tampa), newest first. Admins only. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERROR_METRICS_DEFAULT_DAYS, type ErrorMetrics } from '@/domain/errors-contract';
import { apiFetch } from '@/web/lib/api-client';
import { errorLogKeys } from './keys';

export function errorMetricsQueryOptions(days = ERROR_METRICS_DEFAULT_DAYS) {
  return queryOptions({
    queryKey: errorLogKeys.metrics(days),
    queryFn: ({ signal }) => apiFetch<ErrorMetrics>(`/api/admin/errors/metrics?days=${days}`, { signal }),
  });
}

export function useErrorMetrics(days = ERROR_METRICS_DEFAULT_DAYS) {
  return useQuery(errorMetricsQueryOptions(days));
}
