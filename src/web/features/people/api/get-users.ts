/** `GET /api/admin/users?q=&page=&pageSize=`: one page of users. Admins only. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import type { UsersPage } from '../types';
import { peopleKeys } from './keys';

export const USERS_PAGE_SIZE = 20;

export function usersQueryOptions(q: string, page: number) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(USERS_PAGE_SIZE) });
  if (q) params.set('q', q);
  return queryOptions({
    queryKey: peopleKeys.users(q, page),
    queryFn: ({ signal }) => apiFetch<UsersPage>(`/api/admin/users?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(q: string, page: number) {
  return useQuery(usersQueryOptions(q, page));
}
