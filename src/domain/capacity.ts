/**
 * The capacity engine (issue #4): which start times are offered and which workers may take a
 * job. Pure: workers, jobs and the clock are arguments.
 *
 * A worker can take a job when they have the skill, the whole job lies inside one of their
 * weekly availability ranges (Tampa wall-clock minutes on the job's Tampa weekday), the day is
 * not time off, and every other job of theirs is at least `bufferMinutes` away (travel). A start
 * is offered when, after placing the existing jobs — assigned ones with their worker, unassigned
 * ones greedily in start order on the first worker who can take them — some worker can still take
 * the new job. The greedy plan may refuse a slot an exhaustive matching would find, but it never
 * offers one that no assignment can serve.
 *
 * Instants are Date (UTC); dates are 'YYYY-MM-DD' in America/New_York; durations are minutes.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { ServiceSlug } from './services';
import { availableStarts, dayStarts, DEFAULT_SLOT_RULES, type SlotRules } from './slots';
import { BUSINESS_TIME_ZONE } from './time-zone';

export interface WeeklyRange {
  /** 0 = Sunday ... 6 = Saturday, Tampa time. */
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface TimeOff {
  /** Inclusive Tampa dates. */
  startsOn: string;
  endsOn: string;
}

export interface WorkerCapacity {
  workerId: string;
  skills: readonly ServiceSlug[];
  weekly: readonly WeeklyRange[];
  timeOff: readonly TimeOff[];
}

export interface ScheduledJob {
  id: string;
  service: ServiceSlug;
  start: Date;
  end: Date;
  /** null while waiting for dispatch. */
  workerId: string | null;
}

export interface CapacityRules extends SlotRules {
  /** Minimum minutes between two jobs of one worker (travel). */
  bufferMinutes: number;
}

export const DEFAULT_CAPACITY_RULES: CapacityRules = { ...DEFAULT_SLOT_RULES, bufferMinutes: 30 };

/** Weekday, date and minute of day of an instant on the Tampa wall clock. */
function local(instant: Date) {
  const t = new TZDate(instant.getTime(), BUSINESS_TIME_ZONE);
  return { weekday: t.getDay(), date: format(t, 'yyyy-MM-dd'), minute: t.getHours() * 60 + t.getMinutes() };
}

/** A job's time on the Tampa wall clock, computed once (time-zone math is the costly part). */
interface Window {
  service: ServiceSlug;
  start: Date;
  end: Date;
  date: string;
  weekday: number;
  startMinute: number;
  endMinute: number;
  sameDay: boolean;
}

function windowOf(job: { service: ServiceSlug; start: Date; end: Date }): Window {
  const from = local(job.start);
  const to = local(new Date(job.end.getTime() - 1));
  return { ...job, date: from.date, weekday: from.weekday, startMinute: from.minute, endMinute: to.minute + 1, sameDay: from.date === to.date };
}

function onShift(worker: WorkerCapacity, w: Window): boolean {
  if (!w.sameDay) return false;
  if (worker.timeOff.some((off) => off.startsOn <= w.date && w.date <= off.endsOn)) return false;
  return worker.weekly.some((r) => r.weekday === w.weekday && r.startMinute <= w.startMinute && w.endMinute <= r.endMinute);
}

/** Whether the worker is on shift for the whole window (same Tampa day, inside one range, not off). */
export function isOnShift(worker: WorkerCapacity, start: Date, end: Date): boolean {
  return onShift(worker, windowOf({ service: worker.skills[0] ?? 'tv-installation', start, end }));
}

function clashes(a: { start: Date; end: Date }, b: { start: Date; end: Date }, bufferMinutes: number): boolean {
  const buffer = bufferMinutes * 60_000;
  return a.start.getTime() < b.end.getTime() + buffer && b.start.getTime() < a.end.getTime() + buffer;
}

function canTake(worker: WorkerCapacity, job: Window, theirJobs: readonly { start: Date; end: Date }[], rules: CapacityRules): boolean {
  return worker.skills.includes(job.service) && onShift(worker, job) && !theirJobs.some((other) => clashes(job, other, rules.bufferMinutes));
}

/**
 * Places existing jobs on workers: assigned jobs stay with their worker; unassigned ones go, in
 * start order, to the first worker who can take them (or nowhere, when none can).
 * @returns each worker's planned jobs
 */
export function planJobs(workers: readonly WorkerCapacity[], jobs: readonly ScheduledJob[], rules: CapacityRules): Map<string, ScheduledJob[]> {
  const plan = new Map<string, ScheduledJob[]>(workers.map((w) => [w.workerId, []]));
  for (const job of jobs) if (job.workerId) plan.get(job.workerId)?.push(job);
  const waiting = jobs.filter((j) => !j.workerId).sort((a, b) => a.start.getTime() - b.start.getTime());
  for (const job of waiting) {
    const window = windowOf(job);
    const taker = workers.find((w) => canTake(w, window, plan.get(w.workerId)!, rules));
    if (taker) plan.get(taker.workerId)!.push(job);
  }
  return plan;
}

