/**
 * The public catalog's API contract (issue #10): what anyone may read to price, schedule and
 * label a booking — `GET /api/settings/public` and `GET /api/services/{slug}/slots` — as zod
 * schemas shared by the API (route declarations, src/server/modules/{settings,services}) and the
 * web (src/web/lib/public-settings.ts, slots.ts). Cents, minutes, Tampa dates.
 */
import { z } from 'zod';
import { SERVICE_SLUGS } from './services';

const PRICING_MODELS = ['per_job', 'per_hour', 'per_room'] as const;

export const publicServiceSchema = z.object({
  slug: z.enum(SERVICE_SLUGS),
  pricingModel: z.enum(PRICING_MODELS),
  /** Listed price per unit (job, hour or room), in cents, before tax. */
  unitPriceCents: z.number().int(),
  /** False when the business has paused the service. */
  active: z.boolean(),
});
export type PublicService = z.infer<typeof publicServiceSchema>;

/** One weekday's hours, minutes after Tampa midnight (src/domain/slots.ts DayHours). */
export const dayHoursSchema = z.object({ openMinute: z.number().int(), closeMinute: z.number().int() });

/** Slot and capacity rules (src/domain/slots.ts, capacity.ts): minutes after Tampa midnight, step, lead time, days ahead, buffer. */
const slotRulesSchema = z.object({
  /** The week's earliest opening and latest closing. */
  openMinute: z.number().int(),
  closeMinute: z.number().int(),
  /** Hours by Tampa weekday, 0 = Sunday ... 6 = Saturday; null = closed. */
  weeklyHours: z.array(dayHoursSchema.nullable()),
  stepMinutes: z.number().int(),
  leadMinutes: z.number().int(),
  daysAhead: z.number().int(),
  bufferMinutes: z.number().int(),
});

/** The cancellation policy's numbers (src/domain/cancellation-policy.ts). */
export const cancellationPolicySchema = z.object({
  freeNoticeHours: z.number(),
  feeNoticeHours: z.number(),
  feePercent: z.number(),
  graceMinutes: z.number(),
  rescheduleNoticeHours: z.number(),
  refundBusinessDays: z.object({ min: z.number().int(), max: z.number().int() }),
});

export const publicSettingsSchema = z
  .object({
    services: z.array(publicServiceSchema),
    /** Sales tax in basis points (750 = 7.5%). */
    taxRateBps: z.number().int(),
    /** 5-digit ZIP codes inside the service area. */
    serviceAreaZips: z.array(z.string()),
    slotRules: slotRulesSchema,
    /** The numbers of the cancellation, rescheduling and refund policy (issue #3). */
    cancellationPolicy: cancellationPolicySchema,
    /** The promise to call a new booking back within min-max minutes (spec section 1: 5-10). */
    contactPromiseMinutes: z.object({ min: z.number().int(), max: z.number().int() }),
    /** Support phone, e.g. "+18135550100". */
    supportPhone: z.string(),
    supportEmail: z.string(),
    /** `publishableKey` comes with the Stripe gateway only. */
    payments: z.object({ gateway: z.enum(['simulated', 'stripe']), testMode: z.boolean(), publishableKey: z.string().optional() }),
    /** Whether "Continue with Google" is offered. */
    googleSignIn: z.boolean(),
  })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** `GET /api/services/{slug}/slots` query: a Tampa date (default today) and the job's length. */
export const slotsQuerySchema = z.object({
  date: z.iso.date({ error: 'validation.startInvalid' }).optional(),
  durationMinutes: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(30, { error: 'validation.invalid' }).max(16 * 60, { error: 'validation.invalid' }),
});

export const slotsResponseSchema = z
  .object({
    /** The date the starts belong to ('YYYY-MM-DD', Tampa); today when none was asked for. */
    date: z.iso.date(),
    /** The bookable dates, today first. */
    dates: z.array(z.iso.date()),
    /** ISO instants, ascending. */
    starts: z.array(z.iso.datetime({ offset: true })),
  })
  .meta({ id: 'Slots' });
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

export const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) }).meta({ id: 'Health' });
