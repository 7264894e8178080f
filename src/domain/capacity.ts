/**
 * The capacity engine (issue #4): which start times are offered and which workers may take a
 * job. Pure: workers, jobs and the clock are arguments.
 *
 * A worker can take a job when they have the skill, the whole job lies inside one of their
 * weekly availability ranges (Tampa wall-clock minutes on the job's Tampa weekday), the day is
 * not time off, and every other job of theirs is at least `bufferMinutes` away (travel). A start
 * is offered when, after placing the existing jobs (planJobs: assigned ones with their worker,
 * unassigned ones searched for a placement of them all), some worker can take the new job in a gap
 * of that placement, or a reshuffled placement of the day with the new job places it and every job
 * placed before (takesNewJob) — so every accepted job comes with a placement of all the day's jobs
 * the plan could place. A bounded search may refuse a slot an exhaustive one would find; it never
 * offers one that would leave a booked job without a worker.
 *
 * Instants are Date (UTC); dates are 'YYYY-MM-DD' in America/New_York; durations are minutes.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { contendingServices } from './capacity-contention';
import type { ServiceSlug } from './services';
import { KeptAnswers } from './kept-answers';
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

interface WallClock {
  weekday: number;
  date: string;
  minute: number;
}

/**
 * Wall-clock readings already made, by instant (ms): a day's jobs and starts sit on a few dozen
 * instants that every plan of the day reads again, and each reading costs a time-zone lookup and
 * a format (issue #16: about a tenth of a booking's CPU). Pure, so kept across calls.
 */
const readings = new KeptAnswers<number, Readonly<WallClock>>(50_000);

