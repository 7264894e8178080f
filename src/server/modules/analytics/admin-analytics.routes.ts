/**
 * The admin's analytics reports (issue #11), `GET /api/admin/analytics/{report}` for a period
 * (`?range=today|7d|30d|90d|custom&from=&to=`, Tampa days): revenue, funnel, contact, chat
 * response times (issue #13), traffic, web-vitals. Admins only. Each answer is SQL aggregates (the *-report.ts files beside this one);
 * the page exports each of its tables as CSV in the browser from the same answers
 * (docs/decisions/016-analytics.md).
 */
import type { z } from 'zod';
import { customRangeProblem, resolveRange } from '../../../domain/analytics-range';
import {
  analyticsQuerySchema,
  chatResponseReportSchema,
  contactReportSchema,
  funnelReportSchema,
  revenueReportSchema,
  trafficReportSchema,
  webVitalsReportSchema,
} from '../../../domain/analytics-reports';
import type { Database } from '../../db/client';
import { validationError } from '../../lib/errors';
import { apiRouter, defineRoute, errorResponses, jsonContent } from '../../lib/openapi';
import { chatResponseReport } from './chat-response-report';
import { contactReport } from './contact-report';
import { funnelReport } from './funnel-report';
import type { ReportRange } from './report-sql';
import { revenueReport } from './revenue-report';
import { trafficReport } from './traffic-report';
import { webVitalsReport } from './web-vitals-report';

const TAGS = ['Admin: analytics'];
const refusals = errorResponses(400, 401, 403);

const reportRoute = (path: string, summary: string, description: string, schema: z.ZodType) =>
  defineRoute({
    method: 'get',
    path,
    access: 'admin',
    tags: TAGS,
    summary,
    description,
    request: { query: analyticsQuerySchema },
    responses: { 200: jsonContent(schema, summary), ...refusals },
  });

const revenueRoute = reportRoute(
  '/revenue',
  'Bookings and captured revenue',
  'Bookings placed and money captured and refunded, by Tampa day and by service; average order value; cancellations by policy tier; reschedules. Cents.',
  revenueReportSchema,
);
const funnelRoute = reportRoute('/funnel', 'The booking funnel', 'Visitors reaching each booking step, drop-off, and the validation rules that stopped them.', funnelReportSchema);
const contactRoute = reportRoute('/contact', 'Contact time against the 5-10 minute promise', 'Share of bookings contacted within 5 and 10 minutes, median and worst wait (seconds).', contactReportSchema);
const chatResponsesRoute = reportRoute(
  '/chat-responses',
  'Chat response times',
  'Customer waits the team answered in the chats: how many, the median response and first-response times (seconds), and the share answered within the 10-minute promise, by Tampa day; and how many conversations had messages.',
  chatResponseReportSchema,
);
const trafficRoute = reportRoute('/traffic', 'Page views, top pages, languages', 'Page views and visitors by Tampa day, the 20 most viewed paths, the interface languages.', trafficReportSchema);
const webVitalsRoute = reportRoute('/web-vitals', 'Core Web Vitals, p75 per route', "LCP, INP, CLS, FCP and TTFB at the 75th percentile, overall and per route, rated by Google's thresholds.", webVitalsReportSchema);

/**
 * The period of a valid query at the request's instant.
 * @throws AppError 400 validation_failed when a custom period ends after today (Tampa)
 */
function periodOf(query: z.output<typeof analyticsQuerySchema>, now: Date): ReportRange {
  if (query.range === 'custom') {
    const problem = customRangeProblem(query.from!, query.to!, now);
    if (problem) throw validationError([{ path: ['to'], message: problem }], 'query');
  }
  return { range: query.range, ...resolveRange(query.range, now, query) };
}

type Report<T> = (db: Database, range: ReportRange) => Promise<T>;

export const adminAnalyticsRoutes = apiRouter()
  .openapi(revenueRoute, async (c) => c.json(await answer(c.var.deps, c.req.valid('query'), revenueReport), 200))
  .openapi(funnelRoute, async (c) => c.json(await answer(c.var.deps, c.req.valid('query'), funnelReport), 200))
  .openapi(contactRoute, async (c) => c.json(await answer(c.var.deps, c.req.valid('query'), contactReport), 200))
  .openapi(chatResponsesRoute, async (c) => c.json(await answer(c.var.deps, c.req.valid('query'), chatResponseReport), 200))
  .openapi(trafficRoute, async (c) => c.json(await answer(c.var.deps, c.req.valid('query'), trafficReport), 200))
  .openapi(webVitalsRoute, async (c) => c.json(await answer(c.var.deps, c.req.valid('query'), webVitalsReport), 200));

function answer<T>(deps: { db: Database; now: () => Date }, query: z.output<typeof analyticsQuerySchema>, report: Report<T>): Promise<T> {
  return report(deps.db, periodOf(query, deps.now()));
}
