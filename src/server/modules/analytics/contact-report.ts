/**
 * The contact-time report (issue #11, `GET /api/admin/analytics/contact`): how soon the team
 * first contacted customers who booked in a period, against the promise "within 5-10 minutes"
 * (spec section 1). From `bookings.contacted_at` (set with the `contacted` booking event, by
 * dispatch's "Mark contacted") minus `created_at`: the share within 5 and within 10 minutes of
 * all bookings placed (one not contacted counts against the promise), the median and the worst
 * wait of those contacted, in seconds, in total and by Tampa day.
 */
import { sql } from 'drizzle-orm';
import { datesOf } from '../../../domain/analytics-range';
import type { ContactReport } from '../../../domain/analytics-reports';
import type { Database } from '../../db/client';
import { dateText, inPeriod, periodOf, ratio, rowsOf, tampaDayOf, type ReportRange } from './report-sql';

interface ContactRow {
  day: string | null;
  bookings: number;
  contacted: number;
  within5: number;
  within10: number;
  median: number | null;
  worst: number | null;
}

/** The contact-time report of a period. */
export async function contactReport(db: Database, range: ReportRange): Promise<ContactReport> {
  const rows = await rowsOf<ContactRow>(
    db,
    sql`select ${dateText(sql`day`)} as day, count(*)::int as bookings, count(contacted_at)::int as contacted,
          (count(*) filter (where wait <= 300))::int as within5,
          (count(*) filter (where wait <= 600))::int as within10,
          percentile_cont(0.5) within group (order by wait) as median,
          max(wait) as worst
        from (
          select ${tampaDayOf(sql`created_at`)} as day, contacted_at, extract(epoch from contacted_at - created_at)::float8 as wait
          from bookings where ${inPeriod(sql`created_at`, range)}
        ) placed
        group by grouping sets ((day), ())`,
  );
  const total = rows.find((r) => r.day === null);
  const byDate = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day!, r]));
  const fields = (r: ContactRow | undefined) => ({
    bookings: r?.bookings ?? 0,
    contacted: r?.contacted ?? 0,
    within5: r?.within5 ?? 0,
    within10: r?.within10 ?? 0,
    medianSeconds: r?.median ?? null,
  });
  const totals = fields(total);
  return {
    period: periodOf(range),
    promiseMinutes: { first: 5, last: 10 },
    totals: {
      ...totals,
      notContacted: totals.bookings - totals.contacted,
      shareWithin5: ratio(totals.within5, totals.bookings),
      shareWithin10: ratio(totals.within10, totals.bookings),
      worstSeconds: total?.worst ?? null,
    },
    byDay: datesOf(range).map((date) => ({ date, ...fields(byDate.get(date)) })),
  };
}
