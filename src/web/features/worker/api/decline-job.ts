/**
 * `POST /api/worker/jobs/:id/decline` with `{ reason, note? }` (src/domain/worker-contract.ts):
 * the assigned worker gives a job back to dispatch before heading out. 204; 404 once it is no
 * longer theirs, 409 `transition_not_allowed` once on the way, 400 with `details.note` when the
 * words are missing for "other" or too long. The job leaves the worker's list at once, and a toast
 * says so (here, not in the card: the card is gone by then).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeclineJobRequest, WorkerJob } from '@/domain/worker-contract';
import { ApiError, apiFetch } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { workerJobsQueryKey } from './get-worker-jobs';

export function declineJob(jobId: string, body: DeclineJobRequest): Promise<void> {
  return apiFetch<void>(`/api/worker/jobs/${encodeURIComponent(jobId)}/decline`, { method: 'POST', body });
}

export function useDeclineJob(jobId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: DeclineJobRequest) => declineJob(jobId, body),
    onSuccess: () => {
      toast.success(t('worker.decline.done'));
      queryClient.setQueryData<WorkerJob[]>(workerJobsQueryKey, (jobs) => jobs?.filter((job) => job.id !== jobId));
      return queryClient.invalidateQueries({ queryKey: workerJobsQueryKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) void queryClient.invalidateQueries({ queryKey: workerJobsQueryKey });
    },
  });
}
