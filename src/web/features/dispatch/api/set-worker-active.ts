/** `PATCH /api/admin/workers/:id` { active }: inactive workers get no new assignments. Admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkerActive, WorkerActiveRequest } from '@/domain/dispatch-contract';
import { apiFetch } from '@/web/lib/api-client';
import { dispatchKeys } from './keys';

export function setWorkerActive({ id, active }: WorkerActiveRequest & { id: string }): Promise<WorkerActive> {
  return apiFetch<WorkerActive>(`/api/admin/workers/${encodeURIComponent(id)}`, { method: 'PATCH', body: { active } satisfies WorkerActiveRequest });
}

export function useSetWorkerActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWorkerActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.workers() }),
  });
}
