/**
 * The availability editor's form: the request's own shape (weekly ranges as weekday and Tampa
 * minutes after midnight, in 30 minute steps; time off as inclusive date ranges with an optional
 * note), checked with the API's rules (src/domain/worker-availability.ts) worded for the fields
 * they show beside (`worker.availability.errors.*`), and the PUT body made from it.
 */
import { z } from 'zod';
import type { WeeklyRange } from '@/domain/capacity';
import { AVAILABILITY_STEP_MINUTES, availabilitySchema, DAY_MINUTES, type AvailabilityRequest, type AvailabilityMessages, type TimeOffView } from '@/domain/worker-availability';

export { DAY_MINUTES };
export const STEP_MINUTES = AVAILABILITY_STEP_MINUTES;
/** A new range: 8:00 AM to 5:00 PM. */
export const DEFAULT_RANGE = { startMinute: 8 * 60, endMinute: 17 * 60 };
/** Tuesday to Friday, the days "Copy Monday to weekdays" fills. */
export const WEEKDAYS_AFTER_MONDAY = [2, 3, 4, 5] as const;

const FORM_MESSAGES: AvailabilityMessages = {
  time: 'validation.invalid',
  rangeInverted: 'worker.availability.errors.endAfterStart',
  overlap: 'worker.availability.errors.overlap',
  date: 'worker.availability.errors.dateRequired',
  timeOffInverted: 'worker.availability.errors.endsBeforeStarts',
  noteTooLong: 'worker.availability.errors.noteTooLong',
};

export const availabilityFormSchema = availabilitySchema(FORM_MESSAGES);

/** What the form holds: the request itself (notes start as '' when none). */
export type AvailabilityFormInput = z.input<typeof availabilityFormSchema>;
export type AvailabilityFormValues = z.output<typeof availabilityFormSchema>;

const weekOrder = (weekday: number) => (weekday + 6) % 7;

/** The form's starting values from the profile: ranges in week order (Monday first), time off by date. */
export function formValuesFrom(profile: { weekly: WeeklyRange[]; timeOff: TimeOffView[] }): AvailabilityFormInput {
  return {
    weekly: [...profile.weekly]
      .sort((a, b) => weekOrder(a.weekday) - weekOrder(b.weekday) || a.startMinute - b.startMinute)
      .map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
    timeOff: [...profile.timeOff].sort((a, b) => a.startsOn.localeCompare(b.startsOn)).map((off) => ({ startsOn: off.startsOn, endsOn: off.endsOn, note: off.note ?? '' })),
  };
}

/** The PUT body: weekly ranges sorted by weekday and start, time off without empty notes. */
export function availabilityPayload(values: AvailabilityFormValues): AvailabilityRequest {
  return {
    weekly: [...values.weekly].sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute),
    timeOff: values.timeOff.map((off) => ({ startsOn: off.startsOn, endsOn: off.endsOn, ...(off.note ? { note: off.note } : {}) })),
  };
}

/** Monday's ranges copied onto Tuesday to Friday (their own ranges replaced); other days kept. */
export function copyMondayToWeekdays<T extends { weekday: number }>(ranges: T[]): T[] {
  const monday = ranges.filter((r) => r.weekday === 1);
  const kept = ranges.filter((r) => !(WEEKDAYS_AFTER_MONDAY as readonly number[]).includes(r.weekday));
  const copies = WEEKDAYS_AFTER_MONDAY.flatMap((weekday) => monday.map((r) => ({ ...r, weekday })));
  return [...kept, ...copies].sort((a, b) => weekOrder(a.weekday) - weekOrder(b.weekday));
}

/** The next range to offer on a day: after its last range when there is room, else the default. */
export function nextRange(dayRanges: { startMinute: number; endMinute: number }[]): { startMinute: number; endMinute: number } {
  const lastEnd = Math.max(0, ...dayRanges.map((r) => Number(r.endMinute)));
  if (dayRanges.length === 0 || lastEnd + 2 * STEP_MINUTES > DAY_MINUTES) return { ...DEFAULT_RANGE };
  const startMinute = lastEnd + STEP_MINUTES;
  return { startMinute, endMinute: Math.min(DAY_MINUTES, startMinute + 4 * 60) };
}
