/**
 * `GET /api/errors/counts`: total, critical and unresolved among the latest 1000 entries, for any
 * signed-in user (the baseline the live events grow from, spec section 4).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorCounts } from '@/domain/errors-contract';
import { apiFetch } from '@/web/lib/api-client';
import { errorLogKeys } from './keys';

export const errorCountsQueryOptions = queryOptions({
  queryKey: errorLogKeys.counts(),
  queryFn: ({ signal }) => apiFetch<ErrorCounts>('/api/errors/counts', { signal }),
});

export function useErrorCounts(enabled = true) {
  return useQuery({ ...errorCountsQueryOptions, enabled });
}
