/**
 * The business facts the public pages' head tags state (issue #12): listed prices, business
 * hours by weekday, the support phone, the call-back promise. Read from the settings through the
 * process's settings cache (issue #16, the same source as `GET /api/settings/public` and the
 * settings the page carries): every settings save drops it in every process (capacity-caches.ts),
 * so an admin's change still shows on the next page load.
 */
import type { ServiceSlug, PricingModel } from '../../../domain/services';
import type { DayHours } from '../../../domain/slots';
import type { AppDeps } from '../../lib/app-env';
import { cachedBusinessSettings } from '../workers/capacity-caches';

export interface SiteFacts {
  services: { slug: ServiceSlug; pricingModel: PricingModel; unitPriceCents: number; active: boolean }[];
  /** Hours by Tampa weekday, 0 = Sunday ... 6 = Saturday (minutes after midnight); null = closed. */
  weeklyHours: (DayHours | null)[];
  /** The support phone as saved (E.164, e.g. "+18135550100"). */
  supportPhone: string;
  contactPromiseMinutes: { min: number; max: number };
}

/** The facts as the settings say now (no query while the process's cache holds them). */
export async function loadSiteFacts({ db, config }: Pick<AppDeps, 'db' | 'config'>): Promise<SiteFacts> {
  const business = await cachedBusinessSettings(db, { supportPhone: config.supportPhone, supportEmail: config.supportEmail });
  return {
    services: business.services,
    weeklyHours: business.slotRules.weeklyHours,
    supportPhone: business.support.phone || config.supportPhone,
    contactPromiseMinutes: business.contactPromiseMinutes,
  };
}
