/** `GET /api/admin/users?q=&page=&pageSize=`: one page of users. Admins only. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_USERS_PAGE_SIZE, type AdminUsersPage } from '@/domain/admin-users';
import { apiFetch } from '@/web/lib/api-client';
import { peopleKeys } from './keys';

export function usersQueryOptions(q: string, page: number) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_USERS_PAGE_SIZE) });
  if (q) params.set('q', q);
  return queryOptions({
    queryKey: peopleKeys.users(q, page),
    queryFn: ({ signal }) => apiFetch<AdminUsersPage>(`/api/admin/users?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(q: string, page: number) {
  return useQuery(usersQueryOptions(q, page));
}
