/**
 * `POST /api/analytics/events` (issue #11): the browser's analytics batches. Anyone may send
 * (access `anonymous`): the visitor is the anonymous id in the body; the user, when signed in,
 * comes from the session cookie, never from the body. Rate limited per client IP in PostgreSQL
 * counters shared by every app process (ANALYTICS_RATE_LIMIT_MAX batches per
 * ANALYTICS_RATE_LIMIT_WINDOW_SECONDS; src/server/auth/rate-limit.ts), checked before the body is
 * read; the body is capped at 64 KB by the API's input guard and at 100 events by the contract.
 *
 * The browser sends with `fetch` and, when the page is hidden, `navigator.sendBeacon`: both are
 * JSON from our own origin, so the cross-site guard lets them in.
 */
import type { MiddlewareHandler } from 'hono';
import { analyticsBatchResultSchema, analyticsBatchSchema } from '../../../domain/analytics-contract';
import { ipRateLimit } from '../../auth/rate-limit';
import type { AppEnv } from '../../lib/app-env';
import { apiRouter, defineRoute, errorResponses, jsonBody, jsonContent } from '../../lib/openapi';
import { ingestBatch } from './ingest.service';

/** The per-IP limit, built once per app from its config. */
const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { analyticsRateLimit, trustProxy } = c.var.deps.config;
  return ipRateLimit('analytics-events', { ...analyticsRateLimit, trustProxy })(c, next);
};

const ingestRoute = defineRoute({
  method: 'post',
  path: '/events',
  access: 'anonymous',
  tags: ['Analytics'],
  summary: "Store a batch of the browser's analytics events",
  description:
    'Up to 100 events from one anonymous visitor. Each event is judged alone: the good ones are stored, each refused one is listed in `rejected` with its reasons (`personal_data` when its label or path holds an email, phone or card number), and params holding or named as personal data are dropped and listed in `stripped`. No cookie is set; the user is read from the session.',
  middleware: [rateLimit],
  request: { body: jsonBody(analyticsBatchSchema) },
  responses: { 200: jsonContent(analyticsBatchResultSchema, 'What was stored and what was refused'), ...errorResponses(400, 403, 413, 415, 429) },
});

export const analyticsRoutes = apiRouter().openapi(ingestRoute, async (c) => {
  const { visitorId, events } = c.req.valid('json');
  const { db, now } = c.var.deps;
  const result = await ingestBatch(db, events, { visitorId, userId: c.var.user?.id ?? null }, now());
  return c.json(result, 200);
});
