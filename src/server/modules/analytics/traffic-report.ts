/**
 * The traffic report (issue #11, `GET /api/admin/analytics/traffic`): page views (events
 * `navigation` / `page_view`, one per route change) and distinct visitors (anonymous ids) in a
 * period, in total, by Tampa day and by interface language, and the 20 most viewed paths.
 */
import { sql } from 'drizzle-orm';
import { datesOf } from '../../../domain/analytics-range';
import type { TrafficReport } from '../../../domain/analytics-reports';
import type { Database } from '../../db/client';
import { dateText, distinctVisitors, inPeriod, periodOf, rowsOf, tampaDayOf, type ReportRange } from './report-sql';

export const TOP_PAGES = 20;

const pageViews = (range: ReportRange) => sql`category = 'navigation' and action = 'page_view' and ${inPeriod(sql`occurred_at`, range)}`;

/** The traffic report of a period. */
export async function trafficReport(db: Database, range: ReportRange): Promise<TrafficReport> {
  const [grouped, topPages] = await Promise.all([
    rowsOf<{ level: 'day' | 'language' | 'total'; day: string | null; language: string | null; page_views: number; visitors: number }>(
      db,
      sql`select case when grouping(day) = 0 then 'day' when grouping(language) = 0 then 'language' else 'total' end as level,
                 ${dateText(sql`day`)} as day, language, count(*)::int as page_views, ${distinctVisitors} as visitors
          from (select ${tampaDayOf(sql`occurred_at`)} as day, coalesce(language, 'unknown') collate "C" as language, visitor_id
                from analytics_events where ${pageViews(range)}) views
          group by grouping sets ((day), (language), ())`,
    ),
    rowsOf<{ path: string; page_views: number; visitors: number }>(
      db,
      sql`select coalesce(path, '') collate "C" as path, count(*)::int as page_views, ${distinctVisitors} as visitors
          from analytics_events where ${pageViews(range)}
          group by 1 order by page_views desc, visitors desc, path limit ${TOP_PAGES}`,
    ),
  ]);
  const views = (r: { page_views: number; visitors: number } | undefined) => ({ pageViews: r?.page_views ?? 0, visitors: r?.visitors ?? 0 });
  const byDate = new Map(grouped.filter((r) => r.level === 'day').map((r) => [r.day!, r]));
  return {
    period: periodOf(range),
    totals: views(grouped.find((r) => r.level === 'total')),
    byDay: datesOf(range).map((date) => ({ date, ...views(byDate.get(date)) })),
    topPages: topPages.map((r) => ({ path: r.path, ...views(r) })),
    languages: grouped
      .filter((r) => r.level === 'language')
      .map((r) => ({ language: r.language!, ...views(r) }))
      .sort((a, b) => b.pageViews - a.pageViews || a.language.localeCompare(b.language)),
  };
}
