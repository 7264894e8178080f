/** `PATCH /api/admin/workers/:id` { active }: inactive workers get no new assignments. Admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { dispatchKeys } from './keys';

export function useSetWorkerActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => apiFetch<{ id: string; active: boolean }>(`/api/admin/workers/${encodeURIComponent(id)}`, { method: 'PATCH', body: { active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.workers() }),
  });
}
