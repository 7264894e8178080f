/**
 * The answer of `GET /api/settings/public` (docs/api.md, `publicSettingsSchema` in
 * src/domain/catalog-contract.ts): prices, tax, service area, slot rules, cancellation policy,
 * call-back promise, support contacts and payment mode, from this process's settings cache (issue
 * #16, ../workers/capacity-caches.ts). The route sends it, and every web page carries it
 * (../seo/seo.routes.ts), so the browser draws a page with the saved settings without asking.
 */
import type { z } from 'zod';
import type { publicSettingsSchema } from '../../../domain/catalog-contract';
import type { AppDeps } from '../../lib/app-env';
import { cachedBusinessSettings } from '../workers/capacity-caches';

export type PublicSettingsAnswer = z.infer<typeof publicSettingsSchema>;

/** The public settings; the support phone and email are the saved ones, or the config's until an admin saves them. */
export async function publicSettingsAnswer({ config, db, gateway }: Pick<AppDeps, 'config' | 'db' | 'gateway'>): Promise<PublicSettingsAnswer> {
  const business = await cachedBusinessSettings(db, { supportPhone: config.supportPhone, supportEmail: config.supportEmail });
  return {
    services: business.services,
    taxRateBps: business.taxRateBps,
    serviceAreaZips: business.serviceAreaZips,
    slotRules: business.slotRules,
    cancellationPolicy: business.cancellationPolicy,
    contactPromiseMinutes: business.contactPromiseMinutes,
    supportPhone: business.support.phone,
    supportEmail: business.support.email,
    payments: { gateway: gateway.name, testMode: gateway.testMode, ...(config.stripe ? { publishableKey: config.stripe.publishableKey } : {}) },
    googleSignIn: config.google !== null,
  };
}
