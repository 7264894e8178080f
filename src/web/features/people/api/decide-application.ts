/** `POST /api/admin/worker-applications/{id}/approve` and `.../reject` { reason }. Admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationForReview, RejectApplicationRequest } from '@/domain/worker-applications';
import { apiFetch } from '@/web/lib/api-client';
import { peopleKeys } from './keys';

export type Decision = { id: string; decision: 'approve' } | ({ id: string; decision: 'reject' } & RejectApplicationRequest);

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) =>
      apiFetch<ApplicationForReview>(`/api/admin/worker-applications/${d.id}/${d.decision}`, { method: 'POST', body: d.decision === 'reject' ? { reason: d.reason } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.allApplications() }),
  });
}
