/**
 * Time slots, first version (issue #2; the capacity engine of issue #4 replaces it): a job may
 * start every 30 minutes within business hours 8:00-20:00 America/New_York and must end by
 * closing; the earliest start is two hours from now; days offered are today and the next 14.
 *
 * Business hours may differ by weekday (`weeklyHours`, edited on /admin/settings, issue #12): a
 * day's own opening and closing replace `openMinute`/`closeMinute`, and a closed day (null) offers
 * nothing.
 *
 * Pure: the clock is an argument. Wall-clock times are built in America/New_York with
 * @date-fns/tz, so DST days (2026-03-08 loses 2:00-3:00, 2026-11-01 repeats 1:00-2:00) get the
 * right UTC instants. Dates are 'YYYY-MM-DD' strings in Tampa time; instants are Date (UTC).
 */
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { addMinutes } from 'date-fns/addMinutes';
import { format } from 'date-fns/format';
import { KeptAnswers } from './kept-answers';
import { BUSINESS_TIME_ZONE } from './time-zone';

/** One weekday's business hours: minutes after Tampa midnight, opening before closing (1440 = midnight at the end of the day). */
export interface DayHours {
  openMinute: number;
  closeMinute: number;
}

export interface SlotRules {
  /** Opening time, minutes after local midnight (480 = 8:00); with `weeklyHours`, the week's earliest opening. */
  openMinute: number;
  /** Closing time, minutes after local midnight (1200 = 20:00); a job must end by then. With `weeklyHours`, the week's latest closing. */
  closeMinute: number;
  /**
   * Hours by Tampa weekday, index 0 = Sunday ... 6 = Saturday; null = closed that day. Absent:
   * every day `openMinute`-`closeMinute`.
   */
  weeklyHours?: readonly (DayHours | null)[];
  /** Minutes between offered starts. */
  stepMinutes: number;
  /** Minimum minutes between now and a start. */
  leadMinutes: number;
  /** How many days after today are offered (today + daysAhead), at most MAX_DAYS_AHEAD. */
  daysAhead: number;
}