/**
 * Start times offered on a date for a new job: the first-version slots (business hours, steps,
 * lead time, days ahead; src/domain/slots.ts) that some skilled worker can take.
 * @param jobs existing active jobs (any dates; only those near the date matter)
 */
export function offeredStarts(input: {
  date: string;
  service: ServiceSlug;
  durationMinutes: number;
  workers: readonly WorkerCapacity[];
  jobs: readonly ScheduledJob[];
  rules: CapacityRules;
  now: Date;
}): Date[] {
  const candidates = availableStarts(input.date, input.durationMinutes, input.now, input.rules);
  if (candidates.length === 0) return [];
  const plan = planJobs(input.workers, input.jobs, input.rules);
  return candidates.filter((start) => {
    const job = windowOf({ service: input.service, start, end: new Date(start.getTime() + input.durationMinutes * 60_000) });
    return input.workers.some((w) => canTake(w, job, plan.get(w.workerId)!, input.rules));
  });
}

/**
 * A Tampa day's capacity plan (issue #16): the day's existing jobs placed on the workers
 * (planJobs), the expensive part of offeredStarts, computed once and reused for every service,
 * job length and instant until something on that day changes. The clock is not part of it.
 */
export interface DayPlan {
  /** 'YYYY-MM-DD', Tampa. */
  date: string;
  workers: readonly WorkerCapacity[];
  /** Each worker's planned jobs on the date (assigned ones, and unassigned ones placed greedily). */
  jobsByWorker: ReadonlyMap<string, readonly ScheduledJob[]>;
  rules: CapacityRules;
}

/**
 * @param jobs the active jobs starting on the date (more are harmless: only the date's can clash)
 */
export function planDay(input: { date: string; workers: readonly WorkerCapacity[]; jobs: readonly ScheduledJob[]; rules: CapacityRules }): DayPlan {
  return { date: input.date, workers: input.workers, jobsByWorker: planJobs(input.workers, input.jobs, input.rules), rules: input.rules };
}

/**
 * Every start on the plan's date that some skilled worker can take for a new job, whatever the
 * time now: `startsOfferedAt(startsOnPlan(plan, ...), date, now, rules)` equals offeredStarts for
 * the same workers, jobs and rules (src/domain/day-plan.test.ts proves it on random days).
 * @returns UTC instants, ascending
 */
export function startsOnPlan(plan: DayPlan, service: ServiceSlug, durationMinutes: number): Date[] {
  return dayStarts(plan.date, durationMinutes, plan.rules).filter((start) => {
    const job = windowOf({ service, start, end: new Date(start.getTime() + durationMinutes * 60_000) });
    return plan.workers.some((w) => canTake(w, job, plan.jobsByWorker.get(w.workerId) ?? [], plan.rules));
  });
}

/** Whether `start` is offered for this job now (used again inside the booking transaction). */
export function isStartOffered(input: Omit<Parameters<typeof offeredStarts>[0], 'date'> & { start: Date }): boolean {
  const date = local(input.start).date;
  // offeredStarts' answer for this one start, without judging the day's other starts (issue #16:
  // this runs under the capacity locks, so it is kept short).
  if (!availableStarts(date, input.durationMinutes, input.now, input.rules).some((s) => s.getTime() === input.start.getTime())) return false;
  const plan = planJobs(input.workers, input.jobs, input.rules);
  const job = windowOf({ service: input.service, start: input.start, end: new Date(input.start.getTime() + input.durationMinutes * 60_000) });
  return input.workers.some((w) => canTake(w, job, plan.get(w.workerId)!, input.rules));
}

/**
 * Workers an admin may assign to a job: skilled, on shift for the whole job, and clear of their
 * other assigned jobs by the buffer. The job itself (if already assigned) is ignored.
 */
export function assignableWorkers(input: { job: ScheduledJob; workers: readonly WorkerCapacity[]; jobs: readonly ScheduledJob[]; rules: CapacityRules }): string[] {
  const job = windowOf(input.job);
  return input.workers.filter((w) => canTake(w, job, input.jobs.filter((j) => j.workerId === w.workerId && j.id !== input.job.id), input.rules)).map((w) => w.workerId);
}

/** The business hours as a weekly availability, every day: a new worker's default. */
export function businessHoursWeek(rules: SlotRules = DEFAULT_SLOT_RULES): WeeklyRange[] {
  return Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: rules.openMinute, endMinute: rules.closeMinute }));
}
