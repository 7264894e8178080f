/**
 * Loads what the capacity engine (src/domain/capacity.ts) needs from the database: active
 * workers with the worker role, their skills, weekly availability and time off, and the active
 * jobs around a time window. A handful of queries, whatever the number of workers.
 */
import { and, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import { businessDay } from '../../../domain/slots';
import type { ScheduledJob, WorkerCapacity } from '../../../domain/capacity';
import type { ServiceSlug } from '../../../domain/services';
import type { Database, Transaction } from '../../db/client';
import { bookings, userRoles, workerAvailability, workerProfiles, workerSkills, workerTimeOff } from '../../db/schema';

type Db = Database | Transaction;
const ACTIVE = ['pending', 'confirmed', 'en_route', 'in_progress'] as const;
const DAY_MS = 24 * 60 * 60_000;

/** Active workers (role worker, active profile) with skills, weekly ranges and time off. */
export async function loadWorkers(db: Db, onlyIds?: string[]): Promise<WorkerCapacity[]> {
  const rows = await db
    .select({ userId: workerProfiles.userId })
    .from(workerProfiles)
    .innerJoin(userRoles, and(eq(userRoles.userId, workerProfiles.userId), eq(userRoles.role, 'worker')))
    .where(and(eq(workerProfiles.active, true), onlyIds ? inArray(workerProfiles.userId, onlyIds) : undefined));
  const ids = rows.map((r) => r.userId);
  if (ids.length === 0) return [];
  const [skills, weekly, timeOff] = await Promise.all([
    db.select().from(workerSkills).where(inArray(workerSkills.userId, ids)),
    db.select().from(workerAvailability).where(inArray(workerAvailability.userId, ids)),
    db.select().from(workerTimeOff).where(inArray(workerTimeOff.userId, ids)),
  ]);
  return ids.map((workerId) => ({
    workerId,
    skills: skills.filter((s) => s.userId === workerId).map((s) => s.serviceSlug as ServiceSlug),
    weekly: weekly.filter((w) => w.userId === workerId).map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
    timeOff: timeOff.filter((t) => t.userId === workerId).map(({ startsOn, endsOn }) => ({ startsOn, endsOn })),
  }));
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
 */
export async function loadCapacity(db: Db, around: Date) {
  const day = businessDay(around);
  // One after the other: inside a transaction both run on its one connection.
  const workers = await loadWorkers(db);
  const jobs = await loadJobsStarting(db, day.start, day.end);
  return { workers, jobs };
}

/**
 * The active jobs starting on one Tampa date (given as any instant on it), without the workers:
 * the part of loadCapacity a decision must read after taking its capacity locks (issue #16,
 * ./capacity-lock.ts), one query.
 */
export async function loadJobsOn(db: Db, around: Date): Promise<ScheduledJob[]> {
  const day = businessDay(around);
  return loadJobsStarting(db, day.start, day.end);
}

async function loadJobsStarting(db: Db, from: Date, before: Date): Promise<ScheduledJob[]> {
  const rows = await db
    .select({ id: bookings.id, service: bookings.serviceSlug, start: bookings.scheduledStart, end: bookings.scheduledEnd, workerId: bookings.workerId })
    .from(bookings)
    .where(and(inArray(bookings.status, [...ACTIVE]), gte(bookings.scheduledStart, from), lt(bookings.scheduledStart, before)));
  return rows.map((r) => ({ ...r, service: r.service as ServiceSlug }));
}
