/** `GET /api/admin/errors/{id}`: one entry with its stack trace, context, URL, user agent and user. Admins only. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorLogEntry } from '@/domain/errors-contract';
import { apiFetch } from '@/web/lib/api-client';
import { errorLogKeys } from './keys';

export function errorEntryQueryOptions(id: string) {
  return queryOptions({
    queryKey: errorLogKeys.entry(id),
    queryFn: ({ signal }) => apiFetch<ErrorLogEntry>(`/api/admin/errors/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useErrorEntry(id: string) {
  return useQuery(errorEntryQueryOptions(id));
}