/** Weekday, date and minute of day of an instant on the Tampa wall clock. */
function local(instant: Date): Readonly<WallClock> {
  const ms = instant.getTime();
  return readings.get(ms, () => {
    const t = new TZDate(ms, BUSINESS_TIME_ZONE);
    return Object.freeze({ weekday: t.getDay(), date: format(t, 'yyyy-MM-dd'), minute: t.getHours() * 60 + t.getMinutes() });
  });
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
 * Search steps planJobs may spend looking for a placement of every waiting job: enough for any
 * real day (the search places a typical day on its first path), bounded so a day with a job
 * nobody can take (time off added after booking) still plans in milliseconds.
 */
export const PLAN_SEARCH_STEPS = 5_000;

/**
 * Places the day's jobs on workers: assigned jobs stay with their worker; unassigned ones, in
 * start order, are searched (depth first) for a placement of them all, trying the most
 * specialised capable worker first (fewest skills, then the given order), so a job that only a
 * multi-skilled worker can do is not crowded out by one a specialist could have taken (issue #16:
 * the former first-worker greedy left a furniture job without a worker after two TV bookings,
 * docs/decisions/031-booking-lock-scope.md). When no complete placement exists (or none is found
 * within `searchSteps`), the placement found with the most jobs is returned, and the jobs left
 * out are in no worker's list.
 * @returns each worker's planned jobs (assigned first, then the placed waiting ones in start order)
 */
export function planJobs(workers: readonly WorkerCapacity[], jobs: readonly ScheduledJob[], rules: CapacityRules, searchSteps = PLAN_SEARCH_STEPS): Map<string, ScheduledJob[]> {
  const plan = new Map<string, ScheduledJob[]>(workers.map((w) => [w.workerId, []]));
  for (const job of jobs) if (job.workerId) plan.get(job.workerId)?.push(job);
  const waiting = jobs.filter((j) => !j.workerId).sort((a, b) => a.start.getTime() - b.start.getTime());
  if (waiting.length === 0) return plan;
  const windows = waiting.map(windowOf);
  const byPreference = workers.map((w, index) => ({ w, index })).sort((a, b) => a.w.skills.length - b.w.skills.length || a.index - b.index).map(({ w }) => w);
  const chosen: (string | null)[] = new Array(waiting.length).fill(null);
  let best: (string | null)[] = [...chosen];
  let bestPlaced = -1;
  let steps = 0;
  // Returns true when every waiting job is placed (or the budget is spent): the search stops.
  const place = (i: number, placed: number): boolean => {
    if (placed + (waiting.length - i) <= bestPlaced) return false; // cannot beat the best found
    if (i === waiting.length) {
      best = [...chosen];
      bestPlaced = placed;
      return placed === waiting.length;
    }
    if (++steps > searchSteps) return true;
    for (const worker of byPreference) {
      const theirs = plan.get(worker.workerId)!;
      if (!canTake(worker, windows[i]!, theirs, rules)) continue;
      theirs.push(waiting[i]!);
      chosen[i] = worker.workerId;
      const done = place(i + 1, placed + 1);
      theirs.pop();
      chosen[i] = null;
      if (done) return true;
    }
    return place(i + 1, placed); // leave this job out
  };
  place(0, 0);
  best.forEach((workerId, i) => {
    if (workerId) plan.get(workerId)!.push(waiting[i]!);
  });
  return plan;
}

/** Search steps for trying a new job in a reshuffled day, when it fits no gap of the current plan. */
const RESHUFFLE_SEARCH_STEPS = 500;

/**
 * Whether a new job can join the day: it fits a gap of a worker in the current plan, or else a
 * reshuffled plan of the day's jobs with it places it and every job the current plan placed.
 * Either way a placement of all those jobs and the new one exists, so accepting it never leaves
 * a booked job without a worker.
 */
function takesNewJob(workers: readonly WorkerCapacity[], jobs: readonly ScheduledJob[], plan: ReadonlyMap<string, readonly ScheduledJob[]>, job: Window, rules: CapacityRules): boolean {
  if (workers.some((w) => canTake(w, job, plan.get(w.workerId) ?? [], rules))) return true;
  // A reshuffle only where it can pay: a skilled worker on shift, and a day whose plan placed
  // every job (an overbooked day, e.g. after time off, offers only its gaps). Only the jobs of the
  // services linked to this one that day count (capacity-contention.ts): a job nobody linked can
  // take, e.g. a TV job on a day without a TV technician, is no reason to stop offering painting.
  if (!workers.some((w) => w.skills.includes(job.service) && onShift(w, job))) return false;
  const day = local(job.start);
  const linked = new Set(contendingServices({ workers, date: day.date, weekday: day.weekday, service: job.service }));
  const counted = (list: readonly ScheduledJob[]) => list.filter((j) => linked.has(j.service)).length;
  const placedLinked = (p: ReadonlyMap<string, readonly ScheduledJob[]>) => [...p.values()].reduce((n, list) => n + counted(list), 0);
  const placeable = counted(jobs.filter((j) => !j.workerId || plan.has(j.workerId)));
  if (placedLinked(plan) < placeable) return false;
  if (provablyFull(workers, jobs.filter((j) => linked.has(j.service) && (!j.workerId || plan.has(j.workerId))), job, rules)) return false;
  const newcomer: ScheduledJob = { id: '\u0000new-job', service: job.service, start: job.start, end: job.end, workerId: null };
  const reshuffled = planJobs(workers, [...jobs, newcomer], rules, RESHUFFLE_SEARCH_STEPS);
  return placedLinked(reshuffled) === placedLinked(plan) + 1 && [...reshuffled.values()].some((list) => list.includes(newcomer));
}

/**
 * Whether no placement at all can take the new job beside `jobs` (the ones a reshuffle must keep):
 * a cheap proof that spares takesNewJob its bounded search on a full day (issue #16: on a day of
 * 374 jobs and 50 workers, a refused start cost ~6 ms and the 409's list of the day's other starts
 * ~90 ms, nearly all of it reshuffles that could not succeed).
 *
 * Two jobs clash when less than the buffer apart; widened by half the buffer on each side, they
 * clash exactly when they overlap, so jobs whose widened times all cover one instant clash with one
 * another. If, at some instant inside the new job's widened time, the new job and the waiting jobs
 * covering it outnumber the workers able to take any one of them (skill and shift; Hall's
 * condition) among those not holding an assigned job there, nothing can place them all. Checked at
 * the new job's widened start and at every widened job start inside its widened time (where the
 * most intervals overlap). A necessary condition only: false proves nothing, and the search decides.
 * @param jobs the jobs that must keep a worker: waiting ones need one each, an assigned one keeps
 *   its own (several assigned to one worker occupy only that worker)
 * @param newJob the job to add (instants in UTC)
 */
export function provablyFull(workers: readonly WorkerCapacity[], jobs: readonly ScheduledJob[], newJob: { service: ServiceSlug; start: Date; end: Date }, rules: CapacityRules): boolean {
  const job = windowOf(newJob);
  const half = rules.bufferMinutes * 30_000;
  const from = job.start.getTime() - half;
  const to = job.end.getTime() + half;
  const near = jobs.filter((j) => j.start.getTime() - half < to && from < j.end.getTime() + half).map((j) => ({ window: windowOf(j), workerId: j.workerId }));
  if (near.length === 0) return false;
  const instants = [from, ...near.map((j) => j.window.start.getTime() - half).filter((t) => t > from)];
  for (const instant of instants) {
    const covering = near.filter((j) => j.window.start.getTime() - half <= instant && instant < j.window.end.getTime() + half);
    // An assigned job keeps its worker, whatever else that worker has there; the waiting ones and
    // the new job each need a worker of their own among the others.
    const busy = new Set(covering.flatMap((j) => (j.workerId ? [j.workerId] : [])));
    const waiting = [job, ...covering.filter((j) => !j.workerId).map((j) => j.window)];
    let able = 0;
    for (const worker of workers) {
      if (!busy.has(worker.workerId) && waiting.some((w) => worker.skills.includes(w.service) && onShift(worker, w)) && ++able >= waiting.length) break;
    }
    if (able < waiting.length) return true;
  }
  return false;
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
    return takesNewJob(input.workers, input.jobs, plan, job, input.rules);
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
  /** The jobs the plan was made from (a new job is tried against them when it fits no gap). */
  jobs: readonly ScheduledJob[];
  /** Each worker's planned jobs on the date (assigned ones, and the unassigned ones planJobs placed). */
  jobsByWorker: ReadonlyMap<string, readonly ScheduledJob[]>;
  rules: CapacityRules;
}

/**
 * @param jobs the active jobs starting on the date (more are harmless: only the date's can clash)
 */
export function planDay(input: { date: string; workers: readonly WorkerCapacity[]; jobs: readonly ScheduledJob[]; rules: CapacityRules }): DayPlan {
  return { date: input.date, workers: input.workers, jobs: input.jobs, jobsByWorker: planJobs(input.workers, input.jobs, input.rules), rules: input.rules };
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
    return takesNewJob(plan.workers, plan.jobs, plan.jobsByWorker, job, plan.rules);
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
  return takesNewJob(input.workers, input.jobs, plan, job, input.rules);
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
