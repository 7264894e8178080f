/** `GET /api/settings/public`: what the browser needs to price, schedule and label payments. */
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { getBusinessSettings } from './settings.service';

export const settingsRoutes = new Hono<AppEnv>().get('/public', async (c) => {
  const { config, db, gateway } = c.var.deps;
  const business = await getBusinessSettings(db);
  return c.json({
    services: business.services,
    taxRateBps: business.taxRateBps,
    serviceAreaZips: business.serviceAreaZips,
    slotRules: business.slotRules,
    cancellationPolicy: business.cancellationPolicy,
    supportPhone: config.supportPhone,
    supportEmail: config.supportEmail,
    payments: { gateway: gateway.name, testMode: gateway.testMode, ...(config.stripe ? { publishableKey: config.stripe.publishableKey } : {}) },
    googleSignIn: config.google !== null,
  });
});
