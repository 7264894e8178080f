/**
 * The worker's steps through a job, in order (docs/api.md): `POST /api/worker/jobs/:id/accept`,
 * `/on-my-way` with `{ etaMinutes }` (5-240; status `en_route`, the ETA becomes now + minutes),
 * `/start` (status `in_progress`) and `/complete` with `{ actualHours?, paintCostCents? }` (captures
 * the final amount; status `completed`; or, when the final amount is far above the booking, keeps
 * `in_progress` with `finalApproval.status` 'pending' until the office approves it). Each answers
 * the WorkerJob; 404 when the job is not theirs, 409 `transition_not_allowed` | `not_completable` |
 * `final_approval_pending` | `booking_busy` (details.status) when the step no longer fits the
 * job's state (the list then refreshes), 400 with `details.actualHours` / `details.paintCostCents`
 * for actuals above the job's ceiling. Completing carries an Idempotency-Key (one per confirmed
 * completion, the same on a retry after no answer or a 5xx), so the card is charged once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteJobRequest } from '@/domain/money-requests';
import type { OnMyWayRequest, WorkerJob } from '@/domain/worker-contract';
import { ApiError, apiFetch } from '@/web/lib/api-client';
import { withIdempotencyKey } from '@/web/lib/idempotency-key';
import { showUpdatedJob, workerJobsQueryKey } from './get-worker-jobs';

type CompleteStep = { step: 'complete'; jobId: string; actuals: CompleteJobRequest };

export type JobStep = { step: 'accept'; jobId: string } | ({ step: 'on-my-way'; jobId: string } & OnMyWayRequest) | { step: 'start'; jobId: string } | CompleteStep;

function bodyOf(input: JobStep): OnMyWayRequest | CompleteJobRequest | Record<string, never> {
  if (input.step === 'on-my-way') return { etaMinutes: input.etaMinutes };
  if (input.step === 'complete') return input.actuals;
  return {};
}

export function takeJobStep(input: JobStep, idempotencyKey?: string): Promise<WorkerJob> {
  return apiFetch<WorkerJob>(`/api/worker/jobs/${encodeURIComponent(input.jobId)}/${input.step}`, {
    method: 'POST',
    body: bodyOf(input),
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}

const completeJob = withIdempotencyKey('worker.complete', ({ idempotencyKey, ...step }: CompleteStep & { idempotencyKey: string }) => takeJobStep(step, idempotencyKey));

export function useJobStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JobStep) => (input.step === 'complete' ? completeJob(input) : takeJobStep(input)),
    onSuccess: (updated) => showUpdatedJob(queryClient, updated),
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409 || error.status === 422)) void queryClient.invalidateQueries({ queryKey: workerJobsQueryKey });
    },
  });
}
