/**
 * The availability editor's form: weekly ranges (weekday, start and end as Tampa minutes after
 * midnight, in 30 minute steps) and time off (inclusive date ranges with an optional note), the
 * rules the server also applies (an end after its start, no two ranges of a day overlapping, no
 * time off ending before it starts), and the conversions to and from the API's shapes.
 * Messages are i18n keys under `worker.availability.errors.*`.
 */
import { z } from 'zod';
import type { WeeklyRange } from '@/domain/capacity';
import type { AvailabilityPayload } from '../api/save-availability';
import type { TimeOffEntry } from '../types';

export const STEP_MINUTES = 30;
export const DAY_MINUTES = 24 * 60;
/** A new range: 8:00 AM to 5:00 PM. */
export const DEFAULT_RANGE = { start: 8 * 60, end: 17 * 60 };
/** Tuesday to Friday, the days "Copy Monday to weekdays" fills. */
export const WEEKDAYS_AFTER_MONDAY = [2, 3, 4, 5] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const minute = z.number().int().min(0).max(DAY_MINUTES).multipleOf(STEP_MINUTES);

export const availabilityFormSchema = z
  .object({
    ranges: z.array(z.object({ weekday: z.number().int().min(0).max(6), start: minute, end: minute })),
    timeOff: z.array(
      z.object({
        startsOn: z.string().regex(DATE, { error: 'worker.availability.errors.dateRequired' }),
        endsOn: z.string().regex(DATE, { error: 'worker.availability.errors.dateRequired' }),
        note: z.string().trim().max(200, { error: 'worker.availability.errors.noteTooLong' }),
      }),
    ),
  })
  .superRefine((form, ctx) => {
    form.ranges.forEach((range, index) => {
      if (range.end <= range.start) ctx.addIssue({ code: 'custom', path: ['ranges', index, 'end'], message: 'worker.availability.errors.endAfterStart' });
    });
    // Overlaps, within each day: report on the range that starts later.
    for (let weekday = 0; weekday < 7; weekday += 1) {
      const day = form.ranges.map((range, index) => ({ ...range, index })).filter((r) => r.weekday === weekday && r.end > r.start);
      day.sort((a, b) => a.start - b.start);
      for (let i = 1; i < day.length; i += 1) {
        if (day[i].start < day[i - 1].end) ctx.addIssue({ code: 'custom', path: ['ranges', day[i].index, 'start'], message: 'worker.availability.errors.overlap' });
      }
    }
    form.timeOff.forEach((off, index) => {
      if (DATE.test(off.startsOn) && DATE.test(off.endsOn) && off.endsOn < off.startsOn) {
        ctx.addIssue({ code: 'custom', path: ['timeOff', index, 'endsOn'], message: 'worker.availability.errors.endsBeforeStarts' });
      }
    });
  });

export type AvailabilityFormInput = z.input<typeof availabilityFormSchema>;
export type AvailabilityFormValues = z.output<typeof availabilityFormSchema>;

/** The form's starting values from the profile: ranges in week order (Monday first), time off by date. */
export function formValuesFrom(profile: { weekly: WeeklyRange[]; timeOff: TimeOffEntry[] }): AvailabilityFormValues {
  const weekOrder = (weekday: number) => (weekday + 6) % 7;
  return {
    ranges: [...profile.weekly]
      .sort((a, b) => weekOrder(a.weekday) - weekOrder(b.weekday) || a.startMinute - b.startMinute)
      .map((r) => ({ weekday: r.weekday, start: r.startMinute, end: r.endMinute })),
    timeOff: [...profile.timeOff].sort((a, b) => a.startsOn.localeCompare(b.startsOn)).map((off) => ({ startsOn: off.startsOn, endsOn: off.endsOn, note: off.note ?? '' })),
  };
}

/** The PUT body: weekly ranges sorted by weekday and start, time off without empty notes. */
export function availabilityPayload(values: AvailabilityFormValues): AvailabilityPayload {
  return {
    weekly: values.ranges
      .map((r) => ({ weekday: r.weekday, startMinute: r.start, endMinute: r.end }))
      .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute),
    timeOff: values.timeOff.map((off) => ({ startsOn: off.startsOn, endsOn: off.endsOn, ...(off.note.trim() ? { note: off.note.trim() } : {}) })),
  };
}

/** Monday's ranges copied onto Tuesday to Friday (their own ranges replaced); other days kept. */
export function copyMondayToWeekdays<T extends { weekday: number }>(ranges: T[]): T[] {
  const monday = ranges.filter((r) => r.weekday === 1);
  const kept = ranges.filter((r) => !(WEEKDAYS_AFTER_MONDAY as readonly number[]).includes(r.weekday));
  const copies = WEEKDAYS_AFTER_MONDAY.flatMap((weekday) => monday.map((r) => ({ ...r, weekday })));
  const weekOrder = (weekday: number) => (weekday + 6) % 7;
  return [...kept, ...copies].sort((a, b) => weekOrder(a.weekday) - weekOrder(b.weekday));
}

/** The next range to offer on a day: after its last range when there is room, else the default. */
export function nextRange(dayRanges: { start: number; end: number }[]): { start: number; end: number } {
  const lastEnd = Math.max(0, ...dayRanges.map((r) => Number(r.end)));
  if (dayRanges.length === 0 || lastEnd + 2 * STEP_MINUTES > DAY_MINUTES) return { ...DEFAULT_RANGE };
  const start = lastEnd + STEP_MINUTES;
  return { start, end: Math.min(DAY_MINUTES, start + 4 * 60) };
}
