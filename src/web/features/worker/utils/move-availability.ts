/**
 * Whether the worker's next move on a job is open now, from the windows the server sends with
 * each job (`WorkerJob.moveWindow`, computed by src/domain/job-timing.ts with the admin's job
 * rules): "On my way" and "Start job" from `departureOpensAt` to the end of the job's Tampa day,
 * "Complete" from `completeOpensAt`. The card shows when a closed move opens instead of offering
 * a step the server would refuse (422 `outside_job_window`).
 */
import type { WorkerJob } from '@/domain/worker-contract';
import type { NextAction } from './next-action';

export type MoveAvailability = { open: true } | { open: false; reason: 'opens'; at: string } | { open: false; reason: 'dayOver' };

/** `now`: epoch milliseconds. */
export function moveAvailability(job: Pick<WorkerJob, 'moveWindow'>, action: NextAction, now: number): MoveAvailability {
  const window = job.moveWindow;
  if (action === 'onMyWay' || action === 'start') {
    if (now < Date.parse(window.departureOpensAt)) return { open: false, reason: 'opens', at: window.departureOpensAt };
    if (now >= Date.parse(window.departureClosesAt)) return { open: false, reason: 'dayOver' };
  }
  if (action === 'complete' && window.completeOpensAt && now < Date.parse(window.completeOpensAt)) return { open: false, reason: 'opens', at: window.completeOpensAt };
  return { open: true };
}
