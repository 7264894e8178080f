/**
 * How each settings section of /admin/settings (src/domain/settings-contract.ts) is kept in the
 * `settings` table: its key, how a stored value (seeded, saved by an admin, or written by an
 * older version of the app) reads as the section's value over the defaults, and how a validated
 * value is stored. The business rules (settings.service.ts getBusinessSettings) and the admin
 * page read through the same decoders, so both always see the same numbers.
 */
import { DEFAULT_CANCELLATION_POLICY, type CancellationPolicy } from '../../../domain/cancellation-policy';
import { DEFAULT_CAPACITY_RULES, type CapacityRules } from '../../../domain/capacity';
import { DEFAULT_MONEY_LIMITS, moneyLimitsSchema } from '../../../domain/money-limits';
import { decodeJobRules } from '../../../domain/job-rules';
import type { SectionValues, SettingsSection } from '../../../domain/settings-contract';
import type { DayHours } from '../../../domain/slots';
import { DEFAULT_SETTINGS } from '../../db/seed';

/** Where the section values come from when nothing is stored: the seed's defaults, and the config's support contacts. */
export interface SettingsDefaults {
  supportPhone: string;
  supportEmail: string;
}

interface SectionStore<S extends SettingsSection> {
  /** The `settings.key` of the section. */
  key: string;
  /** The section's value from the stored JSON (undefined: no row), falling back to the defaults field by field. */
  decode: (stored: unknown, defaults: SettingsDefaults) => SectionValues[S];
  /** The JSON stored for a validated value. */
  encode: (value: SectionValues[S]) => unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const isDayHours = (value: unknown): value is DayHours =>
  isRecord(value) && Number.isInteger(value.openMinute) && Number.isInteger(value.closeMinute) && (value.openMinute as number) < (value.closeMinute as number);

/** The slot rules of a stored `slot_rules` row over the defaults; `weeklyHours` filled in from the single opening and closing when absent. */
export function decodeSlotRules(stored: unknown): CapacityRules & { weeklyHours: (DayHours | null)[] } {
  const rules = { ...DEFAULT_CAPACITY_RULES, ...(objectOf(stored) as Partial<CapacityRules>) };
  const weekly = objectOf(stored).weeklyHours;
  const weeklyHours =
    Array.isArray(weekly) && weekly.length === 7 && weekly.every((day) => day === null || isDayHours(day))
      ? (weekly as (DayHours | null)[]).map((day) => (day ? { openMinute: day.openMinute, closeMinute: day.closeMinute } : null))
      : Array.from({ length: 7 }, () => ({ openMinute: rules.openMinute, closeMinute: rules.closeMinute }));
  return { ...rules, weeklyHours };
}

/** The cancellation policy of a stored row (or a booking's snapshot) over `base`. */
export function decodeCancellationPolicy(stored: unknown, base: CancellationPolicy = DEFAULT_CANCELLATION_POLICY): CancellationPolicy {
  const fields = objectOf(stored) as Partial<CancellationPolicy>;
  return { ...base, ...fields, refundBusinessDays: { ...base.refundBusinessDays, ...objectOf(fields.refundBusinessDays) } };
}

export const SECTION_STORES: { [S in SettingsSection]: SectionStore<S> } = {
  tax: {
    key: 'tax_rate_bps',
    decode: (stored) => ({ taxRateBps: Number.isInteger(stored) && (stored as number) >= 0 ? (stored as number) : DEFAULT_SETTINGS.tax_rate_bps }),
    encode: (value) => value.taxRateBps,
  },
  serviceArea: {
    key: 'service_area_zips',
    // Sorted, as a save stores them, so that the seeded list and the same list saved compare equal.
    decode: (stored) => ({ zips: [...(Array.isArray(stored) && stored.every((zip) => typeof zip === 'string') ? (stored as string[]) : DEFAULT_SETTINGS.service_area_zips)].sort() }),
    encode: (value) => value.zips,
  },
  hours: {
    key: 'slot_rules',
    decode: (stored) => {
      const { weeklyHours, stepMinutes, leadMinutes, bufferMinutes, daysAhead } = decodeSlotRules(stored);
      return { weeklyHours, stepMinutes, leadMinutes, bufferMinutes, daysAhead };
    },
    // openMinute/closeMinute stay as the week's earliest opening and latest closing, for readers that take one pair.
    encode: (value) => {
      const open = value.weeklyHours.filter((day): day is DayHours => day !== null);
      return { ...value, openMinute: Math.min(...open.map((day) => day.openMinute)), closeMinute: Math.max(...open.map((day) => day.closeMinute)) };
    },
  },
  cancellation: {
    key: 'cancellation_policy',
    decode: (stored) => decodeCancellationPolicy(stored),
    encode: (value) => value,
  },
  contactPromise: {
    key: 'contact_promise_minutes',
    decode: (stored) => ({ ...DEFAULT_SETTINGS.contact_promise_minutes, ...(objectOf(stored) as { min?: number; max?: number }) }),
    encode: (value) => value,
  },
  support: {
    key: 'support_contact',
    decode: (stored, defaults) => {
      const fields = objectOf(stored);
      return {
        phone: typeof fields.phone === 'string' ? fields.phone : defaults.supportPhone,
        email: typeof fields.email === 'string' ? fields.email : defaults.supportEmail,
      };
    },
    encode: (value) => value,
  },
  completionLimits: {
    key: 'money_limits',
    // A malformed row never loosens a ceiling: the defaults apply instead.
    decode: (stored) => moneyLimitsSchema.safeParse({ ...DEFAULT_MONEY_LIMITS, ...objectOf(stored) }).data ?? { ...DEFAULT_MONEY_LIMITS },
    encode: (value) => value,
  },
  jobRules: {
    key: 'job_rules',
    decode: (stored) => decodeJobRules(stored),
    encode: (value) => value,
  },
};
