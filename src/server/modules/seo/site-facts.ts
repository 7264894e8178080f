/**
 * The business facts the public pages' head tags state (issue #12): listed prices, business
 * hours by weekday, the support phone, the call-back promise. Read from the settings in the
 * database on every page request (getBusinessSettings, the same source as
 * `GET /api/settings/public`), so an admin's change shows on the next page load.
 */
import type { ServiceSlug, PricingModel } from '../../../domain/services';
import type { DayHours } from '../../../domain/slots';
import type { AppDeps } from '../../lib/app-env';
import { getBusinessSettings } from '../settings/settings.service';

export interface SiteFacts {
  services: { slug: ServiceSlug; pricingModel: PricingModel; unitPriceCents: number; active: boolean }[];
  /** Hours by Tampa weekday, 0 = Sunday ... 6 = Saturday (minutes after midnight); null = closed. */
  weeklyHours: (DayHours | null)[];
  /** The support phone as saved (E.164, e.g. "+18135550100"). */
  supportPhone: string;
  contactPromiseMinutes: { min: number; max: number };
}

/** The facts as the settings say now (two queries). */
export async function loadSiteFacts({ db, config }: Pick<AppDeps, 'db' | 'config'>): Promise<SiteFacts> {
  const business = await getBusinessSettings(db, { supportPhone: config.supportPhone, supportEmail: config.supportEmail });
  return {
    services: business.services,
    weeklyHours: business.slotRules.weeklyHours,
    supportPhone: business.support.phone || config.supportPhone,
    contactPromiseMinutes: business.contactPromiseMinutes,
  };
}