export const DEFAULT_SLOT_RULES: SlotRules = {
  openMinute: 8 * 60,
  closeMinute: 20 * 60,
  stepMinutes: 30,
  leadMinutes: 120,
  daysAhead: 14,
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Tampa dates already computed by businessDate, by UTC minute (issue #16: a booking asks for the
 * date of its start and of now several times, each a time-zone lookup and a date-fns format).
 * Every instant of one UTC minute falls on the same Tampa date (offsets change on whole hours).
 */
const businessDates = new KeptAnswers<number, string>(50_000);

/** The Tampa date an instant falls on, as 'YYYY-MM-DD'. @throws RangeError for an invalid Date */
export function businessDate(instant: Date): string {
  return businessDates.get(Math.floor(instant.getTime() / 60_000), () => format(new TZDate(instant, BUSINESS_TIME_ZONE), 'yyyy-MM-dd'));
}

/**
 * The Tampa day an instant falls on, as the instants of its start (midnight) and of the next
 * day's start: 24 hours apart, or 23/25 on the DST days (2026-03-08, 2026-11-01).
 * @returns `{ date: 'YYYY-MM-DD', start, end }`, end exclusive
 */
export function businessDay(instant: Date): { date: string; start: Date; end: Date } {
  const date = businessDate(instant);
  const bounds = dayBounds.get(date, () => {
    const next = format(addDays(new TZDate(instant, BUSINESS_TIME_ZONE), 1), 'yyyy-MM-dd');
    return { start: businessTime(date, 0).getTime(), end: businessTime(next, 0).getTime() };
  });
  return { date, start: new Date(bounds.start), end: new Date(bounds.end) };
}

/**
 * A Tampa date's bounds (ms) and weekday, by date, once computed (issue #16: a booking asks for
 * its date's bounds twice and its weekday three times; computed, a day's bounds cost ~40 µs of
 * time-zone lookups and formats, a weekday ~5 µs; kept, under 1 µs).
 */
const dayBounds = new KeptAnswers<string, { start: number; end: number }>(10_000);
const weekdays = new KeptAnswers<string, number>(10_000);

/** The most days ahead an admin may open for booking (settings `hours.daysAhead`, /admin/settings). */
export const MAX_DAYS_AHEAD = 90;

/** The dates a customer may book: today (Tampa time) and the next `daysAhead` days. */
export function bookableDates(now: Date, rules: SlotRules = DEFAULT_SLOT_RULES): string[] {
  return [...bookableDatesAt(now, rules.daysAhead)];
}

/**
 * The answers by minute and days ahead: every slots request asks two or three times, booking
 * creation asks with the settings' days ahead and with MAX_DAYS_AHEAD, and up to 91 time-zone
 * formats cost more than the cached day plan they guard (issue #16; one kept answer made booking
 * creation's two questions recompute each other's, ~5 % of its CPU). The dates change only at
 * Tampa midnight, so an answer holds for its whole minute. Requests in flight across a minute's
 * end ask with both minutes, so answers of several minutes are kept (32 at most).
 */
const bookableAnswers = new KeptAnswers<number, readonly string[]>(32);

function bookableDatesAt(now: Date, daysAhead: number): readonly string[] {
  return bookableAnswers.get(Math.floor(now.getTime() / 60_000) * 1000 + daysAhead, () => {
    const today = new TZDate(now, BUSINESS_TIME_ZONE);
    return Object.freeze(Array.from({ length: daysAhead + 1 }, (_, i) => format(addDays(today, i), 'yyyy-MM-dd')));
  });
}

/**
 * Whether a Tampa date ('YYYY-MM-DD') is one of bookableDates: the only dates with starts, and
 * so the only ones worth asking the database about (issue #10: a far date such as 9999-12-31
 * has no next day that fits 'YYYY-MM-DD').
 */
export function isBookableDate(date: string, now: Date, rules: SlotRules = DEFAULT_SLOT_RULES): boolean {
  return bookableDatesAt(now, rules.daysAhead).includes(date);
}

/** The Tampa weekday of a date ('YYYY-MM-DD'): 0 = Sunday ... 6 = Saturday. @throws RangeError when malformed */
export function businessWeekday(date: string): number {
  return weekdays.get(date, () => new TZDate(businessTime(date, 12 * 60).getTime(), BUSINESS_TIME_ZONE).getDay());
}

/**
 * The business hours of a Tampa date: the weekday's own hours, or `openMinute`-`closeMinute` every
 * day when the rules have no `weeklyHours`.
 * @returns minutes after Tampa midnight, or null when the business is closed that day
 */
export function hoursOn(date: string, rules: SlotRules): DayHours | null {
  if (!rules.weeklyHours) return { openMinute: rules.openMinute, closeMinute: rules.closeMinute };
  return rules.weeklyHours[businessWeekday(date)] ?? null;
}

/**
 * Instants already computed by businessTime, by date and minute (issue #16: a day's starts are
 * computed on every capacity check, each a time-zone lookup). Pure, so kept across calls.
 */
const businessTimes = new KeptAnswers<string, number>(50_000);

/** The UTC instant of a Tampa wall-clock time on a date. */
export function businessTime(date: string, minuteOfDay: number): Date {
  const instant = businessTimes.get(`${date} ${minuteOfDay}`, () => {
    const match = DATE_PATTERN.exec(date);
    if (!match) throw new RangeError(`date must be YYYY-MM-DD, got ${date}`);
    const [, y, m, d] = match;
    return new TZDate(Number(y), Number(m) - 1, Number(d), Math.floor(minuteOfDay / 60), minuteOfDay % 60, BUSINESS_TIME_ZONE).getTime();
  });
  return new Date(instant);
}

/**
 * Start times offered on a date for a job of the given length.
 * @param date 'YYYY-MM-DD' in Tampa time
 * @param durationMinutes the job's length (see jobDurationMinutes)
 * @param now the current instant
 * @returns UTC instants, ascending; empty when the date is outside the bookable window
 * @throws RangeError when the date is malformed
 */
export function availableStarts(date: string, durationMinutes: number, now: Date, rules: SlotRules = DEFAULT_SLOT_RULES): Date[] {
  if (!isBookableDate(date, now, rules)) {
    if (!DATE_PATTERN.test(date)) throw new RangeError(`date must be YYYY-MM-DD, got ${date}`);
    return [];
  }
  const earliest = addMinutes(now, rules.leadMinutes).getTime();
  return dayStarts(date, durationMinutes, rules).filter((start) => start.getTime() >= earliest);
}

/**
 * Every start of a job of this length on a date, whatever the time now (no lead time, no
 * bookable-dates window): availableStarts is these, from `now + leadMinutes` on, on a bookable
 * date. The cached day plans of issue #16 keep these and apply the clock per request.
 * @param date 'YYYY-MM-DD' in Tampa time
 * @returns UTC instants, ascending; empty on a closed day
 * @throws RangeError when the date is malformed
 */
export function dayStarts(date: string, durationMinutes: number, rules: SlotRules = DEFAULT_SLOT_RULES): Date[] {
  const hours = hoursOn(date, rules);
  if (!hours) return [];
  const closing = businessTime(date, hours.closeMinute).getTime();
  const starts: Date[] = [];
  for (let minute = hours.openMinute; minute + durationMinutes <= hours.closeMinute; minute += rules.stepMinutes) {
    const start = businessTime(date, minute);
    // A DST day's wall clock can put the end past closing (2026-11-01 repeats 1:00-2:00).
    if (addMinutes(start, durationMinutes).getTime() > closing) continue;
    starts.push(start);
  }
  return starts;
}

/**
 * Of a date's starts (dayStarts, or a day plan's), those offered at `now`: none when the date is
 * not one of the bookable dates, else those at least `leadMinutes` from now — the part of
 * availableStarts that depends on the clock.
 * @returns the starts kept, in their order
 */
export function startsOfferedAt(starts: readonly Date[], date: string, now: Date, rules: SlotRules = DEFAULT_SLOT_RULES): Date[] {
  if (!isBookableDate(date, now, rules)) return [];
  const earliest = addMinutes(now, rules.leadMinutes).getTime();
  return starts.filter((start) => start.getTime() >= earliest);
}

/** Whether `start` is one of the starts offered for a job of this length. */
export function isOfferedStart(start: Date, durationMinutes: number, now: Date, rules: SlotRules = DEFAULT_SLOT_RULES): boolean {
  const date = businessDate(start);
  return availableStarts(date, durationMinutes, now, rules).some((s) => s.getTime() === start.getTime());
}
