/**
 * `GET /api/settings/public`: what the browser needs to price, schedule and label payments
 * (./public-settings.ts), from this process's settings cache, which every admin save
 * (/admin/settings) drops in every process on commit (issue #16, ../workers/capacity-caches.ts),
 * so the save shows at once. The support phone and email are the saved ones, or the config's
 * (SUPPORT_PHONE, SUPPORT_EMAIL) until an admin saves them.
 */
import { publicSettingsSchema } from '../../../domain/catalog-contract';
import { apiRouter, defineRoute, jsonContent } from '../../lib/openapi';
import { publicSettingsAnswer } from './public-settings';

const publicSettingsRoute = defineRoute({
  method: 'get',
  path: '/public',
  access: 'anonymous',
  tags: ['Catalog'],
  summary: 'Prices, tax, service area, slot rules, cancellation policy, support contacts and payment mode',
  responses: { 200: jsonContent(publicSettingsSchema, 'The public settings') },
});

export const settingsRoutes = apiRouter().openapi(publicSettingsRoute, async (c) => c.json(await publicSettingsAnswer(c.var.deps), 200));
