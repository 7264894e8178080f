/**
 * When a worker may make each move of a job (issue #14, defect 2; the rules are
 * src/domain/job-rules.ts, set by an admin on /admin/settings):
 *
 * - "On my way" (`en_route`) and "Start job" (`start`): only on the job's Tampa day
 *   (America/New_York) and no earlier than `startWindowMinutes` before its scheduled start.
 *   The window opens at the later of those two instants and closes at the end of that Tampa day.
 * - "Complete" (`complete`): only once the job has started, and no earlier than `minJobMinutes`
 *   after `started_at`.
 *
 * Outside these bounds only an admin may make the move; such a move, and anything else unusual
 * about a job's timing (a start long after the scheduled start, a completion much shorter than
 * the minimum), is recorded as typed flags on the booking's timeline (`unusualTiming`,
 * the `unusual_timing` event of src/domain/booking-events.ts).
 *
 * Pure: the clock is an argument; instants are Date (UTC); days are Tampa days computed with
 * @date-fns/tz, so the DST days (2026-03-08: 23 hours, 2026-11-01: 25 hours) are right.
 */
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { startOfDay } from 'date-fns/startOfDay';
import type { JobRules } from './job-rules';
import { BUSINESS_TIME_ZONE } from './time-zone';

/** A worker's timed moves: "On my way", "Start job", "Complete". */
export const TIMED_MOVES = ['en_route', 'start', 'complete'] as const;
export type TimedMove = (typeof TIMED_MOVES)[number];

/** A start this many minutes or more after the scheduled start is flagged as late on the timeline. */
export const LATE_START_MINUTES = 120;

export type TimingRules = Pick<JobRules, 'startWindowMinutes' | 'minJobMinutes'>;

/** The job's times and the clock. */
export interface JobTimes {
  scheduledStart: Date;
  /** When the job was started (`bookings.started_at`); null before it was. */
  startedAt: Date | null;
  now: Date;
}

/**
 * Why a worker's move is refused now:
 * - `too_early`: before the window opens (`opensAt`; for Complete: `minJobMinutes` after the start);
 * - `day_over`: the job's Tampa day is over (only an admin can still move it);
 * - `not_started`: Complete before the job was started.
 */
export type TimingRefusal = 'too_early' | 'day_over' | 'not_started';

export type TimingVerdict = { allowed: true } | { allowed: false; reason: TimingRefusal; opensAt: Date | null };

const MINUTE = 60_000;

/** The Tampa day [start, end) that contains `instant` (23 or 25 hours long on the DST days). */
export function tampaDayOf(instant: Date): { start: Date; end: Date } {
  const day = startOfDay(new TZDate(instant.getTime(), BUSINESS_TIME_ZONE));
  return { start: new Date(day.getTime()), end: new Date(addDays(day, 1).getTime()) };
}

/**
 * When "On my way" and "Start job" open and close for a job starting at `scheduledStart`:
 * from `startWindowMinutes` before it (but not before its Tampa day begins) to the end of its
 * Tampa day.
 */
export function departureWindow(scheduledStart: Date, rules: Pick<TimingRules, 'startWindowMinutes'>): { opensAt: Date; closesAt: Date } {
  const day = tampaDayOf(scheduledStart);
  const early = scheduledStart.getTime() - rules.startWindowMinutes * MINUTE;
  return { opensAt: new Date(Math.max(early, day.start.getTime())), closesAt: day.end };
}

/** When "Complete" opens for a job started at `startedAt`: `minJobMinutes` later. */
export function completionOpensAt(startedAt: Date, rules: Pick<TimingRules, 'minJobMinutes'>): Date {
  return new Date(startedAt.getTime() + rules.minJobMinutes * MINUTE);
}

/** Whether the job's worker may make `move` now (an admin may always; see `unusualTiming`). */
export function workerMoveTiming(move: TimedMove, times: JobTimes, rules: TimingRules): TimingVerdict {
  const now = times.now.getTime();
  if (move === 'complete') {
    if (!times.startedAt) return { allowed: false, reason: 'not_started', opensAt: null };
    const opensAt = completionOpensAt(times.startedAt, rules);
    return now < opensAt.getTime() ? { allowed: false, reason: 'too_early', opensAt } : { allowed: true };
  }
  const { opensAt, closesAt } = departureWindow(times.scheduledStart, rules);
  if (now < opensAt.getTime()) return { allowed: false, reason: 'too_early', opensAt };
  if (now >= closesAt.getTime()) return { allowed: false, reason: 'day_over', opensAt: null };
  return { allowed: true };
}

/**
 * What is unusual about a move's timing, for the timeline:
 * - `admin_override`: an admin made a move the worker would have been refused now;
 * - `early`: On my way / start / completion before the departure window opened;
 * - `late_start`: started `LATE_START_MINUTES` or more after the scheduled start;
 * - `short_job`: completed less than `minJobMinutes` after the start.
 */
export const TIMING_FLAGS = ['admin_override', 'early', 'late_start', 'short_job'] as const;
export type TimingFlag = (typeof TIMING_FLAGS)[number];

/** The flags of a move made now by a worker or (`byAdmin`) an admin; empty when nothing is unusual. */
export function unusualTiming(move: TimedMove, times: JobTimes, rules: TimingRules, byAdmin: boolean): TimingFlag[] {
  const flags: TimingFlag[] = [];
  const now = times.now.getTime();
  const verdict = workerMoveTiming(move, times, rules);
  // An admin completing on the worker's behalf a job never started is the completed_on_behalf event's story.
  const overridden = !verdict.allowed && !(move === 'complete' && verdict.reason === 'not_started');
  if (byAdmin && overridden) flags.push('admin_override');
  if (now < departureWindow(times.scheduledStart, rules).opensAt.getTime()) flags.push('early');
  if (move === 'start' && now - times.scheduledStart.getTime() >= LATE_START_MINUTES * MINUTE) flags.push('late_start');
  if (move === 'complete' && times.startedAt && now < completionOpensAt(times.startedAt, rules).getTime()) flags.push('short_job');
  return flags;
}
