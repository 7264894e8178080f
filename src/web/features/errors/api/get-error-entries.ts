/** `GET /api/admin/errors?severity=&resolved=&fingerprint=`: the latest 100 entries, newest first. Admins only. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorLogList } from '@/domain/errors-contract';
import { apiFetch } from '@/web/lib/api-client';
import { errorLogKeys, filterQuery, type ErrorFilter } from './keys';

export function errorEntriesQueryOptions(filter: ErrorFilter) {
  const query = filterQuery(filter).toString();
  return queryOptions({
    queryKey: errorLogKeys.entries(filter),
    queryFn: ({ signal }) => apiFetch<ErrorLogList>(`/api/admin/errors${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useErrorEntries(filter: ErrorFilter, enabled = true) {
  return useQuery({ ...errorEntriesQueryOptions(filter), enabled });
}
