/**
 * Worker earnings (issue #14): `GET /api/worker/earnings` and `GET /api/worker/earnings.csv` for
 * the signed-in worker (their own jobs only: there is no way to name another worker), and
 * `GET /api/admin/workers/{id}/earnings` for admins. The share is `jobRules.workerSharePercent` of
 * the labour (final subtotal before tax), tips 100% (src/domain/worker-earnings.ts).
 */
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { textIdSchema } from '../../../domain/ids';
import { earningsPeriodStarts } from '../../../domain/worker-earnings';
import { earningsCsvQuerySchema, workerEarningsSchema } from '../../../domain/worker-earnings-contract';
import { workerProfiles } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { languageOf, translator } from '../../lib/i18n';
import { apiRouter, callerOf, defineRoute, errorResponses, jsonContent } from '../../lib/openapi';
import { requestContext } from '../../lib/request-context';
import { completedJobsSince, workerEarnings } from './earnings.service';

const TAGS = ['Worker: earnings'];
const summaryDescription = "Today's, this week's (from Monday) and this month's completed jobs and earnings on the Tampa calendar, and this month's jobs, newest first. Share = `jobRules.workerSharePercent` of the final subtotal before tax (the booked subtotal when none), half a cent up; tips (succeeded) 100%.";

const earningsRoute = defineRoute({
  method: 'get',
  path: '/earnings',
  access: 'worker',
  tags: TAGS,
  summary: "The signed-in worker's earnings: today, this week, this month",
  description: summaryDescription,
  responses: { 200: jsonContent(workerEarningsSchema, 'The totals and the jobs'), ...errorResponses(401, 403) },
});

const earningsCsvRoute = defineRoute({
  method: 'get',
  path: '/earnings.csv',
  access: 'worker',
  tags: TAGS,
  summary: "The signed-in worker's completed jobs of a period as CSV",
  description: 'One row per completed job, newest first: date (Tampa), reference, service, labour, share, tip, earnings (dollars with cents). `period` is today, week or month (default).',
  request: { query: earningsCsvQuerySchema },
  responses: { 200: { description: 'A CSV file (attachment)', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses(400, 401, 403) },
});

const adminEarningsRoute = defineRoute({
  method: 'get',
  path: '/{id}/earnings',
  access: 'admin',
  tags: ['Admin: workers'],
  summary: "A worker's earnings: today, this week, this month",
  description: `${summaryDescription} 404 for an id that is not a worker's.`,
  request: { params: z.object({ id: textIdSchema() }) },
  responses: { 200: jsonContent(workerEarningsSchema, 'The totals and the jobs'), ...errorResponses(401, 403, 404) },
});

const dollars = (cents: number) => (cents / 100).toFixed(2);

export const workerEarningsRoutes = apiRouter()
  .openapi(earningsRoute, async (c) => {
    const worker = callerOf(c);
    const { settings, view } = await requestContext(c);
    return c.json(await workerEarnings(c.var.deps.db, worker.id, view.now, settings.jobRules.workerSharePercent), 200);
  })
  .openapi(earningsCsvRoute, async (c) => {
    const worker = callerOf(c);
    const { period } = c.req.valid('query');
    const { settings, view } = await requestContext(c);
    const from = earningsPeriodStarts(view.now)[period];
    const jobs = await completedJobsSince(c.var.deps.db, worker.id, from, settings.jobRules.workerSharePercent);
    const t = translator(languageOf(c.req.header('accept-language')));
    const csv = stringify(
      jobs.map((job) => [job.date, job.reference, t(`services.${job.service}.name`), dollars(job.labourCents), dollars(job.shareCents), dollars(job.tipCents), dollars(job.earningsCents)]),
      { header: true, columns: ['date', 'reference', 'service', 'labour', 'share', 'tip', 'earnings'] },
    );
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="earnings-${period}-${from}.csv"`, 'Cache-Control': 'no-store' });
  });

export const adminWorkerEarningsRoutes = apiRouter().openapi(adminEarningsRoute, async (c) => {
  const { id } = c.req.valid('param');
  const [profile] = await c.var.deps.db.select({ id: workerProfiles.userId }).from(workerProfiles).where(eq(workerProfiles.userId, id));
  if (!profile) throw notFound();
  const { settings, view } = await requestContext(c);
  return c.json(await workerEarnings(c.var.deps.db, id, view.now, settings.jobRules.workerSharePercent), 200);
});
