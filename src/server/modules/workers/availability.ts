/**
 * The worker's availability as they edit it: weekly ranges (weekday 0-6, Tampa minutes after
 * midnight, 30-minute steps, no overlaps on one day) and time off (inclusive date ranges).
 */
import { z } from 'zod';
import { plainText } from '../../../domain/text';

const minute = z.number({ error: 'dispatchErrors.rangeInvalid' }).int({ error: 'dispatchErrors.rangeInvalid' }).min(0, { error: 'dispatchErrors.rangeInvalid' }).max(24 * 60, { error: 'dispatchErrors.rangeInvalid' }).multipleOf(30, { error: 'dispatchErrors.rangeInvalid' });

export const weeklyRangeSchema = z
  .object({ weekday: z.number().int().min(0).max(6), startMinute: minute, endMinute: minute })
  .refine((r) => r.startMinute < r.endMinute, { error: 'dispatchErrors.rangeInverted', path: ['endMinute'] });

export const availabilitySchema = z.object({
  weekly: z
    .array(weeklyRangeSchema)
    .max(50)
    .superRefine((ranges, ctx) => {
      for (let i = 0; i < ranges.length; i++) {
        for (let j = i + 1; j < ranges.length; j++) {
          const a = ranges[i]!;
          const b = ranges[j]!;
          if (a.weekday === b.weekday && a.startMinute < b.endMinute && b.startMinute < a.endMinute) {
            ctx.addIssue({ code: 'custom', message: 'dispatchErrors.rangesOverlap', path: [j] });
          }
        }
      }
    }),
  timeOff: z
    .array(
      z
        .object({ startsOn: z.iso.date({ error: 'dispatchErrors.dateInvalid' }), endsOn: z.iso.date({ error: 'dispatchErrors.dateInvalid' }), note: plainText(200).optional() })
        .refine((t) => t.startsOn <= t.endsOn, { error: 'dispatchErrors.rangeInverted', path: ['endsOn'] }),
    )
    .max(100),
});
