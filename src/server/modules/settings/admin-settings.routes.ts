/**
 * `/api/admin/settings` (admins only; issue #12): `GET /` every service and section with its
 * version, `PUT /services/{slug}` a service's price and whether it is offered, `PUT /{section}`
 * one section (tax, service-area, hours, cancellation, contact-promise, support,
 * completion-limits), `GET /history` every change (who, when, old -> new). The contract is
 * src/domain/settings-contract.ts; saves are compare-and-set on the section's version (409
 * `settings_changed` with the current value, docs/decisions/017-admin-settings.md). A save applies
 * at once to everything that reads the settings; bookings already made keep theirs.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { formatTampaDateTime } from '../../../domain/format';
import { SERVICE_SLUGS } from '../../../domain/services';
import {
  adminSettingsSchema,
  SECTION_SCHEMAS,
  SECTION_STATE_SCHEMAS,
  serviceSettingSchema,
  serviceSettingStateSchema,
  SETTINGS_SECTION_PATHS,
  SETTINGS_SECTIONS,
  settingsHistoryQuerySchema,
  settingsHistorySchema,
  settingsSaveSchema,
  type SectionState,
  type SectionValues,
  type SettingsSection,
} from '../../../domain/settings-contract';
import type { AppEnv } from '../../lib/app-env';
import { conflict } from '../../lib/errors';
import { apiRouter, callerOf, defineRoute, errorResponses, jsonBody, jsonContent } from '../../lib/openapi';
import { readAdminSettings, readSettingsHistory, saveServiceSetting, saveSettingsSection, type SaveResult } from './admin-settings.service';

const TAGS = ['Admin: settings'];

const SECTION_SUMMARIES: Record<SettingsSection, string> = {
  tax: 'Save the sales tax rate (basis points, 0-2000)',
  serviceArea: 'Save the service-area ZIP codes (5 digits each, 1-500)',
  hours: 'Save business hours by weekday, step, lead time, buffer and days ahead',
  cancellation: 'Save the cancellation policy: notice tiers, fee, grace, rescheduling notice, refund days',
  contactPromise: 'Save the contact promise (minutes after booking, min-max)',
  support: 'Save the support phone (US) and email',
  completionLimits: 'Save the completion ceilings: furniture hours, paint per room, approval above the hold',
  jobRules: 'Save the job rules: worker start window, shortest job, arrival window (minutes), worker share (percent)',
};

const SAVE_DESCRIPTION =
  'Send the section\'s whole value and the `version` it was read at. A value equal to the stored one changes nothing (200). A save based on an older version is 409 `settings_changed`: `details.version` and `details.current` (the value now, as JSON) let the page show what the other admin saved. Applies at once to the public settings, slots and new bookings; existing bookings keep their prices and cancellation policy.';

const readRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'admin',
  tags: TAGS,
  summary: 'Every service and settings section, with its version and who saved it last',
  responses: { 200: jsonContent(adminSettingsSchema, 'The settings now'), ...errorResponses(401, 403) },
});

const historyRoute = defineRoute({
  method: 'get',
  path: '/history',
  access: 'admin',
  tags: TAGS,
  summary: 'Every settings change, newest first: who, when, and each field old -> new',
  request: { query: settingsHistoryQuerySchema },
  responses: { 200: jsonContent(settingsHistorySchema, 'One page of the history'), ...errorResponses(400, 401, 403) },
});

const serviceRoute = defineRoute({
  method: 'put',
  path: '/services/{slug}',
  access: 'admin',
  tags: TAGS,
  summary: "Save a service's listed price (cents, before tax) and whether it is offered",
  description: SAVE_DESCRIPTION,
  request: { params: z.object({ slug: z.enum(SERVICE_SLUGS) }), body: jsonBody(settingsSaveSchema(serviceSettingSchema)) },
  responses: { 200: jsonContent(serviceSettingStateSchema, 'The service now'), ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const sectionRoutes = SETTINGS_SECTIONS.map((section) => ({
  section,
  route: defineRoute({
    method: 'put',
    path: `/${SETTINGS_SECTION_PATHS[section]}`,
    access: 'admin',
    tags: TAGS,
    summary: SECTION_SUMMARIES[section],
    description: SAVE_DESCRIPTION,
    request: { body: jsonBody(settingsSaveSchema(SECTION_SCHEMAS[section])) },
    responses: { 200: jsonContent(SECTION_STATE_SCHEMAS[section], 'The section now'), ...errorResponses(400, 401, 403, 409, 415) },
  }),
}));

const defaultsOf = (c: Context<AppEnv>) => ({ supportPhone: c.var.deps.config.supportPhone, supportEmail: c.var.deps.config.supportEmail });

/**
 * The state a save answers, or the 409 for a save based on an older version: the message names
 * who saved and when (Tampa time, the caller's language); `details.version` and `details.current`
 * (JSON) carry the section as it is now.
 * @throws AppError 409 settings_changed
 */
function answerOf<V>(c: Context<AppEnv>, result: SaveResult<V>): SectionState<V> {
  if (result.outcome !== 'conflict') return result.state;
  const { state } = result;
  const params = { name: state.updatedBy?.name ?? '', when: state.updatedAt ? formatTampaDateTime(state.updatedAt, c.var.lang) : '' };
  throw conflict('settings_changed', state.updatedBy && state.updatedAt ? 'adminSettings.errors.conflict' : 'adminSettings.errors.conflictNoAuthor', {
    params,
    hint: 'adminSettings.errors.conflictHint',
    rawDetails: { version: String(state.version), current: JSON.stringify(state.value), updatedAt: state.updatedAt ?? '', updatedBy: state.updatedBy?.name ?? '' },
  });
}

const router = apiRouter()
  .openapi(readRoute, async (c) => c.json(await readAdminSettings(c.var.deps.db, defaultsOf(c)), 200))
  .openapi(historyRoute, async (c) => c.json(await readSettingsHistory(c.var.deps.db, c.req.valid('query')), 200))
  .openapi(serviceRoute, async (c) => {
    const admin = callerOf(c);
    const { slug } = c.req.valid('param');
    const { version, value } = c.req.valid('json');
    const result = await saveServiceSetting({ db: c.var.deps.db, adminId: admin.id, now: c.var.deps.now() }, slug, version, value);
    answerOf(c, result);
    return c.json(result.state, 200);
  });

for (const { section, route } of sectionRoutes) {
  router.openapi(route, async (c) => {
    const admin = callerOf(c);
    const { version, value } = c.req.valid('json') as { version: number; value: SectionValues[typeof section] };
    const ctx = { db: c.var.deps.db, adminId: admin.id, now: c.var.deps.now(), defaults: defaultsOf(c) };
    // The route is declared per section; its answer is that section's state (the union of sections defeats inference here).
    return c.json(answerOf(c, await saveSettingsSection(ctx, section, version, value)) as never, 200);
  });
}

export const adminSettingsRoutes = router;
