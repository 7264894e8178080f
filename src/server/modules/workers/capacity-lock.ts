/**
 * The capacity lock (issue #16, docs/decisions/031-booking-lock-scope.md): what a booking, a
 * reschedule or an assignment holds while it decides on the day's plan and writes its job.
 *
 * It used to be one advisory lock per Tampa date. It is now one per (date, service), and a
 * decision takes the locks of every service its own is linked to that day through workers on
 * duty with both skills (src/domain/capacity-contention.ts): two decisions whose services share
 * no such worker never wait for each other, two that could move each other's plan share at least
 * one lock. The locks are transaction-scoped (pg_advisory_xact_lock: released at commit or
 * rollback, after the commit is visible), taken in one statement in SERVICE_SLUGS order, so no
 * two paths can deadlock on them; every path takes a booking's row lock, if any, before them.
 *
 * The workers are read just before the locks, in the same transaction (by lockCapacityFor, or by
 * the caller's earlier statement of that transaction: booking creation reads them in its insert,
 * capacity.repository.ts workersColumn): no path that changes a
 * worker takes these locks (it never did), and the decision and the lock set must come from the
 * same read — then two decisions that saw different workers still share a lock whenever either
 * read links their services. The jobs are read after the locks, by the locking statement itself
 * (capacity.repository.ts loadJobsOnAfterLocks: a function whose read takes its snapshot after the
 * waits, decision 054), so each decision sees every job committed by the decisions it waited for
 * (PGlite runs one transaction at a time).
 */
import type { ScheduledJob, WorkerCapacity } from '../../../domain/capacity';
import { contendingServices } from '../../../domain/capacity-contention';
import type { ServiceSlug } from '../../../domain/services';
import { businessDate, businessWeekday } from '../../../domain/slots';
import type { Transaction } from '../../db/client';
import { loadJobsOnAfterLocks, loadWorkersOn } from './capacity.repository';

/**
 * Reads the active workers, takes the capacity locks of the start's Tampa date for `service` until
 * the transaction ends, and reads that date's active jobs after them (one statement for the locks
 * and the jobs).
 * @param input.start any instant on the Tampa date (the job's start)
 * @param input.workers the workers of that date as loadWorkersOn reads them, when an earlier
 *   statement of this transaction read them already (they are not read again)
 * @returns the workers read (with the weekly ranges and time off of that date only,
 *   capacity.repository.ts loadWorkersOn) and the active jobs starting on the date (loadJobsOn's),
 *   for the fresh capacity check of that date that must follow under the locks
 *   (capacity.service.ts StartCheck `workers` and `jobs`)
 */
export async function lockCapacityFor(tx: Transaction, input: { start: Date; service: ServiceSlug; workers?: WorkerCapacity[] }): Promise<{ workers: WorkerCapacity[]; jobs: ScheduledJob[] }> {
  const date = businessDate(input.start);
  const workers = input.workers ?? (await loadWorkersOn(tx, date));
  const services = contendingServices({ workers, date, weekday: businessWeekday(date), service: input.service });
  const jobs = await loadJobsOnAfterLocks(tx, input.start, services.map((service) => capacityLockKey(date, service)));
  return { workers, jobs };
}

/** The advisory-lock name of one service's capacity on one Tampa date (hashed with hashtext). */
export function capacityLockKey(date: string, service: ServiceSlug): string {
  return `capacity:${date}:${service}`;
}
