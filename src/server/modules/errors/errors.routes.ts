/**
 * The error log's API (issue #11; spec sections 4, 6, 7, 8, 9), mounted at `/api`:
 *  - `POST /api/errors` (anyone): log one entry through `log_error`; the user is the session's;
 *    rate limited per client IP (ERROR_LOG_RATE_LIMIT_MAX per ERROR_LOG_RATE_LIMIT_WINDOW_SECONDS,
 *    counted in PostgreSQL, only for well-formed entries: a malformed one costs no write);
 *  - `GET /api/errors/counts` (any signed-in user): the live counters' baseline, counts only;
 *  - `/api/admin/errors/*` (admins): the list, groups, metrics, one entry, resolve an entry or a group.
 * Who sees what is docs/decisions/015-error-log-access.md. The contract is
 * src/domain/errors-contract.ts, declared with `defineRoute` (docs/decisions/013-api-contract.md).
 */
import { errorMetricsWindow } from '../../../domain/error-metrics';
import {
  errorCountsSchema,
  errorGroupListSchema,
  errorGroupQuerySchema,
  errorListQuerySchema,
  errorLogEntrySchema,
  errorLogListSchema,
  errorMetricsQuerySchema,
  errorMetricsSchema,
  fingerprintParams,
  loggedErrorSchema,
  logErrorRequestSchema,
  resolvedErrorGroupSchema,
  resolvedErrorSchema,
} from '../../../domain/errors-contract';
import { ipRateLimit } from '../../auth/rate-limit';
import { notFound } from '../../lib/errors';
import { apiRouter, callerOf, defineRoute, errorResponses, idParams, jsonBody, jsonContent } from '../../lib/openapi';
import { dailyErrorMetrics, errorCounts, errorDetail, errorGroups, listErrors } from './error-log.queries';
import { logError, resolveError, resolveErrorGroup } from './error-log.service';

const TAGS = ['Error log'];
const ADMIN_TAGS = ['Admin: error log'];

const logRoute = defineRoute({
  method: 'post',
  path: '/errors',
  access: 'anonymous',
  tags: TAGS,
  summary: 'Log an error met in the browser',
  description:
    'Stored by the SQL function `log_error` with the signed-in user (from the session; a `user_id` in the body is ignored), scrubbed of card numbers, passwords and tokens, and given a fingerprint. Each field has a size cap (400 with the field otherwise). At most ERROR_LOG_RATE_LIMIT_MAX entries per client IP per window (429 with Retry-After).',
  request: { body: jsonBody(logErrorRequestSchema) },
  responses: { 201: jsonContent(loggedErrorSchema, 'Stored'), ...errorResponses(400, 413, 415, 429) },
});

const countsRoute = defineRoute({
  method: 'get',
  path: '/errors/counts',
  access: 'signed_in',
  tags: TAGS,
  summary: 'Total, critical and unresolved among the latest 1000 entries',
  description: 'Counts only, for any signed-in user (the live counter of spec section 6); the entries themselves are for admins.',
  responses: { 200: jsonContent(errorCountsSchema, 'The counts'), ...errorResponses(401) },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/admin/errors',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'The latest entries, newest first (100 by default)',
  request: { query: errorListQuerySchema },
  responses: { 200: jsonContent(errorLogListSchema, 'The entries'), ...errorResponses(400, 401, 403) },
});

const groupsRoute = defineRoute({
  method: 'get',
  path: '/admin/errors/groups',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'Entries grouped by fingerprint, most recently seen first',
  request: { query: errorGroupQuerySchema },
  responses: { 200: jsonContent(errorGroupListSchema, 'The groups'), ...errorResponses(400, 401, 403) },
});

const metricsRoute = defineRoute({
  method: 'get',
  path: '/admin/errors/metrics',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'error_metrics of the last N Tampa days (7 by default), newest first',
  request: { query: errorMetricsQuerySchema },
  responses: { 200: jsonContent(errorMetricsSchema, 'One row per day'), ...errorResponses(400, 401, 403) },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/admin/errors/{id}',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'One entry with its stack trace, context, URL, user agent and user',
  request: { params: idParams },
  responses: { 200: jsonContent(errorLogEntrySchema, 'The entry'), ...errorResponses(401, 403, 404) },
});

const resolveRoute = defineRoute({
  method: 'post',
  path: '/admin/errors/{id}/resolve',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'Mark an entry resolved (resolve_error)',
  description: '`changed` is false when it was resolved already; resolving twice changes nothing.',
  request: { params: idParams },
  responses: { 200: jsonContent(resolvedErrorSchema, 'Resolved'), ...errorResponses(401, 403, 404) },
});

const resolveGroupRoute = defineRoute({
  method: 'post',
  path: '/admin/errors/groups/{fingerprint}/resolve',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'Resolve every open entry of a group',
  description: 'A later entry with the same fingerprint reopens the group as a regression.',
  request: { params: fingerprintParams },
  responses: { 200: jsonContent(resolvedErrorGroupSchema, 'Resolved'), ...errorResponses(401, 403, 404) },
});

// Static paths before `{id}`: a request for /admin/errors/groups must not reach the id route.
export const errorLogRoutes = apiRouter()
  .openapi(logRoute, async (c) => {
    const body = c.req.valid('json');
    const { db, config, now } = c.var.deps;
    await ipRateLimit('error-log', { ...config.errorLogRateLimit, trustProxy: config.trustProxy })(c, async () => {});
    const entry = await logError(db, body, { userId: c.var.user?.id ?? null, source: 'client', at: now() });
    return c.json(entry, 201);
  })
  .openapi(countsRoute, async (c) => c.json(await errorCounts(c.var.deps.db), 200))
  .openapi(listRoute, async (c) => c.json({ entries: await listErrors(c.var.deps.db, c.req.valid('query')) }, 200))
  .openapi(groupsRoute, async (c) => c.json({ groups: await errorGroups(c.var.deps.db, c.req.valid('query')) }, 200))
  .openapi(metricsRoute, async (c) => {
    const { days } = c.req.valid('query');
    return c.json({ days, metrics: await dailyErrorMetrics(c.var.deps.db, errorMetricsWindow(c.var.deps.now(), days)) }, 200);
  })
  .openapi(resolveGroupRoute, async (c) => {
    const admin = callerOf(c);
    const { fingerprint } = c.req.valid('param');
    const resolved = await resolveErrorGroup(c.var.deps.db, fingerprint, admin.id, c.var.deps.now());
    if (resolved === null) throw notFound();
    return c.json({ fingerprint, resolved_count: resolved }, 200);
  })
  .openapi(detailRoute, async (c) => {
    const entry = await errorDetail(c.var.deps.db, c.req.valid('param').id);
    if (!entry) throw notFound();
    return c.json(entry, 200);
  })
  .openapi(resolveRoute, async (c) => {
    const admin = callerOf(c);
    const { id } = c.req.valid('param');
    const at = c.var.deps.now();
    const changed = await resolveError(c.var.deps.db, id, admin.id, at);
    if (changed === null) throw notFound();
    // already resolved: answer when it was, not now
    const resolvedAt = changed ? at.toISOString() : ((await errorDetail(c.var.deps.db, id))?.resolved_at ?? at.toISOString());
    return c.json({ id, resolved: true as const, changed, resolved_at: resolvedAt }, 200);
  });
