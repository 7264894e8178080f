/**
 * What the customer tells us about the job, per service, as zod schemas shared by the booking
 * form and the API. Every message is an i18n key under `validation.*`; the English texts of the
 * spec (section 5) live in `src/web/locales/en/validation.json`, the Spanish ones beside them.
 */
import { z } from 'zod';
import { hasNoNul } from './text';
import { PAINTING_MINUTES_PER_ROOM, TV_JOB_MINUTES } from './services';

/** TV screen size bands of spec section 3. */
export const SCREEN_SIZES = ['under_40', '40_55', '56_65', '66_75', 'over_75'] as const;
/** TV bracket choice: at most one (spec section 3). */
export const TV_BRACKETS = ['none', 'flat', 'full_motion'] as const;
/** Who brings the paint: the customer, or the company buys it at cost with no extra fee (spec section 1). */
export const PAINT_SUPPLIERS = ['customer', 'company'] as const;

export const FURNITURE_MIN_HOURS = 1;
export const FURNITURE_MAX_HOURS = 8;
export const PAINTING_MAX_ROOMS = 3;

/** Turns a blank form field into `undefined`, so optional fields accept an empty input. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const tvOptionsSchema = z.object({
  service: z.literal('tv-installation'),
  screenSize: z.enum(SCREEN_SIZES, { error: 'validation.screenSizeRequired' }),
  bracket: z.enum(TV_BRACKETS, { error: 'validation.bracketInvalid' }).default('none'),
  wallRiskAccepted: z.literal(true, { error: 'validation.wallRiskRequired' }),
  limitationsAcknowledged: z.literal(true, { error: 'validation.limitationsRequired' }),
});

export const furnitureOptionsSchema = z
  .object({
    service: z.literal('furniture-assembly'),
    productName: z.preprocess(blankToUndefined, z.string().trim().max(200, { error: 'validation.tooLong' }).refine(hasNoNul, { error: 'validation.invalidCharacters' }).optional()),
    productUrl: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/, error: 'validation.urlInvalid' }).max(2000).optional()),
    photoUploadId: z.preprocess(blankToUndefined, z.uuid({ error: 'validation.photoInvalid' }).optional()),
    estimatedHours: z.coerce
      .number({ error: 'validation.hoursInvalid' })
      .int({ error: 'validation.hoursInvalid' })
      .min(FURNITURE_MIN_HOURS, { error: 'validation.hoursInvalid' })
      .max(FURNITURE_MAX_HOURS, { error: 'validation.hoursInvalid' }),
  })
  .refine((o) => Boolean(o.productName || o.productUrl || o.photoUploadId), {
    error: 'validation.furnitureDetailsRequired',
    path: ['productName'],
  });

export const paintingOptionsSchema = z.object({
  service: z.literal('painting'),
  rooms: z.coerce
    .number({ error: 'validation.roomsInvalid' })
    .int({ error: 'validation.roomsInvalid' })
    .min(1, { error: 'validation.roomsInvalid' })
    .max(PAINTING_MAX_ROOMS, { error: 'validation.roomsInvalid' }),
  colorCode: z.preprocess(blankToUndefined, z.string().trim().max(60, { error: 'validation.tooLong' }).refine(hasNoNul, { error: 'validation.invalidCharacters' }).optional()),
  paintSupplier: z.enum(PAINT_SUPPLIERS, { error: 'validation.paintSupplierRequired' }),
});

export const bookingOptionsSchema = z.discriminatedUnion('service', [
  tvOptionsSchema,
  furnitureOptionsSchema,
  paintingOptionsSchema,
]);

export type TvOptions = z.infer<typeof tvOptionsSchema>;
export type FurnitureOptions = z.infer<typeof furnitureOptionsSchema>;
export type PaintingOptions = z.infer<typeof paintingOptionsSchema>;
export type BookingOptions = z.infer<typeof bookingOptionsSchema>;

/**
 * The job's length in minutes: TV 60, furniture the estimated hours, painting 240 per room
 * (issue #2). Used to offer time slots and to set the booking's scheduled end.
 */
export function jobDurationMinutes(options: BookingOptions): number {
  switch (options.service) {
    case 'tv-installation':
      return TV_JOB_MINUTES;
    case 'furniture-assembly':
      return options.estimatedHours * 60;
    case 'painting':
      return options.rooms * PAINTING_MINUTES_PER_ROOM;
  }
}
