/**
 * Loads what the capacity engine (src/domain/capacity.ts) needs from the database: active
 * workers with the worker role, their skills, weekly availability and time off, and the active
 * jobs around a time window. One statement each, whatever the number of workers (issue #16:
 * these run twice per booking created, once under the capacity locks).
 */
import { and, gte, inArray, lte, sql, type Placeholder } from 'drizzle-orm';
import { businessDay, businessWeekday } from '../../../domain/slots';
import type { ScheduledJob, WorkerCapacity } from '../../../domain/capacity';
import type { ServiceSlug } from '../../../domain/services';
import type { Database, Transaction } from '../../db/client';
import { readOne, type CombinedRead } from '../../db/combined-read';
import { builtOnce, executeNamed } from '../../db/named-statement';
import { bookings, userRoles, workerAvailability, workerProfiles, workerSkills, workerTimeOff } from '../../db/schema';

type Db = Database | Transaction;
const ACTIVE = ['pending', 'confirmed', 'en_route', 'in_progress'] as const;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The active workers' rows as JSON, one statement's FROM part: each worker's skills (by slug),
 * weekly ranges (by weekday and start) and time off (by first day), aggregated per worker.
 * Grouped joins rather than a subquery per worker: about a third less database time on 50
 * workers (issue #16).
 */
function workerRows(on?: { date: string | Placeholder; weekday: number | Placeholder }) {
  const weekly = on ? sql` where weekday = ${on.weekday}` : sql``;
  const off = on ? sql` where starts_on <= ${on.date}::date and ends_on >= ${on.date}::date` : sql``;
  return sql`
  ${workerProfiles} w
  join ${userRoles} r on r.user_id = w.user_id and r.role = 'worker'
  left join (select user_id, json_agg(service_slug order by service_slug) as v from ${workerSkills} group by user_id) s on s.user_id = w.user_id
  left join (select user_id, json_agg(json_build_array(weekday, start_minute, end_minute) order by weekday, start_minute, end_minute) as v from ${workerAvailability}${weekly} group by user_id) a on a.user_id = w.user_id
  left join (select user_id, json_agg(json_build_array(starts_on, ends_on) order by starts_on, ends_on) as v from ${workerTimeOff}${off} group by user_id) o on o.user_id = w.user_id`;
}
const WORKER_ROWS = workerRows();
const WORKER_JSON = sql`json_build_array(w.user_id, coalesce(s.v, '[]'::json), coalesce(a.v, '[]'::json), coalesce(o.v, '[]'::json))`;

type WorkerJson = [workerId: string, skills: ServiceSlug[], weekly: [number, number, number][], timeOff: [string, string][]];
type JobJson = [id: string, service: string, startMs: number, endMs: number, workerId: string | null];

function workerOf([workerId, skills, weekly, timeOff]: WorkerJson): WorkerCapacity {
  return {
    workerId,
    skills,
    weekly: weekly.map(([weekday, startMinute, endMinute]) => ({ weekday, startMinute, endMinute })),
    timeOff: timeOff.map(([startsOn, endsOn]) => ({ startsOn, endsOn })),
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Active workers (role worker, active profile) with skills, weekly ranges and time off, in one
 * statement (issue #16: it runs twice per booking, once in the transaction of the capacity
 * locks; four statements binding every worker id three times were about a fifth of a booking's
 * server CPU). Workers in user id order.
 * @param onlyIds only these workers (still only the active ones)
 */
export async function loadWorkers(db: Db, onlyIds?: string[]): Promise<WorkerCapacity[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  const only = onlyIds ? sql` and w.user_id in (${sql.join(onlyIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const result = await db.execute(sql`select ${WORKER_JSON} as worker from ${WORKER_ROWS} where w.active${only} order by w.user_id`);
  return rowsOf<{ worker: WorkerJson }>(result).map((row) => workerOf(row.worker));
}

/**
 * The active workers as loadWorkers reads them, with only what matters on one Tampa date: the
 * weekly ranges of its weekday and the time off covering it (issue #16: about a seventh of the
 * rows to aggregate and decode). Every capacity decision on that date (isStartOffered,
 * assignableWorkers, contendingServices) reads nothing else of a worker.
 * @param date 'YYYY-MM-DD', Tampa
 */
export async function loadWorkersOn(db: Db, date: string): Promise<WorkerCapacity[]> {
  const rows = await executeNamed<{ worker: WorkerJson }>(db, sql`select ${WORKER_JSON} as worker from ${workerRows({ date, weekday: businessWeekday(date) })} where w.active order by w.user_id`);
  return rows.map((row) => workerOf(row.worker));
}

/**
 * The active workers as one JSON column of another statement, in loadWorkers' order: every date's
 * rows (capacityRead), or with `on` only one date's, as loadWorkersOn reads them (issue #16:
 * booking creation reads the decisive check's workers in its insert, the first statement of its
 * transaction, one round trip fewer; decision 053). The date and weekday may be
 * `sql.placeholder`s of a statement built once (db/named-statement.ts builtOnce); decode the
 * column with `workersFromJson`.
 * @param on.date 'YYYY-MM-DD' Tampa (cast to date), on.weekday 0-6 (Sunday 0) of that date
 */
export function workersColumn(on?: { date: string | Placeholder; weekday: number | Placeholder }) {
  return sql`(select coalesce(json_agg(${WORKER_JSON} order by w.user_id), '[]'::json) from ${on ? workerRows(on) : WORKER_ROWS} where w.active)`;
}

/** The workers of a `workersColumn` column, as loadWorkers / loadWorkersOn return them. */
export function workersFromJson(json: unknown): WorkerCapacity[] {
  return (json as WorkerJson[]).map(workerOf);
}

/** Active jobs starting within a day either side of [from, to]. */
export async function loadJobs(db: Db, from: Date, to: Date): Promise<ScheduledJob[]> {
  const rows = await db
    .select({ id: bookings.id, service: bookings.serviceSlug, start: bookings.scheduledStart, end: bookings.scheduledEnd, workerId: bookings.workerId })
    .from(bookings)
    .where(and(inArray(bookings.status, [...ACTIVE]), gte(bookings.scheduledStart, new Date(from.getTime() - DAY_MS)), lte(bookings.scheduledStart, new Date(to.getTime() + DAY_MS))));
  return rows.map((r) => ({ ...r, service: r.service as ServiceSlug }));
}

/**
 * Workers and the jobs that matter for one Tampa date (given as any instant on it): jobs never
 * cross midnight, so only jobs starting on that Tampa date can clash with a job on it.
 * As a read that can share a statement (db/combined-read.ts: booking creation's first check reads
 * it with the settings), so workers and jobs come from one snapshot; the same rows and order as
 * loadWorkers and loadJobsOn.
 */
export function capacityRead(around: Date): CombinedRead<{ workers: WorkerCapacity[]; jobs: ScheduledJob[] }> {
  const day = businessDay(around);
  return {
    columns: {
      workers: workersColumn(),
      jobs: jobsStartingJson(day.start, day.end),
    },
    decode: (row) => ({ workers: workersFromJson(row.workers), jobs: (row.jobs as JobJson[]).map(jobOf) }),
  };
}

/**
 * The active jobs starting on one Tampa date (any instant on it), as a read that can share a
 * statement (db/combined-read.ts): booking creation's first check, whose workers come from the
 * process's cache (capacity-caches.ts cachedWorkers; decision 045).
 */
export function jobsRead(around: Date): CombinedRead<ScheduledJob[]> {
  const day = businessDay(around);
  return { columns: { jobs: jobsStartingJson(day.start, day.end) }, decode: (row) => (row.jobs as JobJson[]).map(jobOf) };
}

/** capacityRead alone, in one statement (the slots' day plans). */
export function loadCapacity(db: Db, around: Date): Promise<{ workers: WorkerCapacity[]; jobs: ScheduledJob[] }> {
  return readOne(db, capacityRead(around));
}

/** The active statuses as a list of parameters, and as capacity_locked_jobs' `booking_status[]` argument. */
const ACTIVE_LIST = sql.join(ACTIVE.map((status) => sql`${status}`), sql`, `);
const ACTIVE_STATUSES = sql`array[${ACTIVE_LIST}]::booking_status[]`;

/**
 * The active jobs starting in [from, before) as one JSON array (a scalar subquery). The SQL
 * function capacity_locked_jobs (migration 0027) reads the same rows into the same array: keep
 * the two alike (day-plan-cache.test.ts compares them).
 * @param from, before instants, or `sql.placeholder`s (ISO strings) of a statement built once
 */
function jobsStartingJson(from: Date | Placeholder, before: Date | Placeholder) {
  const instant = (value: Date | Placeholder) => (value instanceof Date ? value.toISOString() : value);
  return sql`select coalesce(json_agg(json_build_array(b.id, b.service_slug, (extract(epoch from b.scheduled_start) * 1000)::bigint, (extract(epoch from b.scheduled_end) * 1000)::bigint, b.worker_id)), '[]'::json)
    from ${bookings} b
    where b.status in (${ACTIVE_LIST}) and b.scheduled_start >= ${instant(from)}::timestamptz and b.scheduled_start < ${instant(before)}::timestamptz`;
}

const jobOf = ([id, service, startMs, endMs, workerId]: JobJson): ScheduledJob => ({ id, service: service as ServiceSlug, start: new Date(Number(startMs)), end: new Date(Number(endMs)), workerId });

/**
 * The active jobs starting on one Tampa date (given as any instant on it), without the workers:
 * the part of loadCapacity a decision must read after taking its capacity locks (issue #16,
 * ./capacity-lock.ts), one query.
 */
export async function loadJobsOn(db: Db, around: Date): Promise<ScheduledJob[]> {
  const day = businessDay(around);
  return loadJobsStarting(db, day.start, day.end);
}

/** loadJobsStarting's statement, built once (issue #16: it runs for every first check of a booking). */
const jobsStartingStatement = builtOnce<{ from: string; before: string }>(() => sql`select (${jobsStartingJson(sql.placeholder('from'), sql.placeholder('before'))}) as jobs`);

async function loadJobsStarting(db: Db, from: Date, before: Date): Promise<ScheduledJob[]> {
  const [row] = await jobsStartingStatement(db, { from: from.toISOString(), before: before.toISOString() });
  return (row!.jobs as JobJson[]).map(jobOf);
}

/** loadJobsOnAfterLocks' statement, built once: one text whatever the number of locks (an array parameter). */
const lockedJobsStatement = builtOnce<{ keys: string[]; from: string; before: string }>(
  () => sql`select capacity_locked_jobs(${sql.placeholder('keys')}::text[], ${sql.placeholder('from')}::timestamptz, ${sql.placeholder('before')}::timestamptz, ${ACTIVE_STATUSES}) as jobs`,
);

/**
 * Takes advisory transaction locks on `lockKeys` (hashtext of each, in the given order), then
 * reads loadJobsOn's jobs, in one statement (issue #16, decision 054): the SQL function
 * capacity_locked_jobs (migration 0027) reads them with a snapshot taken after the locks, so they
 * include every job committed by the transactions the locks waited for. The locks last until the
 * transaction ends (./capacity-lock.ts names them).
 * @param around any instant on the Tampa date
 * @throws the driver's error (e.g. a deadlock, if a caller broke capacity-lock.ts' order)
 */
export async function loadJobsOnAfterLocks(tx: Transaction, around: Date, lockKeys: readonly string[]): Promise<ScheduledJob[]> {
  const day = businessDay(around);
  const [row] = await lockedJobsStatement(tx, { keys: [...lockKeys], from: day.start.toISOString(), before: day.end.toISOString() });
  return (row!.jobs as JobJson[]).map(jobOf);
}
