/**
 * `GET /api/services/{slug}/slots?date=YYYY-MM-DD&durationMinutes=N`: the bookable dates and the
 * start times offered on one of them: business-hours slots a skilled worker is free for
 * (src/domain/capacity.ts), in UTC instants. A date that is not one of the bookable dates is
 * 400 (details `query.date`); an unknown service 404. Answered from this process's cached day
 * plan and settings (issue #16, ../workers/capacity-caches.ts): equal to a fresh computation.
 */
import { z } from 'zod';
import { slotsQuerySchema, slotsResponseSchema } from '../../../domain/catalog-contract';
import { SERVICE_SLUGS } from '../../../domain/services';
import { bookableDates, businessDate, isBookableDate } from '../../../domain/slots';
import { validationError } from '../../lib/errors';
import { apiRouter, defineRoute, errorResponses, jsonContent } from '../../lib/openapi';
import { cachedBusinessSettings, cachedOfferedStarts } from '../workers/capacity-caches';

const slotsRoute = defineRoute({
  method: 'get',
  path: '/{slug}/slots',
  access: 'anonymous',
  tags: ['Catalog'],
  summary: 'The bookable dates and the start times offered on one of them',
  request: { params: z.object({ slug: z.enum(SERVICE_SLUGS) }), query: slotsQuerySchema },
  responses: { 200: jsonContent(slotsResponseSchema, 'Dates and starts'), ...errorResponses(400, 404) },
});

export const servicesRoutes = apiRouter().openapi(slotsRoute, async (c) => {
  const { slug } = c.req.valid('param');
  const query = c.req.valid('query');
  const now = c.var.deps.now();
  const { slotRules } = await cachedBusinessSettings(c.var.deps.db);
  // Which dates are bookable depends on today and the settings: checked here rather than in the schema.
  if (query.date && !isBookableDate(query.date, now, slotRules)) throw validationError([{ path: ['date'], message: 'validation.dateNotBookable' }], 'query');
  const date = query.date ?? businessDate(now);
  const starts = await cachedOfferedStarts(c.var.deps.db, { date, service: slug, durationMinutes: query.durationMinutes, now, rules: slotRules });
  return c.json({ date, dates: bookableDates(now, slotRules), starts: starts.map((s) => s.toISOString()) }, 200);
});
