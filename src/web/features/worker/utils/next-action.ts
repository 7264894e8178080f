/**
 * The one thing a worker does next on a job, in the order the server allows (the booking state
 * machine, src/domain/booking-status.ts): accept an assigned job, then "On my way" (with an ETA),
 * then start, then complete. Finished or cancelled jobs have none.
 *
 * Accepting leaves the status `confirmed`, so `acceptedAt` tells the two apart. It is assumed on
 * WorkerJob (docs/api.md does not list it); `acceptedHere` covers a job accepted in this visit
 * when the server's answer does not carry it.
 */
import type { WorkerJob } from '@/domain/worker-contract';

export type NextAction = 'accept' | 'onMyWay' | 'start' | 'complete';

export function nextAction(job: Pick<WorkerJob, 'status' | 'acceptedAt'>, acceptedHere = false): NextAction | null {
  switch (job.status) {
    case 'confirmed':
      return job.acceptedAt || acceptedHere ? 'onMyWay' : 'accept';
    case 'en_route':
      return 'start';
    case 'in_progress':
      return 'complete';
    default:
      return null;
  }
}
