/**
 * The job rules an admin sets on /admin/settings ("Jobs and workers", issue #14): how early a
 * worker may leave for or start a job, the shortest plausible job, the arrival window customers are
 * promised, and the worker's share of the labour. Minutes and whole percent.
 *
 * - `startWindowMinutes`: "On my way" and "Start job" are allowed only on the job's Tampa day and
 *   no earlier than this many minutes before its scheduled start (default 2 hours); outside it an
 *   admin must make the move.
 * - `minJobMinutes`: "Complete" is allowed only this many minutes after the job started.
 * - `arrivalWindowMinutes`: the arrival window shown to customers runs from the scheduled start to
 *   this many minutes after it (default 1 hour), narrowed by the worker's ETA once on the way.
 * - `workerSharePercent`: the worker's share of the labour (subtotal before tax), default 70%;
 *   tips are always 100% the worker's.
 */
import { z } from 'zod';

export interface JobRules {
  startWindowMinutes: number;
  minJobMinutes: number;
  arrivalWindowMinutes: number;
  workerSharePercent: number;
}

export const DEFAULT_JOB_RULES: JobRules = {
  startWindowMinutes: 120,
  minJobMinutes: 15,
  arrivalWindowMinutes: 60,
  workerSharePercent: 70,
};

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** The section's request schema (messages are `adminSettings.validation.*` keys). */
export const jobRulesSchema = z.object({
  startWindowMinutes: wholeNumber(0, 720, 'adminSettings.validation.startWindowMinutes'),
  minJobMinutes: wholeNumber(0, 240, 'adminSettings.validation.minJobMinutes'),
  arrivalWindowMinutes: wholeNumber(15, 480, 'adminSettings.validation.arrivalWindowMinutes'),
  workerSharePercent: wholeNumber(0, 100, 'adminSettings.validation.workerSharePercent'),
});

/** A stored value (any shape, maybe from an older version) over the defaults; a malformed field falls back to its default. */
export function decodeJobRules(stored: unknown): JobRules {
  const fields = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const rules = { ...DEFAULT_JOB_RULES };
  for (const key of Object.keys(DEFAULT_JOB_RULES) as (keyof JobRules)[]) {
    const parsed = jobRulesSchema.shape[key].safeParse(fields[key]);
    if (parsed.success) rules[key] = parsed.data;
  }
  return rules;
}
