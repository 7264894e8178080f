/**
 * `GET /api/settings/public`: what the browser needs to price, schedule and label payments, from
 * this process's settings cache, which every admin save (/admin/settings) drops in every process
 * on commit (issue #16, ../workers/capacity-caches.ts), so the save shows at once. The support phone and
 * email are the saved ones, or the config's (SUPPORT_PHONE, SUPPORT_EMAIL) until an admin saves them.
 */
import { publicSettingsSchema } from '../../../domain/catalog-contract';
import { apiRouter, defineRoute, jsonContent } from '../../lib/openapi';
import { cachedBusinessSettings } from '../workers/capacity-caches';

const publicSettingsRoute = defineRoute({
  method: 'get',
  path: '/public',
  access: 'anonymous',
  tags: ['Catalog'],
  summary: 'Prices, tax, service area, slot rules, cancellation policy, support contacts and payment mode',
  responses: { 200: jsonContent(publicSettingsSchema, 'The public settings') },
});

export const settingsRoutes = apiRouter().openapi(publicSettingsRoute, async (c) => {
  const { config, db, gateway } = c.var.deps;
  const business = await cachedBusinessSettings(db, { supportPhone: config.supportPhone, supportEmail: config.supportEmail });
  return c.json(
    {
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
    },
    200,
  );
});
