/**
 * The Core Web Vitals report (issue #11, `GET /api/admin/analytics/web-vitals`): the 75th
 * percentile of each metric the browsers reported in a period (events `web_vitals` / `LCP`,
 * `INP`, `CLS`, `FCP`, `TTFB`, the value in ms, CLS unitless), over all routes and per route,
 * with how many samples were good, needed improvement or were poor by Google's thresholds
 * (src/domain/web-vitals.ts). p75 is PostgreSQL's `percentile_cont(0.75)` (src/domain/percentile.ts
 * is the same rule); the rating of a p75 is the domain's.
 */
import { sql } from 'drizzle-orm';
import type { WebVitalsReport } from '../../../domain/analytics-reports';
import { rateVital, VITAL_THRESHOLDS, WEB_VITALS, type WebVital } from '../../../domain/web-vitals';
import type { Database } from '../../db/client';
import { inPeriod, periodOf, rowsOf, type ReportRange } from './report-sql';

/** Rows per route at most (the most sampled routes are kept). */
export const MAX_ROUTE_ROWS = 500;

interface VitalRow {
  path: string | null;
  metric: WebVital;
  p75: number;
  samples: number;
  good: number;
  needs_improvement: number;
  poor: number;
}

const thresholdOf = (which: 'good' | 'poor') =>
  sql`case action ${sql.join(WEB_VITALS.map((metric) => sql`when ${metric} then ${VITAL_THRESHOLDS[metric][which]}::float8`), sql` `)} end`;

/** The Web Vitals report of a period. */
export async function webVitalsReport(db: Database, range: ReportRange): Promise<WebVitalsReport> {
  const rows = await rowsOf<VitalRow>(
    db,
    sql`select path, metric, percentile_cont(0.75) within group (order by value) as p75, count(*)::int as samples,
               (count(*) filter (where value <= good))::int as good,
               (count(*) filter (where value > good and value <= poor))::int as needs_improvement,
               (count(*) filter (where value > poor))::int as poor
        from (
          select coalesce(path, '') as path, action as metric, value, ${thresholdOf('good')} as good, ${thresholdOf('poor')} as poor
          from analytics_events
          where category = 'web_vitals' and action in (${sql.join(WEB_VITALS.map((m) => sql`${m}`), sql`, `)})
            and value is not null and ${inPeriod(sql`occurred_at`, range)}
        ) samples
        group by grouping sets ((path, metric), (metric))`,
  );
  const row = (r: VitalRow) => ({
    metric: r.metric,
    p75: r.p75,
    samples: r.samples,
    rating: rateVital(r.metric, r.p75),
    good: r.good,
    needsImprovement: r.needs_improvement,
    poor: r.poor,
  });
  const order = (metric: WebVital) => WEB_VITALS.indexOf(metric);
  const perRoute = rows.filter((r) => r.path !== null);
  const samplesByPath = new Map<string, number>();
  for (const r of perRoute) samplesByPath.set(r.path!, (samplesByPath.get(r.path!) ?? 0) + r.samples);
  const kept = new Set([...samplesByPath].sort((a, b) => b[1] - a[1]).map(([path]) => path).slice(0, Math.floor(MAX_ROUTE_ROWS / WEB_VITALS.length)));
  return {
    period: periodOf(range),
    thresholds: WEB_VITALS.map((metric) => ({ metric, ...VITAL_THRESHOLDS[metric] })),
    overall: rows.filter((r) => r.path === null).map(row).sort((a, b) => order(a.metric) - order(b.metric)),
    byRoute: perRoute
      .filter((r) => kept.has(r.path!))
      .map((r) => ({ path: r.path!, ...row(r) }))
      .sort((a, b) => a.path.localeCompare(b.path) || order(a.metric) - order(b.metric)),
  };
}
