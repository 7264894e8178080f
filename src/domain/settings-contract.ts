/**
 * The admin settings' API contract (issue #12, `/api/admin/settings`): what an admin reads and
 * changes on /admin/settings — each service's price and whether it is offered, the tax rate, the
 * service-area ZIP codes, business hours by weekday with the slot rules, the cancellation policy,
 * the contact promise, the support phone and email, and the completion ceilings — and the history
 * of every change. Shared by the routes (src/server/modules/settings) and the page
 * (src/web/features/admin-settings), which validates with the same schemas before sending.
 *
 * Each section is saved on its own with the version it was read at (compare-and-set): a save
 * made from an older version is 409 `settings_changed` with the section as it is now
 * (docs/decisions/017-admin-settings.md). Money in integer cents, times in minutes after
 * America/New_York midnight, instants ISO-8601 UTC; messages are i18n keys
 * (`adminSettings.validation.*`, locales/{en,es}/admin-settings.json).
 */
import { z } from 'zod';
import { cancellationPolicySchema, dayHoursSchema } from './catalog-contract';
import { jobRulesSchema, type JobRules } from './job-rules';
import { moneyLimitsSchema } from './money-limits';
import { usPhoneSchema } from './phone';
import { SERVICE_SLUGS } from './services';
import { MAX_DAYS_AHEAD } from './slots';

