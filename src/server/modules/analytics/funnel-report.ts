/**
 * The booking funnel report (issue #11, `GET /api/admin/analytics/funnel`): how far each visitor
 * got in the booking flow in a period, step by step with the drop-off, and the validation rules
 * that stopped people. From the flow's analytics events (category `booking_funnel`,
 * src/domain/booking-funnel.ts): SQL finds each visitor's furthest viewed step and counts
 * visitors per furthest step; the domain's funnelFromFurthest turns that into reached and
 * drop-off per step.
 */
import { sql } from 'drizzle-orm';
import type { FunnelReport } from '../../../domain/analytics-reports';
import { FUNNEL_CATEGORY, FUNNEL_STEPS, funnelFromFurthest, type FunnelStep } from '../../../domain/booking-funnel';
import type { Database } from '../../db/client';
import { distinctVisitors, inPeriod, periodOf, ratio, rowsOf, type ReportRange } from './report-sql';

/** The most frequent blocking rules listed. */
export const MAX_BLOCKERS = 25;

const stepsArray = sql`array[${sql.join(FUNNEL_STEPS.map((step) => sql`${step}`), sql`, `)}]::text[]`;
const funnelEvents = (action: string, range: ReportRange) =>
  sql`category = ${FUNNEL_CATEGORY} and action = ${action} and ${inPeriod(sql`occurred_at`, range)}`;

/** The funnel report of a period. */
export async function funnelReport(db: Database, range: ReportRange): Promise<FunnelReport> {
  const [furthest, completed, blockers] = await Promise.all([
    rowsOf<{ position: number; visitors: number }>(
      db,
      sql`select furthest as position, count(*)::int as visitors
          from (select visitor_id, max(array_position(${stepsArray}, label)) as furthest
                from analytics_events where ${funnelEvents('step_viewed', range)} group by visitor_id) reached
          where furthest is not null group by furthest`,
    ),
    rowsOf<{ step: string; visitors: number }>(
      db,
      sql`select label as step, ${distinctVisitors} as visitors
          from analytics_events where ${funnelEvents('step_completed', range)} group by label`,
    ),
    rowsOf<{ step: string; field: string; rule: string; times: number; visitors: number }>(
      db,
      sql`select coalesce(label, '') as step, coalesce(params->>'field', '') as field, coalesce(params->>'rule', '') as rule,
                 count(*)::int as times, ${distinctVisitors} as visitors
          from analytics_events where ${funnelEvents('step_blocked', range)}
          group by 1, 2, 3 order by times desc, visitors desc, step, field, rule limit ${MAX_BLOCKERS}`,
    ),
  ]);
  const byFurthest: Partial<Record<FunnelStep, number>> = {};
  for (const row of furthest) byFurthest[FUNNEL_STEPS[row.position - 1]!] = row.visitors;
  const completedBy: Partial<Record<FunnelStep, number>> = {};
  for (const row of completed) if ((FUNNEL_STEPS as readonly string[]).includes(row.step)) completedBy[row.step as FunnelStep] = row.visitors;
  const steps = funnelFromFurthest(byFurthest, completedBy);
  const started = steps[0]!.reached;
  const booked = steps[steps.length - 1]!.reached;
  return { period: periodOf(range), steps, started, booked, conversion: ratio(booked, started), blockers };
}
