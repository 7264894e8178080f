/**
 * The traffic report (issue #11, `GET /api/admin/analytics/traffic`): page views (events
 * `navigation` / `page_view`, one per route change) and distinct visitors (anonymous ids) in a
 * period, in total, by Tampa day and by interface language, and the 20 most viewed paths.
 *
 * Two exact ways to the same numbers (docs/decisions/016-analytics.md):
 * - From the roll-ups that the database keeps at ingest (migration 0017, schema/analytics.ts):
 *   page views by day, route and language; distinct visitors by day; and each visitor's last day
 *   in total, per language and per route. They answer whenever no page view is later than the
 *   period's last day (every preset, which ends today, and custom periods ending today): then the
 *   period's visitors are exactly those last seen on or after its first day. Read in one
 *   repeatable-read snapshot, so a view arriving meanwhile cannot make that untrue halfway.
 * - From the raw events otherwise (a custom period that ended before the latest views): distinct
 *   counts over every page view of the period, slower over long periods (bench/analytics.ts).
 */
import { sql } from 'drizzle-orm';
import { datesOf } from '../../../domain/analytics-range';
import type { TrafficReport } from '../../../domain/analytics-reports';
import type { Database } from '../../db/client';
import { dateText, distinctVisitors, inPeriod, periodOf, rowsOf, tampaDayOf, type ReportRange } from './report-sql';

export const TOP_PAGES = 20;

type Views = { page_views: number; visitors: number };
type Level = 'day' | 'language' | 'path' | 'total';
/** One row of the report's counts: its level, the day / language / path it is about, and the counts. */
type CountRow = Views & { level: Level; key: string };

/** The traffic report of a period. */
export async function trafficReport(db: Database, range: ReportRange): Promise<TrafficReport> {
  const fromRollUps = await db.transaction(async (tx) => ((await laterViewExists(tx, range)) ? null : await rolledUpCounts(tx, range)), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return assemble(range, fromRollUps ?? (await rawCounts(db, range)));
}

/** Whether any page view happened on a Tampa day after the period. */
async function laterViewExists(db: Database, range: ReportRange): Promise<boolean> {
  const [row] = await rowsOf<{ later: boolean }>(db, sql`select exists (select 1 from analytics_daily_visitors where day > ${range.to}::date) as later`);
  return row!.later;
}

/** The counts from the roll-ups; only exact while no page view is later than the period. */
async function rolledUpCounts(db: Database, range: ReportRange): Promise<CountRow[]> {
  const views = await rowsOf<{ level: Level; key: string | null; page_views: number }>(
    db,
    sql`select case when grouping(day) = 0 then 'day' when grouping(language) = 0 then 'language' when grouping(path) = 0 then 'path' else 'total' end as level,
               coalesce(${dateText(sql`day`)}, language, path) as key, sum(page_views)::int as page_views
        from analytics_page_view_days where day between ${range.from}::date and ${range.to}::date
        group by grouping sets ((day), (language), (path), ())`,
  );
  const dailyVisitors = await rowsOf<{ key: string; visitors: number }>(
    db,
    sql`select ${dateText(sql`day`)} as key, visitors from analytics_daily_visitors where day between ${range.from}::date and ${range.to}::date`,
  );
  const lastSeen = await rowsOf<{ level: 'total' | 'language' | 'path'; key: string; visitors: number }>(
    db,
    sql`select scope as level, value as key, count(*)::int as visitors from analytics_visitor_last_seen where last_day >= ${range.from}::date group by scope, value`,
  );
  const visitors = new Map([...dailyVisitors.map((r) => [`day:${r.key}`, r.visitors] as const), ...lastSeen.map((r) => [`${r.level}:${r.key}`, r.visitors] as const)]);
  return views.map((r) => {
    const key = r.key ?? '';
    return { level: r.level, key, page_views: r.page_views, visitors: visitors.get(`${r.level}:${key}`) ?? 0 };
  });
}

/** The counts from every page view of the period (distinct visitors counted over the raw events). */
async function rawCounts(db: Database, range: ReportRange): Promise<CountRow[]> {
  const [grouped, paths] = await Promise.all([
    rowsOf<CountRow & { key: string | null }>(
      db,
      sql`select case when grouping(day) = 0 then 'day' when grouping(language) = 0 then 'language' else 'total' end as level,
                 coalesce(${dateText(sql`day`)}, language) as key, count(*)::int as page_views, ${distinctVisitors} as visitors
          from (select ${tampaDayOf(sql`occurred_at`)} as day, coalesce(language, 'unknown') collate "C" as language, visitor_id
                from analytics_events where ${pageViews(range)}) views
          group by grouping sets ((day), (language), ())`,
    ),
    rowsOf<CountRow>(
      db,
      sql`select 'path' as level, coalesce(path, '') collate "C" as key, count(*)::int as page_views, ${distinctVisitors} as visitors
          from analytics_events where ${pageViews(range)}
          group by 2 order by page_views desc, visitors desc, key limit ${TOP_PAGES}`,
    ),
  ]);
  return [...grouped.map((r) => ({ ...r, key: r.key ?? '' })), ...paths];
}

const pageViews = (range: ReportRange) => sql`category = 'navigation' and action = 'page_view' and ${inPeriod(sql`occurred_at`, range)}`;

/** The report from either way's counts: every day of the period, the top pages, the languages by views. */
function assemble(range: ReportRange, rows: CountRow[]): TrafficReport {
  const views = (r: Views | undefined) => ({ pageViews: r?.page_views ?? 0, visitors: r?.visitors ?? 0 });
  const at = (level: Level) => rows.filter((r) => r.level === level);
  const byDate = new Map(at('day').map((r) => [r.key, r]));
  const byViews = <T extends { pageViews: number; visitors: number }>(key: (x: T) => string) => (a: T, b: T) =>
    b.pageViews - a.pageViews || b.visitors - a.visitors || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  return {
    period: periodOf(range),
    totals: views(at('total')[0]),
    byDay: datesOf(range).map((date) => ({ date, ...views(byDate.get(date)) })),
    topPages: at('path')
      .map((r) => ({ path: r.key, ...views(r) }))
      .sort(byViews((p) => p.path))
      .slice(0, TOP_PAGES),
    languages: at('language')
      .map((r) => ({ language: r.key, ...views(r) }))
      .sort(byViews((l) => l.language)),
  };
}
