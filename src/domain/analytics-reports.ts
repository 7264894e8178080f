/**
 * The admin analytics API contract, report side (issue #11), under `/api/admin/analytics`:
 * the period query every report takes, and each report's answer. Numbers come from SQL
 * aggregates (src/server/modules/analytics); the page (src/web/features/analytics) shows them and
 * exports each table as CSV. Money in cents, durations in seconds or milliseconds as named,
 * dates 'YYYY-MM-DD' in Tampa time, shares 0..1 (null when there is nothing to divide by).
 */
import { z } from 'zod';
import { ANALYTICS_RANGES, customRangeProblem } from './analytics-range';
import { CANCELLATION_EVENT_TIERS } from './booking-events';
import { FUNNEL_STEPS } from './booking-funnel';
import { BUSINESS_TIME_ZONE } from './time-zone';
import { VITAL_RATINGS, WEB_VITALS } from './web-vitals';

/**
 * `?range=today|7d|30d|90d|custom&from=&to=`: the last N Tampa days, today included (7 by
 * default), or `custom` with both dates (inclusive, at most 366 days, not after today; the dates
 * are taken only with `custom`).
 */
export const analyticsQuerySchema = z
  .object({
    range: z.enum(ANALYTICS_RANGES, { error: 'analytics.errors.rangeInvalid' }).default('7d'),
    from: z
      .string({ error: 'analytics.errors.dateInvalid' })
      .max(10, { error: 'analytics.errors.dateInvalid' })
      .optional()
      .meta({ description: "With `range=custom`: the first Tampa date, 'YYYY-MM-DD'" }),
    to: z
      .string({ error: 'analytics.errors.dateInvalid' })
      .max(10, { error: 'analytics.errors.dateInvalid' })
      .optional()
      .meta({ description: "With `range=custom`: the last Tampa date (included, not after today), 'YYYY-MM-DD'" }),
  })
  .superRefine((query, ctx) => {
    if (query.range !== 'custom') {
      for (const key of ['from', 'to'] as const) if (query[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'analytics.errors.datesOnlyCustom' });
      return;
    }
    if (query.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'analytics.errors.dateRequired' });
    if (query.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'analytics.errors.dateRequired' });
    if (query.from === undefined || query.to === undefined) return;
    const problem = customRangeProblem(query.from, query.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

const count = z.number().int().min(0);
const cents = z.number().int();
const share = z.number().min(0).max(1).nullable();
const tampaDate = z.string().meta({ format: 'date', description: "'YYYY-MM-DD' in Tampa time" });

export const analyticsPeriodSchema = z
  .object({ range: z.enum(ANALYTICS_RANGES), from: tampaDate, to: tampaDate, timeZone: z.literal(BUSINESS_TIME_ZONE) })
  .meta({ id: 'AnalyticsPeriod' });
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

/**
 * Bookings placed (their `created_at`) and money moved (payment_ledger rows, their `created_at`)
 * in a group. Captured: what the gateway took (`captured` + `fee_captured` + `extra_charge`,
 * src/domain/ledger.ts); refunded: `refunded`; net = captured - refunded.
 */
const moneyFields = {
  bookings: count,
  /** The booked totals (with tax) of the bookings placed. */
  bookedCents: cents,
  capturedCents: cents,
  refundedCents: cents,
  netCents: cents,
};

export const revenueReportSchema = z
  .object({
    period: analyticsPeriodSchema,
    totals: z.object({
      ...moneyFields,
      refunds: count,
      /** Average order value: booked totals / bookings placed; null without bookings. */
      averageOrderCents: cents.nullable(),
      /** Jobs completed in the period (their `completed_at`). */
      completedJobs: count,
      /** The average final amount charged for them (with tax); null without any. */
      averageJobCents: cents.nullable(),
    }),
    /** Every date of the period, oldest first, days without activity as zeros. */
    byDay: z.array(z.object({ date: tampaDate, ...moneyFields })),
    /** Services with activity in the period, by booked total, largest first. */
    byService: z.array(z.object({ service: z.string(), ...moneyFields, averageOrderCents: cents.nullable() })),
    /** Bookings cancelled in the period (their `cancelled_at`) by the policy tier applied, every tier listed. */
    cancellations: z.array(z.object({ tier: z.enum(CANCELLATION_EVENT_TIERS), bookings: count, feeCents: cents })),
    /** Moves of a booking to another time in the period (`rescheduled` booking events). */
    rescheduled: count,
  })
  .meta({ id: 'AnalyticsRevenue' });
export type RevenueReport = z.infer<typeof revenueReportSchema>;

export const funnelReportSchema = z
  .object({
    period: analyticsPeriodSchema,
    /** Every step in order; visitors are the browsers' anonymous ids (src/domain/booking-funnel.ts). */
    steps: z.array(
      z.object({ step: z.enum(FUNNEL_STEPS), reached: count, completed: count, dropOff: count, dropOffRate: share, fromStart: share }),
    ),
    /** Visitors who viewed any step. */
    started: count,
    /** Visitors who reached the confirmation (booked). */
    booked: count,
    /** booked / started. */
    conversion: share,
    /** The validation rules that stopped people, most frequent first (at most 25). */
    blockers: z.array(z.object({ step: z.string(), field: z.string(), rule: z.string(), times: count, visitors: count })),
  })
  .meta({ id: 'AnalyticsFunnel' });
export type FunnelReport = z.infer<typeof funnelReportSchema>;

const contactFields = {
  /** Bookings placed in the group. */
  bookings: count,
  contacted: count,
  /** First contact at most 5 minutes (300 s) after booking. */
  within5: count,
  /** At most 10 minutes (600 s). */
  within10: count,
  medianSeconds: z.number().nullable(),
};

export const contactReportSchema = z
  .object({
    period: analyticsPeriodSchema,
    /** The promise: "within 5-10 minutes" (spec section 1). */
    promiseMinutes: z.object({ first: z.literal(5), last: z.literal(10) }),
    totals: z.object({
      ...contactFields,
      notContacted: count,
      /** within5 / bookings: a booking not contacted (yet) counts against the promise. */
      shareWithin5: share,
      shareWithin10: share,
      /** The slowest first contact. */
      worstSeconds: z.number().nullable(),
    }),
    byDay: z.array(z.object({ date: tampaDate, ...contactFields })),
  })
  .meta({ id: 'AnalyticsContact' });
export type ContactReport = z.infer<typeof contactReportSchema>;

const viewFields = { pageViews: count, visitors: count };

export const trafficReportSchema = z
  .object({
    period: analyticsPeriodSchema,
    totals: z.object(viewFields),
    byDay: z.array(z.object({ date: tampaDate, ...viewFields })),
    /** The 20 most viewed paths. */
    topPages: z.array(z.object({ path: z.string(), ...viewFields })),
    /** The interface language of each page view (`unknown` when not sent). */
    languages: z.array(z.object({ language: z.string(), ...viewFields })),
  })
  .meta({ id: 'AnalyticsTraffic' });
export type TrafficReport = z.infer<typeof trafficReportSchema>;

const vitalRow = {
  metric: z.enum(WEB_VITALS),
  /** The 75th percentile: ms, CLS unitless. */
  p75: z.number(),
  samples: count,
  /** The p75's rating by Google's thresholds. */
  rating: z.enum(VITAL_RATINGS),
  /** How many samples were each rating. */
  good: count,
  needsImprovement: count,
  poor: count,
};

export const webVitalsReportSchema = z
  .object({
    period: analyticsPeriodSchema,
    thresholds: z.array(z.object({ metric: z.enum(WEB_VITALS), good: z.number(), poor: z.number(), unit: z.enum(['ms', 'score']) })),
    /** Each metric over all routes (metrics without samples left out). */
    overall: z.array(z.object(vitalRow)),
    /** Each metric per route, by path then metric (at most 500 rows, the most sampled routes). */
    byRoute: z.array(z.object({ path: z.string(), ...vitalRow })),
  })
  .meta({ id: 'AnalyticsWebVitals' });
export type WebVitalsReport = z.infer<typeof webVitalsReportSchema>;

const chatResponseFields = {
  /** Waits answered in the group (their `answered_at`): a customer message the team had not answered, up to the team's reply. */
  answered: count,
  /** Answered within the promise (`withinMinutes`). */
  within: count,
  /** The median time to answer, seconds. */
  medianSeconds: z.number().nullable(),
};

/**
 * Chat response times (issue #13, `GET /api/admin/analytics/chat-responses`): how soon the team
 * answered customers in the chats, from `chat_responses` (one row per answered wait, written with
 * the reply). Medians as PostgreSQL's percentile_cont (src/domain/percentile.ts).
 */
export const chatResponseReportSchema = z
  .object({
    period: analyticsPeriodSchema,
    /** The threshold of `within`: the upper number of the call-back promise (src/domain/contact-promise.ts), minutes. */
    withinMinutes: z.number().int().min(1),
    totals: z.object({
      ...chatResponseFields,
      /** Conversations with any message in the period (0: no chats, the report is empty). */
      conversations: count,
      /** within / answered. */
      shareWithin: share,
      /** The median of each conversation's first answered wait (its first response time), seconds. */
      medianFirstSeconds: z.number().nullable(),
    }),
    /** Every date of the period, oldest first. */
    byDay: z.array(z.object({ date: tampaDate, ...chatResponseFields })),
  })
  .meta({ id: 'AnalyticsChatResponses' });
export type ChatResponseReport = z.infer<typeof chatResponseReportSchema>;
