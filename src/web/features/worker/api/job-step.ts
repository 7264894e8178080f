/**
 * The worker's steps through a job, in order (docs/api.md): `POST /api/worker/jobs/:id/accept`,
 * `/on-my-way` with `{ etaMinutes }` (5-240; status `en_route`, the ETA becomes now + minutes),
 * `/start` (status `in_progress`) and `/complete` with `{ actualHours?, paintCostCents? }` (captures
 * the final amount; status `completed`). Each answers the WorkerJob; 404 when the job is not
 * theirs, 422 `transition_not_allowed` when the step is out of order (the list then refreshes).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobActuals } from '@/web/components/staff/job-actuals-fields';
import { ApiError, apiFetch } from '@/web/lib/api-client';
import type { WorkerJob } from '../types';
import { showUpdatedJob, workerJobsQueryKey } from './get-worker-jobs';

export type JobStep =
  | { step: 'accept'; jobId: string }
  | { step: 'on-my-way'; jobId: string; etaMinutes: number }
  | { step: 'start'; jobId: string }
  | { step: 'complete'; jobId: string; actuals: JobActuals };

function bodyOf(input: JobStep): object {
  if (input.step === 'on-my-way') return { etaMinutes: input.etaMinutes };
  if (input.step === 'complete') return input.actuals;
  return {};
}

export function takeJobStep(input: JobStep): Promise<WorkerJob> {
  return apiFetch<WorkerJob>(`/api/worker/jobs/${encodeURIComponent(input.jobId)}/${input.step}`, { method: 'POST', body: bodyOf(input) });
}

export function useJobStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeJobStep,
    onSuccess: (updated) => showUpdatedJob(queryClient, updated),
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409 || error.status === 422)) void queryClient.invalidateQueries({ queryKey: workerJobsQueryKey });
    },
  });
}
