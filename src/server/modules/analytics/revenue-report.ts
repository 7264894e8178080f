/**
 * The revenue report (issue #11, `GET /api/admin/analytics/revenue`): bookings placed and money
 * moved in a period, by Tampa day and by service, with the average order value, cancellations by
 * the policy tier applied, and reschedules. Five aggregate queries; nothing is summed in Node
 * beyond filling days without activity with zeros.
 *
 * Sources: `bookings.created_at` (placed, booked total with tax), `payment_ledger` rows by their
 * `created_at` (captured = `captured` + `fee_captured` + `extra_charge`, refunded = `refunded`;
 * src/domain/ledger.ts), `bookings.completed_at` with `final_total_cents` (jobs done),
 * `bookings.cancelled_at` with `cancellation_tier` (no-shows included as `no_show`),
 * `booking_events` of type `rescheduled`.
 */
import { sql } from 'drizzle-orm';
import { datesOf } from '../../../domain/analytics-range';
import type { RevenueReport } from '../../../domain/analytics-reports';
import { CANCELLATION_EVENT_TIERS } from '../../../domain/booking-events';
import type { Database } from '../../db/client';
import { dateText, inPeriod, periodOf, ratio, roundCents, rowsOf, tampaDayOf, type ReportRange } from './report-sql';

type Level = 'day' | 'service' | 'total';
interface PlacedRow {
  level: Level;
  day: string | null;
  service: string | null;
  bookings: number;
  booked: number;
}
interface MovedRow {
  level: Level;
  day: string | null;
  service: string | null;
  captured: number;
  refunded: number;
  refunds: number;
}

const LEVEL = sql`case when grouping(day) = 0 then 'day' when grouping(service) = 0 then 'service' else 'total' end`;

function placedQuery(range: ReportRange) {
  return sql`
    select ${LEVEL} as level, ${dateText(sql`day`)} as day, service, count(*)::int as bookings, coalesce(sum(total_cents), 0)::float8 as booked
    from (
      select ${tampaDayOf(sql`created_at`)} as day, service_slug as service, total_cents
      from bookings where ${inPeriod(sql`created_at`, range)}
    ) placed
    group by grouping sets ((day), (service), ())`;
}

function movedQuery(range: ReportRange) {
  return sql`
    select ${LEVEL} as level, ${dateText(sql`day`)} as day, service,
      coalesce(sum(amount_cents) filter (where kind in ('captured', 'fee_captured', 'extra_charge')), 0)::float8 as captured,
      coalesce(sum(amount_cents) filter (where kind = 'refunded'), 0)::float8 as refunded,
      (count(*) filter (where kind = 'refunded'))::int as refunds
    from (
      select ${tampaDayOf(sql`l.created_at`)} as day, b.service_slug as service, l.kind, l.amount_cents, l.booking_id
      from payment_ledger l join bookings b on b.id = l.booking_id
      where ${inPeriod(sql`l.created_at`, range)} and l.kind in ('captured', 'fee_captured', 'extra_charge', 'refunded')
    ) moved
    group by grouping sets ((day), (service), ())`;
}

const money = (placed: PlacedRow | undefined, moved: MovedRow | undefined) => {
  const capturedCents = moved?.captured ?? 0;
  const refundedCents = moved?.refunded ?? 0;
  return { bookings: placed?.bookings ?? 0, bookedCents: placed?.booked ?? 0, capturedCents, refundedCents, netCents: capturedCents - refundedCents };
};

/** The revenue report of a period. */
export async function revenueReport(db: Database, range: ReportRange): Promise<RevenueReport> {
  const [placed, moved, [completed], cancelled, [rescheduled]] = await Promise.all([
    rowsOf<PlacedRow>(db, placedQuery(range)),
    rowsOf<MovedRow>(db, movedQuery(range)),
    rowsOf<{ jobs: number; average: number | null }>(
      db,
      sql`select count(*)::int as jobs, avg(final_total_cents)::float8 as average
          from bookings where status = 'completed' and ${inPeriod(sql`completed_at`, range)}`,
    ),
    rowsOf<{ tier: string; bookings: number; fee: number }>(
      db,
      // a cancellation without a recorded tier is shown as `free`, as the booking view shows it
      sql`select coalesce(cancellation_tier, 'free') as tier, count(*)::int as bookings, coalesce(sum(cancellation_fee_cents), 0)::float8 as fee
          from bookings where ${inPeriod(sql`cancelled_at`, range)} group by 1`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from booking_events where type = 'rescheduled' and ${inPeriod(sql`created_at`, range)}`),
  ]);
  const at = <R extends { level: Level; day: string | null; service: string | null }>(rows: R[], level: Level, key?: string) =>
    rows.find((r) => r.level === level && (level === 'day' ? r.day === key : level === 'service' ? r.service === key : true));

  const placedTotal = at(placed, 'total');
  const movedTotal = at(moved, 'total');
  const services = new Set([...placed, ...moved].filter((r) => r.level === 'service').map((r) => r.service!));
  return {
    period: periodOf(range),
    totals: {
      ...money(placedTotal, movedTotal),
      refunds: movedTotal?.refunds ?? 0,
      averageOrderCents: roundCents(ratio(placedTotal?.booked ?? 0, placedTotal?.bookings ?? 0)),
      completedJobs: completed?.jobs ?? 0,
      averageJobCents: roundCents(completed?.average ?? null),
    },
    byDay: datesOf(range).map((date) => ({ date, ...money(at(placed, 'day', date), at(moved, 'day', date)) })),
    byService: [...services]
      .map((service) => {
        const p = at(placed, 'service', service);
        return { service, ...money(p, at(moved, 'service', service)), averageOrderCents: roundCents(ratio(p?.booked ?? 0, p?.bookings ?? 0)) };
      })
      .sort((a, b) => b.bookedCents - a.bookedCents || b.capturedCents - a.capturedCents || a.service.localeCompare(b.service)),
    cancellations: CANCELLATION_EVENT_TIERS.map((tier) => {
      const row = cancelled.find((r) => r.tier === tier);
      return { tier, bookings: row?.bookings ?? 0, feeCents: row?.fee ?? 0 };
    }),
    rescheduled: rescheduled?.n ?? 0,
  };
}
