/**
 * The periodic background work (moved here from index.ts so tests can run it): the payment
 * jobs (deferred holds, expired holds, failed payments), reconciliation with the gateway over the
 * last 48 hours, the removal of abandoned uploads, then the chats' offline emails (issue #13,
 * modules/chats/chat-fallback.ts), the job reminders (issue #14, modules/reminders/) and the booking mail
 * nobody sent (issue #16, notifications/booking-notifier.ts sendUnsentBookingMail). Each step runs even when the one before
 * failed; a failure is logged and written to the error log (issue #11: `critical` for the money
 * jobs, src/server/modules/errors/server-errors.ts). Never throws.
 *
 * Several app processes on one PostgreSQL (issue #16, docs/decisions/032-several-server-processes.md):
 * `startScheduledJobs` runs every job under an advisory lock of its own (db/session-lock.ts), so
 * one process at a time runs a given job, and claims the job's tick in the shared counters
 * (`rate_limit_counters`), so one run per interval happens across all processes whichever of them
 * wakes first. Inside a job each item is claimed in the database as well (payments through the
 * booking's lock and money operation, reminders in `reminder_sends`, chat emails and uploads with
 * `FOR UPDATE SKIP LOCKED`, booking mail by the outbox's unique index), so even two runs of one
 * job never send or charge twice.
 */
import { counterKey, countHit } from './auth/attempt-counters';
import type { DatabaseHandle } from './db/client';
import { inProcessExclusive, postgresExclusive, type ExclusiveRunner } from './db/session-lock';
import type { AppDeps } from './lib/app-env';
import { jobFailed } from './modules/errors/server-errors';
import { runPaymentJobs } from './modules/payments/payment-jobs';
import { reconcilePayments } from './modules/payments/reconciliation';
import { removeAbandonedUploads } from './modules/uploads/upload-cleanup';
import { sendChatFallbackEmails } from './modules/chats/chat-fallback';
import { sendDueReminders } from './modules/reminders/reminders.service';
import { sendUnsentBookingMail } from './notifications/booking-notifier';

/** How far back reconciliation compares our records with the gateway's. */
export const RECONCILE_WINDOW_MS = 48 * 60 * 60_000;

/** The jobs, in the order one run takes them. */
export const SCHEDULED_JOBS = {
  payment_jobs: (deps: AppDeps) => runPaymentJobs(deps),
  reconciliation: (deps: AppDeps) => reconcilePayments(deps, new Date(deps.now().getTime() - RECONCILE_WINDOW_MS)),
  upload_cleanup: (deps: AppDeps) => removeAbandonedUploads(deps),
  chat_fallback_emails: (deps: AppDeps) => sendChatFallbackEmails(deps),
  reminders: (deps: AppDeps) => sendDueReminders(deps),
  booking_mail: (deps: AppDeps) => sendUnsentBookingMail(deps),
} as const;

export type ScheduledJob = keyof typeof SCHEDULED_JOBS;

/** How one job's run is guarded; `run` is the job itself (failures already recorded). */
export type JobGuard = (job: ScheduledJob, run: () => Promise<void>) => Promise<boolean>;

/** No guard: the job runs (tests that call the jobs directly, with a pinned clock). */
const unguarded: JobGuard = async (_job, run) => {
  await run();
  return true;
};

/**
 * Runs each job once, in order.
 * @param guard decides whether this process runs a job now (`clusterJobGuard`); default: always
 * @returns the jobs this call ran (the others were skipped by the guard)
 */
export async function runScheduledJobs(deps: AppDeps, guard: JobGuard = unguarded): Promise<ScheduledJob[]> {
  const ran: ScheduledJob[] = [];
  for (const job of Object.keys(SCHEDULED_JOBS) as ScheduledJob[]) {
    const run = async () => {
      await SCHEDULED_JOBS[job](deps).catch((error: unknown) => jobFailed(deps, job, error));
    };
    const didRun = await guard(job, run).catch(async (error: unknown) => {
      await jobFailed(deps, job, error); // the lock's connection failed: the job did not run
      return false;
    });
    if (didRun) ran.push(job);
  }
  return ran;
}

/** A job's tick lasts this share of the interval. */
const TICK_SHARE = 0.9;

/**
 * The guard of the server's loop: the job's advisory lock (skipped when another process holds
 * it), then its tick: the first process to run the job in an `intervalMs` window counts it in
 * `rate_limit_counters`; the others skip the job until the window (90 % of the interval) ends.
 * @param exclusive the lock (postgresExclusive(url, 'job'), or inProcessExclusive() on the embedded database)
 */
export function clusterJobGuard(deps: Pick<AppDeps, 'db' | 'now'>, exclusive: ExclusiveRunner, intervalMs: number): JobGuard {
  return async (job, run) => {
    const outcome = await exclusive.tryRun(job, async () => {
      // 90 % of the interval: the process that ran the last tick, waking one interval later but
      // a few ms sooner after taking the lock, must find that tick over
      const tick = await countHit(deps.db, counterKey('scheduled-job', job), deps.now(), (intervalMs * TICK_SHARE) / 1000);
      if (tick.count > 1) return false;
      await run();
      return true;
    });
    return outcome.ran && outcome.value;
  };
}

export interface ScheduledJobsLoop {
  /** Stops the loop; resolves when the run in progress, if any, has finished. */
  stop(): Promise<void>;
}

/**
 * Runs the jobs every `intervalMs` (JOB_INTERVAL_MS), one run at a time in this process, under
 * `clusterJobGuard` (PostgreSQL: advisory locks shared by every process; PGlite: this process).
 */
export function startScheduledJobs(deps: AppDeps, handle: Pick<DatabaseHandle, 'connectionString'>, intervalMs: number): ScheduledJobsLoop {
  const exclusive = handle.connectionString ? postgresExclusive(handle.connectionString, 'job') : inProcessExclusive();
  const guard = clusterJobGuard(deps, exclusive, intervalMs);
  let current: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (current) return;
    current = runScheduledJobs(deps, guard).finally(() => {
      current = null;
    });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
