/** Account Security through Better Auth: change password, list sessions, sign out the others. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export interface ActiveSession {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  userAgent?: string | null;
  ipAddress?: string | null;
}

export const sessionsQueryOptions = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: () => apiFetch<ActiveSession[]>('/api/auth/list-sessions'),
});

export const useSessions = () => useQuery(sessionsQueryOptions);

export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  apiFetch('/api/auth/change-password', { method: 'POST', body: input });

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/auth/revoke-other-sessions', { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}
