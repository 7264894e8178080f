/** `GET /api/admin/errors/groups?severity=&resolved=`: entries grouped by fingerprint. Admins only. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorGroupList } from '@/domain/errors-contract';
import { apiFetch } from '@/web/lib/api-client';
import { errorLogKeys, filterQuery, type ErrorFilter } from './keys';

export function errorGroupsQueryOptions(filter: Omit<ErrorFilter, 'fingerprint'>) {
  const query = filterQuery(filter).toString();
  return queryOptions({
    queryKey: errorLogKeys.groups(filter),
    queryFn: ({ signal }) => apiFetch<ErrorGroupList>(`/api/admin/errors/groups${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useErrorGroups(filter: Omit<ErrorFilter, 'fingerprint'>, enabled = true) {
  return useQuery({ ...errorGroupsQueryOptions(filter), enabled });
}
