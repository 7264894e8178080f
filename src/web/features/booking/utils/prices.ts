/**
 * The price inputs of the running summary: unit prices and tax rate from the public settings,
 * falling back to the listed prices (DEFAULT_SERVICES) and DEFAULT_TAX_RATE_BPS until the
 * settings load or when they cannot be loaded. The server recomputes the price on booking.
 */
import { DEFAULT_TAX_RATE_BPS, type LineItemUnit, type UnitPrices } from '@/domain/pricing';
import { DEFAULT_SERVICES, type PricingModel, type ServiceSlug } from '@/domain/services';
import type { PublicSettings } from '@/web/lib/public-settings';

export function unitPricesFrom(settings: PublicSettings | undefined): UnitPrices {
  const prices = Object.fromEntries(DEFAULT_SERVICES.map((s) => [s.slug, s.unitPriceCents])) as UnitPrices;
  for (const service of settings?.services ?? []) {
    if (service.slug in prices) prices[service.slug] = service.unitPriceCents;
  }
  return prices;
}

export function taxRateFrom(settings: PublicSettings | undefined): number {
  return settings?.taxRateBps ?? DEFAULT_TAX_RATE_BPS;
}

const UNIT_OF: Record<PricingModel, LineItemUnit> = { per_job: 'job', per_hour: 'hour', per_room: 'room' };

/** The unit a service's price is listed per: "job", "hour" or "room". */
export function priceUnitOf(slug: ServiceSlug): LineItemUnit {
  return UNIT_OF[DEFAULT_SERVICES.find((s) => s.slug === slug)?.pricingModel ?? 'per_job'];
}

/** Whether the business offers a service right now (a paused service cannot be booked). */
export function isServiceActive(slug: ServiceSlug, settings: PublicSettings | undefined): boolean {
  return settings?.services.find((s) => s.slug === slug)?.active ?? true;
}
