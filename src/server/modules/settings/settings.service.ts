/**
 * The business settings that rules read: unit prices, tax rate, service-area ZIPs, slot rules
 * (business hours by weekday), the cancellation policy, the contact promise, the support
 * contacts and the completion ceilings, from the `services` and `settings` tables (seeded with
 * the defaults of issue #2, edited on /admin/settings, issue #12). Read fresh by every call, so
 * an admin's save applies at once to new bookings; the public settings and the slots read them
 * through the per-process cache that every save drops (settings-cache.ts, issue #16); bookings
 * already made keep their own prices and policy (bookingPolicy below).
 */
import { sql } from 'drizzle-orm';
import type { ServiceSlug, PricingModel } from '../../../domain/services';
import type { CapacityRules } from '../../../domain/capacity';
import type { CancellationPolicy } from '../../../domain/cancellation-policy';
import type { UnitPrices } from '../../../domain/pricing';
import type { MoneyLimits } from '../../../domain/money-limits';
import type { JobRules } from '../../../domain/job-rules';
import type { DayHours } from '../../../domain/slots';
import type { Database, Transaction } from '../../db/client';
import { readOne, type CombinedRead } from '../../db/combined-read';
import { services, settings } from '../../db/schema';
import { decodeCancellationPolicy, decodeSlotRules, SECTION_STORES, type SettingsDefaults } from './settings-sections';

export type { SettingsDefaults } from './settings-sections';

export interface BusinessSettings {
  services: { slug: ServiceSlug; pricingModel: PricingModel; unitPriceCents: number; active: boolean }[];
  unitPrices: UnitPrices;
  taxRateBps: number;
  serviceAreaZips: string[];
  /** Slot and capacity rules: business hours (by weekday), step, lead time, days ahead, buffer between jobs. */
  slotRules: CapacityRules & { weeklyHours: (DayHours | null)[] };
  cancellationPolicy: CancellationPolicy;
  /** Ceilings on final amounts and the approval threshold (issue #9). */
  moneyLimits: MoneyLimits;
  /** The call-back promise, minutes after booking: { min: 5, max: 10 } by default. */
  contactPromiseMinutes: { min: number; max: number };
  /** The support phone (E.164 once saved) and email; the `defaults` given (the config's) until an admin saves them, '' without. */
  support: { phone: string; email: string };
  /** Worker start window, shortest job, arrival window and worker share (src/domain/job-rules.ts). */
  jobRules: JobRules;
}

const NO_SUPPORT_DEFAULTS: SettingsDefaults = { supportPhone: '', supportEmail: '' };

type ServiceJson = [slug: string, pricingModel: PricingModel, unitPriceCents: number, active: boolean];

/**
 * The settings as they are now, as a read that can share a statement (db/combined-read.ts; issue
 * #16: booking creation reads them fresh on every request, with its other reads): the services in
 * sort order and every settings row, from one snapshot.
 * @param defaults the config's support phone and email, the fallback for `support`; omit when unused
 */
export function businessSettingsRead(defaults: SettingsDefaults = NO_SUPPORT_DEFAULTS): CombinedRead<BusinessSettings> {
  return {
    columns: {
      services: sql`select coalesce(json_agg(json_build_array(s.slug, s.pricing_model, s.unit_price_cents, s.active) order by s.sort_order), '[]'::json) from ${services} s`,
      settings: sql`select coalesce(json_object_agg(t.key, t.value), '{}'::json) from ${settings} t`,
    },
    decode: (row) => decodeBusinessSettings(row.services as ServiceJson[], row.settings as Record<string, unknown>, defaults),
  };
}

/** The settings as they are now, in one statement (businessSettingsRead alone). */
export function getBusinessSettings(db: Database | Transaction, defaults: SettingsDefaults = NO_SUPPORT_DEFAULTS): Promise<BusinessSettings> {
  return readOne(db, businessSettingsRead(defaults));
}

function decodeBusinessSettings(serviceJson: ServiceJson[], stored: Record<string, unknown>, defaults: SettingsDefaults): BusinessSettings {
  const values = new Map(Object.entries(stored));
  const read = <S extends keyof typeof SECTION_STORES>(section: S) => SECTION_STORES[section].decode(values.get(SECTION_STORES[section].key), defaults) as ReturnType<(typeof SECTION_STORES)[S]['decode']>;
  const list = serviceJson.map(([slug, pricingModel, unitPriceCents, active]) => ({ slug: slug as ServiceSlug, pricingModel, unitPriceCents, active }));
  return {
    services: list,
    unitPrices: Object.fromEntries(list.map((s) => [s.slug, s.unitPriceCents])) as UnitPrices,
    taxRateBps: read('tax').taxRateBps,
    serviceAreaZips: read('serviceArea').zips,
    slotRules: decodeSlotRules(values.get(SECTION_STORES.hours.key)),
    cancellationPolicy: read('cancellation'),
    contactPromiseMinutes: read('contactPromise'),
    moneyLimits: read('completionLimits'),
    support: read('support'),
    jobRules: read('jobRules'),
  };
}

/**
 * The cancellation policy an existing booking is under: the one stored on it when it was made,
 * or `current` (the settings now) for a booking made before policies were stored (issue #12).
 * Every cancellation, its preview, rescheduling and the booking's view use this, never the
 * current settings alone.
 */
export function bookingPolicy(booking: { cancellationPolicy: CancellationPolicy | null }, current: CancellationPolicy): CancellationPolicy {
  return booking.cancellationPolicy ? decodeCancellationPolicy(booking.cancellationPolicy, current) : current;
}
