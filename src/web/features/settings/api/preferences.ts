/** `/api/account/preferences`: the caller's email and SMS notification choices. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@/domain/account';
import { apiFetch } from '@/web/lib/api-client';

export const preferencesQueryOptions = queryOptions({
  queryKey: ['account', 'preferences'],
  queryFn: () => apiFetch<NotificationPreferences>('/api/account/preferences'),
});

export const usePreferences = () => useQuery(preferencesQueryOptions);

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) => apiFetch<NotificationPreferences>('/api/account/preferences', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryOptions.queryKey, saved),
  });
}
