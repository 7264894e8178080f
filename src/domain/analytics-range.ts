/**
 * The period an admin analytics report covers (issue #11): today, the last 7, 30 or 90 days, or
 * custom dates, always whole days in Tampa time (America/New_York), today included. A day starts
 * at Tampa midnight, so the DST days are 23 and 25 hours long (2026-03-08, 2026-11-01) and a
 * booking at 11:30 PM Tampa time counts on its own Tampa day, never the next UTC one.
 */
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { businessTime } from './slots';
import { BUSINESS_TIME_ZONE } from './time-zone';

export const ANALYTICS_RANGES = ['today', '7d', '30d', '90d', 'custom'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** Days in each preset, today included. */
export const RANGE_DAYS: Record<Exclude<AnalyticsRange, 'custom'>, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

/** The longest custom period, in days (a leap year). */
export const MAX_CUSTOM_DAYS = 366;
/** The earliest date a custom period may start (no data is older than the product). */
export const EARLIEST_DATE = '2020-01-01';

/** A report's period: Tampa dates (inclusive) and the instants they span (end exclusive). */
export interface ResolvedRange {
  /** 'YYYY-MM-DD', Tampa. */
  from: string;
  /** 'YYYY-MM-DD', Tampa, inclusive. */
  to: string;
  /** Tampa midnight starting `from`. */
  startsAt: Date;
  /** Tampa midnight after `to`. */
  endsAt: Date;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether text is a real calendar date 'YYYY-MM-DD' (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const parsed = parseISO(text);
  return !Number.isNaN(parsed.getTime()) && format(parsed, 'yyyy-MM-dd') === text;
}

/** Today's Tampa date. */
export function tampaToday(now: Date): string {
  return format(new TZDate(now, BUSINESS_TIME_ZONE), 'yyyy-MM-dd');
}

/** The Tampa date `days` after `date` (negative: before). */
export function shiftDate(date: string, days: number): string {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysInRange(from: string, to: string): number {
  return differenceInCalendarDays(parseISO(to), parseISO(from)) + 1;
}

/**
 * Why a custom period cannot be reported, as an i18n key, or null when it can: both dates real,
 * `from` not after `to`, at most MAX_CUSTOM_DAYS days, not before EARLIEST_DATE, and, when `now`
 * is given, `to` not after today (the request schema checks without a clock, the handler with it).
 */
export function customRangeProblem(from: string, to: string, now?: Date): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'analytics.errors.dateInvalid';
  if (from > to) return 'analytics.errors.rangeInverted';
  if (from < EARLIEST_DATE || (now && to > tampaToday(now))) return 'analytics.errors.rangeOutside';
  if (daysInRange(from, to) > MAX_CUSTOM_DAYS) return 'analytics.errors.rangeTooLong';
  return null;
}

/**
 * The Tampa dates and instants of a period.
 * @param now the request's instant (today is its Tampa date)
 * @param custom the dates of a `custom` period (checked with customRangeProblem first)
 * @throws RangeError for a custom period without valid dates
 */
export function resolveRange(range: AnalyticsRange, now: Date, custom?: { from?: string; to?: string }): ResolvedRange {
  let from: string;
  let to: string;
  if (range === 'custom') {
    if (!custom?.from || !custom.to || customRangeProblem(custom.from, custom.to, now)) throw new RangeError('a custom range needs valid from and to dates');
    ({ from, to } = custom as { from: string; to: string });
  } else {
    to = tampaToday(now);
    from = shiftDate(to, 1 - RANGE_DAYS[range]);
  }
  return { from, to, startsAt: businessTime(from, 0), endsAt: businessTime(shiftDate(to, 1), 0) };
}

/** Every Tampa date of a period, oldest first (the rows of a by-day table, days without data included). */
export function datesOf(range: Pick<ResolvedRange, 'from' | 'to'>): string[] {
  return Array.from({ length: daysInRange(range.from, range.to) }, (_, i) => shiftDate(range.from, i));
}