/** The sections saved one at a time (besides each service), as the page and the history name them. */
export const SETTINGS_SECTIONS = ['tax', 'serviceArea', 'hours', 'cancellation', 'contactPromise', 'support', 'completionLimits', 'jobRules'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Each section's path under /api/admin/settings. */
export const SETTINGS_SECTION_PATHS: Record<SettingsSection, string> = {
  tax: 'tax',
  serviceArea: 'service-area',
  hours: 'hours',
  cancellation: 'cancellation',
  contactPromise: 'contact-promise',
  support: 'support',
  completionLimits: 'completion-limits',
  jobRules: 'job-rules',
};

/** What a history entry is about: a section, or `service` (with the service's slug). */
export const HISTORY_SUBJECTS = ['service', ...SETTINGS_SECTIONS] as const;
export type HistorySubject = (typeof HISTORY_SUBJECTS)[number];

/** A whole number in [min, max]; every refusal (missing, wrong type, fraction, out of range) worded by `message`. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** Largest listed price, cents ($10,000): far above any job, well inside an int4 total. */
export const MAX_UNIT_PRICE_CENTS = 1_000_000;
/** Smallest listed price, cents ($1): the card networks refuse holds of a few cents. */
export const MIN_UNIT_PRICE_CENTS = 100;
/** Highest tax rate accepted, basis points (20%). */
export const MAX_TAX_RATE_BPS = 2_000;
/** Most ZIP codes in the service area. */
export const MAX_SERVICE_AREA_ZIPS = 500;
/** One week in minutes: the longest lead time. */
const WEEK_MINUTES = 7 * 24 * 60;
const DAY_MINUTES = 24 * 60;

/** A service's listed price (cents, before tax) and whether it is offered. */
export const serviceSettingSchema = z.object({
  unitPriceCents: z
    .number({ error: 'adminSettings.validation.priceInvalid' })
    .int({ error: 'adminSettings.validation.priceInvalid' })
    .min(0, { error: 'adminSettings.validation.priceNegative' })
    .min(MIN_UNIT_PRICE_CENTS, { error: 'adminSettings.validation.priceTooLow' })
    .max(MAX_UNIT_PRICE_CENTS, { error: 'adminSettings.validation.priceTooHigh' }),
  active: z.boolean({ error: 'validation.invalid' }),
});
export type ServiceSetting = z.infer<typeof serviceSettingSchema>;

/** Sales tax in basis points (750 = 7.5%), 0-20%. */
export const taxSettingSchema = z.object({ taxRateBps: wholeNumber(0, MAX_TAX_RATE_BPS, 'adminSettings.validation.taxRate') });
export type TaxSetting = z.infer<typeof taxSettingSchema>;

/** The 5-digit ZIP codes served: at least one, at most 500; stored sorted, without repeats. */
export const serviceAreaSettingSchema = z.object({
  zips: z
    .array(z.string({ error: 'adminSettings.validation.zipInvalid' }).regex(/^\d{5}$/, { error: 'adminSettings.validation.zipInvalid' }), { error: 'validation.invalid' })
    .min(1, { error: 'adminSettings.validation.zipsRequired' })
    .max(MAX_SERVICE_AREA_ZIPS, { error: 'adminSettings.validation.zipsTooMany' })
    .transform((zips) => [...new Set(zips)].sort()),
});
export type ServiceAreaSetting = z.output<typeof serviceAreaSettingSchema>;

const minuteOfDay = wholeNumber(0, DAY_MINUTES, 'adminSettings.validation.timeInvalid');

/** One weekday's hours: opening before closing, minutes after Tampa midnight (1440 = the end of the day). */
export const dayHoursSettingSchema = z
  .object({ openMinute: minuteOfDay, closeMinute: minuteOfDay })
  .refine((day) => day.openMinute < day.closeMinute, { error: 'adminSettings.validation.hoursOrder', path: ['closeMinute'] });

/**
 * Business hours by Tampa weekday (index 0 = Sunday ... 6 = Saturday; null = closed, at least one
 * day open) and the slot rules: minutes between offered starts, the least notice before a start
 * (lead time), the gap a worker needs between two jobs (buffer), how many days after today may
 * be booked.
 */
export const hoursSettingSchema = z.object({
  weeklyHours: z
    .array(dayHoursSettingSchema.nullable(), { error: 'validation.invalid' })
    .length(7, { error: 'validation.invalid' })
    .refine((days) => days.some((day) => day !== null), { error: 'adminSettings.validation.noOpenDay' }),
  stepMinutes: wholeNumber(5, 240, 'adminSettings.validation.stepMinutes'),
  leadMinutes: wholeNumber(0, WEEK_MINUTES, 'adminSettings.validation.leadMinutes'),
  bufferMinutes: wholeNumber(0, 480, 'adminSettings.validation.bufferMinutes'),
  daysAhead: wholeNumber(0, MAX_DAYS_AHEAD, 'adminSettings.validation.daysAhead'),
});
export type HoursSetting = z.infer<typeof hoursSettingSchema>;

/**
 * The cancellation policy (src/domain/cancellation-policy.ts): free with `freeNoticeHours` of
 * notice, a `feePercent` fee from `feeNoticeHours` (which must be less) up to it, the full total
 * closer in; free within `graceMinutes` of booking; free rescheduling with `rescheduleNoticeHours`;
 * refunds in `refundBusinessDays.min`-`max` business days.
 */
export const cancellationSettingSchema = z
  .object({
    freeNoticeHours: wholeNumber(1, 336, 'adminSettings.validation.noticeHours'),
    feeNoticeHours: wholeNumber(0, 336, 'adminSettings.validation.noticeHours'),
    feePercent: wholeNumber(0, 100, 'adminSettings.validation.feePercent'),
    graceMinutes: wholeNumber(0, 120, 'adminSettings.validation.graceMinutes'),
    rescheduleNoticeHours: wholeNumber(0, 336, 'adminSettings.validation.noticeHours'),
    refundBusinessDays: z
      .object({ min: wholeNumber(1, 30, 'adminSettings.validation.refundDays'), max: wholeNumber(1, 30, 'adminSettings.validation.refundDays') }, { error: 'validation.invalid' })
      .refine((days) => days.min <= days.max, { error: 'adminSettings.validation.rangeOrder', path: ['max'] }),
  })
  .refine((policy) => policy.feeNoticeHours < policy.freeNoticeHours, { error: 'adminSettings.validation.tiersOrder', path: ['feeNoticeHours'] });
export type CancellationSetting = z.infer<typeof cancellationSettingSchema>;

/** The promise to call a new booking back within `min`-`max` minutes (1-240). */
export const contactPromiseSettingSchema = z
  .object({ min: wholeNumber(1, 240, 'adminSettings.validation.contactMinutes'), max: wholeNumber(1, 240, 'adminSettings.validation.contactMinutes') })
  .refine((promise) => promise.min <= promise.max, { error: 'adminSettings.validation.rangeOrder', path: ['max'] });
export type ContactPromiseSetting = z.infer<typeof contactPromiseSettingSchema>;

/** The support phone (a US number, stored E.164) and email shown on every page and in mail. */
export const supportSettingSchema = z.object({
  phone: usPhoneSchema,
  email: z.string({ error: 'validation.emailInvalid' }).trim().max(254, { error: 'validation.emailInvalid' }).pipe(z.email({ error: 'validation.emailInvalid' })),
});
export type SupportSetting = z.output<typeof supportSettingSchema>;

/** The completion ceilings (src/domain/money-limits.ts): hours factor, extra and cap, paint per room, approval above the hold. */
export const completionLimitsSettingSchema = moneyLimitsSchema;
export type CompletionLimitsSetting = z.infer<typeof completionLimitsSettingSchema>;

/** The job rules (src/domain/job-rules.ts): worker start window, shortest job, arrival window, worker share. */
export const jobRulesSettingSchema = jobRulesSchema;
export type JobRulesSetting = JobRules;

/** Each section's value schema. */
export const SECTION_SCHEMAS = {
  tax: taxSettingSchema,
  serviceArea: serviceAreaSettingSchema,
  hours: hoursSettingSchema,
  cancellation: cancellationSettingSchema,
  contactPromise: contactPromiseSettingSchema,
  support: supportSettingSchema,
  completionLimits: completionLimitsSettingSchema,
  jobRules: jobRulesSettingSchema,
} as const satisfies Record<SettingsSection, z.ZodType>;

/** Each section's value as the API answers it. */
export interface SectionValues {
  tax: TaxSetting;
  serviceArea: ServiceAreaSetting;
  hours: HoursSetting;
  cancellation: CancellationSetting;
  contactPromise: ContactPromiseSetting;
  support: SupportSetting;
  completionLimits: CompletionLimitsSetting;
  jobRules: JobRulesSetting;
}

/** The version a save was based on: 0 for a section never saved (its defaults), then 1, 2, ... */
const versionSchema = z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' });

/** A save: the new value and the version it was based on. */
export const settingsSaveSchema = <S extends z.ZodType>(value: S) => z.object({ version: versionSchema, value });

const adminRef = z.object({ id: z.string(), name: z.string() }).nullable();

/** A section as it is now: the value, its version, and when and by whom it was last saved (null: never, the defaults). */
const sectionState = <S extends z.ZodType>(value: S) =>
  z.object({ value, version: z.number().int(), updatedAt: z.iso.datetime({ offset: true }).nullable(), updatedBy: adminRef });

// Answers are described with plain shapes (what is stored), not the request rules.
const answerValues = {
  service: z.object({ unitPriceCents: z.number().int(), active: z.boolean() }),
  tax: z.object({ taxRateBps: z.number().int() }),
  serviceArea: z.object({ zips: z.array(z.string()) }),
  hours: z.object({ weeklyHours: z.array(dayHoursSchema.nullable()), stepMinutes: z.number().int(), leadMinutes: z.number().int(), bufferMinutes: z.number().int(), daysAhead: z.number().int() }),
  cancellation: cancellationPolicySchema,
  contactPromise: z.object({ min: z.number().int(), max: z.number().int() }),
  support: z.object({ phone: z.string(), email: z.string() }),
  completionLimits: z.object({ hoursFactor: z.number(), hoursExtra: z.number().int(), hoursCap: z.number(), paintCostPerRoomCents: z.number().int(), approvalAboveHoldCents: z.number().int() }),
  jobRules: z.object({ startWindowMinutes: z.number().int(), minJobMinutes: z.number().int(), arrivalWindowMinutes: z.number().int(), workerSharePercent: z.number().int() }),
};

/** One section's state as the API answers a read or a save. */
export const SECTION_STATE_SCHEMAS = {
  tax: sectionState(answerValues.tax).meta({ id: 'TaxSettingState' }),
  serviceArea: sectionState(answerValues.serviceArea).meta({ id: 'ServiceAreaSettingState' }),
  hours: sectionState(answerValues.hours).meta({ id: 'HoursSettingState' }),
  cancellation: sectionState(answerValues.cancellation).meta({ id: 'CancellationSettingState' }),
  contactPromise: sectionState(answerValues.contactPromise).meta({ id: 'ContactPromiseSettingState' }),
  support: sectionState(answerValues.support).meta({ id: 'SupportSettingState' }),
  completionLimits: sectionState(answerValues.completionLimits).meta({ id: 'CompletionLimitsSettingState' }),
  jobRules: sectionState(answerValues.jobRules).meta({ id: 'JobRulesSettingState' }),
} as const satisfies Record<SettingsSection, z.ZodType>;

export interface SectionState<V> {
  value: V;
  version: number;
  updatedAt: string | null;
  updatedBy: { id: string; name: string } | null;
}

/** A service's state: its slug and pricing model, then its editable value. */
export const serviceSettingStateSchema = sectionState(answerValues.service)
  .extend({ slug: z.enum(SERVICE_SLUGS), pricingModel: z.enum(['per_job', 'per_hour', 'per_room']) })
  .meta({ id: 'ServiceSettingState' });
export type ServiceSettingState = z.infer<typeof serviceSettingStateSchema>;

/** `GET /api/admin/settings`: every service (in the catalogue's order) and every section. */
export const adminSettingsSchema = z
  .object({
    services: z.array(serviceSettingStateSchema),
    sections: z.object(SECTION_STATE_SCHEMAS),
  })
  .meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** One changed field of a save: its path in the value ("weeklyHours.1.openMinute") and the values before and after (null: absent). */
export const settingChangeSchema = z.object({ path: z.string(), from: z.unknown(), to: z.unknown() });
export type SettingChange = { path: string; from: unknown; to: unknown };

/** One save in the history, newest first. */
export const settingsHistoryEntrySchema = z
  .object({
    /** Grows with each save. */
    id: z.number().int(),
    subject: z.enum(HISTORY_SUBJECTS),
    /** The service's slug when `subject` is `service`. */
    service: z.enum(SERVICE_SLUGS).nullable(),
    /** The version this save made. */
    version: z.number().int(),
    changedAt: z.iso.datetime({ offset: true }),
    /** Who saved it (null once their account is gone). */
    changedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    changes: z.array(settingChangeSchema),
  })
  .meta({ id: 'SettingsHistoryEntry' });
export type SettingsHistoryEntry = z.infer<typeof settingsHistoryEntrySchema>;

export const SETTINGS_HISTORY_DEFAULT_LIMIT = 50;
export const SETTINGS_HISTORY_MAX_LIMIT = 200;

/** `GET /api/admin/settings/history?subject=&limit=&before=`: newest first; `before` is the `id` of the last entry seen. */
export const settingsHistoryQuerySchema = z.object({
  subject: z.enum(HISTORY_SUBJECTS, { error: 'validation.invalid' }).optional(),
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(SETTINGS_HISTORY_MAX_LIMIT, { error: 'validation.invalid' })
    .default(SETTINGS_HISTORY_DEFAULT_LIMIT),
  before: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalid' }).optional(),
});
export type SettingsHistoryQuery = z.input<typeof settingsHistoryQuerySchema>;

/** The history page; `nextBefore` asks for the older entries (null: none left). */
export const settingsHistorySchema = z
  .object({ entries: z.array(settingsHistoryEntrySchema), nextBefore: z.number().int().nullable() })
  .meta({ id: 'SettingsHistory' });
export type SettingsHistory = z.infer<typeof settingsHistorySchema>;

/**
 * The fields that differ between two values of a section: objects are compared field by field and
 * arrays of objects item by item (paths joined with dots); anything else — numbers, text, lists of
 * ZIP codes, a closed day (null) against an open one — is one field. Pure.
 * @returns the changed fields in the order of the new value's keys; empty when equal
 */
export function settingChanges(before: unknown, after: unknown, path = ''): SettingChange[] {
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  const isObjectList = (value: unknown): value is unknown[] => Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object');
  const join = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
    return keys.flatMap((key) => settingChanges(before[key], after[key], join(key)));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length && (isObjectList(before) || isObjectList(after))) {
    return after.flatMap((item, index) => settingChanges(before[index], item, join(index)));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path: path || 'value', from: before ?? null, to: after ?? null }];
}
