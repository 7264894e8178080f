/**
 * A worker's availability as they edit it (issue #4), one set of rules for the API
 * (`PUT /api/worker/availability`) and the worker's availability editor: weekly ranges (weekday
 * 0-6 with 0 = Sunday, Tampa minutes after midnight in 30-minute steps, an end after its start, no
 * two ranges of a day overlapping) and time off (inclusive Tampa dates, the last not before the
 * first, an optional note of at most 200 characters).
 *
 * The words of each refusal are i18n keys: the API's by default (the `dispatchErrors.*` its
 * callers read); the editor names its own, worded for the field they show beside.
 */
import { z } from 'zod';
import { plainText } from './text';

export const AVAILABILITY_STEP_MINUTES = 30;
export const DAY_MINUTES = 24 * 60;
const NOTE_MAX = 200;

/** The i18n key of each refusal. */
export interface AvailabilityMessages {
  /** A time off the half-hour grid, or outside 0:00-24:00. */
  time: string;
  /** A range whose end is not after its start. */
  rangeInverted: string;
  /** A range overlapping another of the same day (reported on the one that starts later). */
  overlap: string;
  /** A date that is not 'YYYY-MM-DD'. */
  date: string;
  /** Time off whose last day is before its first. */
  timeOffInverted: string;
  /** A note over 200 characters. */
  noteTooLong: string;
}

/** The API's words (src/web/locales/* /dispatch-errors.json). */
export const API_AVAILABILITY_MESSAGES: AvailabilityMessages = {
  time: 'dispatchErrors.rangeInvalid',
  rangeInverted: 'dispatchErrors.rangeInverted',
  overlap: 'dispatchErrors.rangesOverlap',
  date: 'dispatchErrors.dateInvalid',
  timeOffInverted: 'dispatchErrors.rangeInverted',
  noteTooLong: 'validation.tooLong',
};

/** The availability rules, refusing with `messages`. */
export function availabilitySchema(messages: AvailabilityMessages = API_AVAILABILITY_MESSAGES) {
  const time = { error: messages.time };
  const minute = z.number(time).int(time).min(0, time).max(DAY_MINUTES, time).multipleOf(AVAILABILITY_STEP_MINUTES, time);
  const range = z
    .object({ weekday: z.number().int().min(0).max(6), startMinute: minute, endMinute: minute })
    .refine((r) => r.startMinute < r.endMinute, { error: messages.rangeInverted, path: ['endMinute'] });
  const date = z.iso.date({ error: messages.date });
  const timeOff = z
    .object({ startsOn: date, endsOn: date, note: plainText(NOTE_MAX, { tooLong: messages.noteTooLong }).optional() })
    .refine((t) => t.startsOn <= t.endsOn, { error: messages.timeOffInverted, path: ['endsOn'] });
  return z.object({
    weekly: z
      .array(range)
      .max(50)
      .superRefine((ranges, ctx) => {
        ranges.forEach((a, i) => {
          const overlapsEarlier = ranges.some((b, j) => j !== i && b.weekday === a.weekday && a.startMinute < b.endMinute && b.startMinute < a.endMinute && (b.startMinute < a.startMinute || (b.startMinute === a.startMinute && j < i)));
          if (overlapsEarlier) ctx.addIssue({ code: 'custom', message: messages.overlap, path: [i] });
        });
      }),
    timeOff: z.array(timeOff).max(100),
  });
}

/** `PUT /api/worker/availability`: the weekly ranges and the time off, both replaced whole. */
export const availabilityRequestSchema = availabilitySchema().meta({ id: 'AvailabilityRequest' });
export type AvailabilityRequest = z.input<typeof availabilityRequestSchema>;

/** One weekly range as the API answers it. */
export const weeklyRangeSchema = z
  .object({
    /** 0 = Sunday ... 6 = Saturday. */
    weekday: z.number().int(),
    /** Tampa minutes after midnight; the end may be 1440 (midnight). */
    startMinute: z.number().int(),
    endMinute: z.number().int(),
  })
  .meta({ id: 'WeeklyRange' });
export type WeeklyRangeView = z.infer<typeof weeklyRangeSchema>;

/** A time off entry as the API answers it (inclusive Tampa dates). */
export const timeOffSchema = z
  .object({ id: z.uuid(), startsOn: z.iso.date(), endsOn: z.iso.date(), note: z.string().nullable() })
  .meta({ id: 'TimeOff' });
export type TimeOffView = z.infer<typeof timeOffSchema>;
