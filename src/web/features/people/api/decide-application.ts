/** `POST /api/admin/worker-applications/:id/approve` and `.../reject` { reason }. Admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import type { WorkerApplication } from '../types';
import { peopleKeys } from './keys';

export type Decision = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) =>
      apiFetch<WorkerApplication>(`/api/admin/worker-applications/${d.id}/${d.decision}`, { method: 'POST', body: d.decision === 'reject' ? { reason: d.reason } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.allApplications() }),
  });
}
