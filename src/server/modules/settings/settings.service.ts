/**
 * The business settings that rules read: unit prices, tax rate, service-area ZIPs, slot rules
 * and the cancellation policy, from the `services` and `settings` tables (seeded with the defaults of issue #2).
 */
import { asc } from 'drizzle-orm';
import type { ServiceSlug, PricingModel } from '../../../domain/services';
import { DEFAULT_CAPACITY_RULES, type CapacityRules } from '../../../domain/capacity';
import { DEFAULT_CANCELLATION_POLICY, type CancellationPolicy } from '../../../domain/cancellation-policy';
import type { UnitPrices } from '../../../domain/pricing';
import { DEFAULT_MONEY_LIMITS, moneyLimitsSchema, type MoneyLimits } from '../../../domain/money-limits';
import type { Database } from '../../db/client';
import { services, settings } from '../../db/schema';
import { DEFAULT_SETTINGS } from '../../db/seed';

export interface BusinessSettings {
  services: { slug: ServiceSlug; pricingModel: PricingModel; unitPriceCents: number; active: boolean }[];
  unitPrices: UnitPrices;
  taxRateBps: number;
  serviceAreaZips: string[];
  /** Slot and capacity rules: business hours, step, lead time, days ahead, buffer between jobs. */
  slotRules: CapacityRules;
  cancellationPolicy: CancellationPolicy;
  /** Ceilings on final amounts and the approval threshold (issue #9). */
  moneyLimits: MoneyLimits;
  /** The call-back promise, minutes after booking: { min: 5, max: 10 } by default. */
  contactPromiseMinutes: { min: number; max: number };
}

export async function getBusinessSettings(db: Database): Promise<BusinessSettings> {
  const [serviceRows, settingRows] = await Promise.all([
    db.select().from(services).orderBy(asc(services.sortOrder)),
    db.select().from(settings),
  ]);
  const values = new Map(settingRows.map((row) => [row.key, row.value]));
  const list = serviceRows.map((s) => ({ slug: s.slug as ServiceSlug, pricingModel: s.pricingModel, unitPriceCents: s.unitPriceCents, active: s.active }));
  return {
    services: list,
    unitPrices: Object.fromEntries(list.map((s) => [s.slug, s.unitPriceCents])) as UnitPrices,
    taxRateBps: (values.get('tax_rate_bps') as number | undefined) ?? DEFAULT_SETTINGS.tax_rate_bps,
    serviceAreaZips: (values.get('service_area_zips') as string[] | undefined) ?? [...DEFAULT_SETTINGS.service_area_zips],
    slotRules: { ...DEFAULT_CAPACITY_RULES, ...((values.get('slot_rules') as Partial<CapacityRules> | undefined) ?? {}) },
    cancellationPolicy: { ...DEFAULT_CANCELLATION_POLICY, ...((values.get('cancellation_policy') as Partial<CancellationPolicy> | undefined) ?? {}) },
    // A malformed row never loosens a ceiling: the defaults apply instead.
    contactPromiseMinutes: (values.get('contact_promise_minutes') as { min: number; max: number } | undefined) ?? { ...DEFAULT_SETTINGS.contact_promise_minutes },
    moneyLimits: moneyLimitsSchema.safeParse({ ...DEFAULT_MONEY_LIMITS, ...((values.get('money_limits') as Partial<MoneyLimits> | undefined) ?? {}) }).data ?? DEFAULT_MONEY_LIMITS,
  };
}
