/**
 * The chat response-time report (issue #13, `GET /api/admin/analytics/chat-responses`): the
 * waits the team answered in a period (`chat_responses.answered_at`, one row per customer wait,
 * written in the reply's transaction by src/server/modules/chats/chat-responses.ts), the median
 * response time and the median first response time (each conversation's first answered wait), in
 * seconds, and the share answered within the call-back promise's upper number (10 minutes by
 * default, DEFAULT_CONTACT_PROMISE_MINUTES: the analytics reports do not read saved settings), in
 * total and by Tampa day. Also how many conversations had a message in the period.
 */
import { sql } from 'drizzle-orm';
import { datesOf } from '../../../domain/analytics-range';
import type { ChatResponseReport } from '../../../domain/analytics-reports';
import { DEFAULT_CONTACT_PROMISE_MINUTES } from '../../../domain/contact-promise';
import type { Database } from '../../db/client';
import { dateText, inPeriod, periodOf, ratio, rowsOf, tampaDayOf, type ReportRange } from './report-sql';

interface ResponseRow {
  day: string | null;
  answered: number;
  within: number;
  median: number | null;
  median_first: number | null;
}

/** The chat response-time report of a period. */
export async function chatResponseReport(db: Database, range: ReportRange): Promise<ChatResponseReport> {
  const withinMinutes = DEFAULT_CONTACT_PROMISE_MINUTES.max;
  const withinSeconds = withinMinutes * 60;
  const rows = await rowsOf<ResponseRow>(
    db,
    sql`select ${dateText(sql`day`)} as day, count(*)::int as answered,
          (count(*) filter (where response_seconds <= ${withinSeconds}))::int as within,
          percentile_cont(0.5) within group (order by response_seconds) as median,
          percentile_cont(0.5) within group (order by response_seconds) filter (where first) as median_first
        from (
          select ${tampaDayOf(sql`answered_at`)} as day, response_seconds, first
          from chat_responses where ${inPeriod(sql`answered_at`, range)}
        ) answered
        group by grouping sets ((day), ())`,
  );
  const [active] = await rowsOf<{ conversations: number }>(
    db,
    sql`select count(distinct conversation_id)::int as conversations from chat_messages where ${inPeriod(sql`created_at`, range)}`,
  );
  const total = rows.find((r) => r.day === null);
  const byDate = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day!, r]));
  const fields = (r: ResponseRow | undefined) => ({ answered: r?.answered ?? 0, within: r?.within ?? 0, medianSeconds: r?.median ?? null });
  const totals = fields(total);
  return {
    period: periodOf(range),
    withinMinutes,
    totals: {
      ...totals,
      conversations: active?.conversations ?? 0,
      shareWithin: ratio(totals.within, totals.answered),
      medianFirstSeconds: total?.median_first ?? null,
    },
    byDay: datesOf(range).map((date) => ({ date, ...fields(byDate.get(date)) })),
  };
}
