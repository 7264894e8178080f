/** `PATCH /api/admin/users/{id}/role` { role } and `POST /api/admin/users/{id}/disable|enable`. Admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleChangeRequest } from '@/domain/admin-users';
import { apiFetch } from '@/web/lib/api-client';
import { peopleKeys } from './keys';

export type UserChange = ({ id: string } & RoleChangeRequest) | { id: string; disabled: boolean };

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) =>
      'role' in change
        ? apiFetch(`/api/admin/users/${encodeURIComponent(change.id)}/role`, { method: 'PATCH', body: { role: change.role } })
        : apiFetch(`/api/admin/users/${encodeURIComponent(change.id)}/${change.disabled ? 'disable' : 'enable'}`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.allUsers() }),
  });
}
