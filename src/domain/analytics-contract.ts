/**
 * The analytics API contract, ingest side (issue #11; spec section 3 "Analytics event"):
 * `POST /api/analytics/events` takes a batch of up to 100 events from one anonymous visitor and
 * stores the good ones; each bad one is answered with its reasons. The admin reports' query and
 * answers are in analytics-reports.ts. Shared by the API (src/server/modules/analytics) and the
 * browser's tracker (src/web/lib/analytics.ts).
 *
 * An event is `{ action, category, label?, value?, params? }` (the spec's five fields) plus when
 * it happened, the route it happened on and the interface language. Limits (the size cap beside
 * the API's 64 KB body limit): action and category 1-64 characters of letters, digits and
 * `_ . : -`; label up to 200 characters; value a finite number up to 1e12 in size; at most 20
 * params named like identifiers (up to 40 characters), each a string up to 200 characters, a
 * finite number, a boolean or null; path up to 300 characters, no query or fragment.
 *
 * Never stored: personal data (src/domain/personal-data.ts). A label or path holding an email,
 * phone or card number rejects the event; such a param (or one named `email`, `phone`, ...) is
 * dropped and named in `stripped`. The user comes from the session, never from the body.
 */
import { z } from 'zod';
import { ANALYTICS_LANGUAGES, MAX_BATCH_EVENTS, MAX_PARAMS } from './analytics-limits';


/** Why an event of a batch was refused (`rejected[].reasons[].reason`). */
export const ANALYTICS_REJECTION_REASONS = ['required', 'invalid', 'too_long', 'too_many', 'unknown_field', 'personal_data', 'too_old'] as const;
export type AnalyticsRejectionReason = (typeof ANALYTICS_REJECTION_REASONS)[number];

const NAME = /^[A-Za-z][A-Za-z0-9_.:-]*$/;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PATH = /^\/[^?#\s]*$/;

const eventName = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(64, { error: 'too_long' })
  .regex(NAME, { error: 'invalid' });

const paramValue = z.union([z.string({ error: 'invalid' }).max(200, { error: 'too_long' }), z.number({ error: 'invalid' }), z.boolean(), z.null()], { error: 'invalid' });

/** One analytics event as the browser sends it. Messages are AnalyticsRejectionReasons. */
export const analyticsEventSchema = z
  .strictObject(
    {
      /** What happened: `page_view`, `step_viewed`, `booking_placed`, `LCP`, ... */
      action: eventName,
      /** The area: `navigation`, `booking_funnel`, `booking`, `web_vitals`, ... */
      category: eventName,
      label: z.string({ error: 'invalid' }).max(200, { error: 'too_long' }).nullish(),
      value: z.number({ error: 'invalid' }).min(-1e12, { error: 'invalid' }).max(1e12, { error: 'invalid' }).nullish(),
      params: z
        .record(z.string().max(40, { error: 'too_long' }).regex(PARAM_NAME, { error: 'invalid' }), paramValue, { error: 'invalid' })
        .refine((params) => Object.keys(params).length <= MAX_PARAMS, { error: 'too_many' })
        .nullish(),
      /** When it happened, ISO-8601 with offset. */
      occurredAt: z.iso.datetime({ offset: true, error: 'invalid' }),
      /** The route's path, query and fragment left out; ids in it as `:id` (`/admin/bookings/:id`). */
      path: z.string({ error: 'invalid' }).max(300, { error: 'too_long' }).regex(PATH, { error: 'invalid' }).nullish(),
      language: z.enum(ANALYTICS_LANGUAGES, { error: 'invalid' }).nullish(),
    },
    // unknown fields are reported as `unknown_field` by rejectionReasons, from the issue's code
    { error: 'invalid' },
  )
  .meta({ id: 'AnalyticsEvent' });
export type AnalyticsEventBody = z.input<typeof analyticsEventSchema>;

/**
 * `POST /api/analytics/events`: the visitor's anonymous id (a random UUID kept in the browser's
 * localStorage, no cookie) and 1-100 events. The batch as a whole must have this shape (400
 * otherwise); its events are judged one by one.
 */
export const analyticsBatchSchema = z
  .object({
    visitorId: z.uuid({ error: 'analytics.errors.visitorInvalid' }),
    events: z
      // Each item is judged alone: a bad event is reported in `rejected`, never a 400 for all.
      .array(z.union([analyticsEventSchema, z.unknown()]), { error: 'validation.invalid' })
      .min(1, { error: 'analytics.errors.batchEmpty' })
      .max(MAX_BATCH_EVENTS, { error: 'analytics.errors.batchTooLarge' }),
  })
  .meta({ id: 'AnalyticsBatch' });
export type AnalyticsBatch = z.input<typeof analyticsBatchSchema>;

const eventIndex = z.number().int().min(0);

/** The answer: how many events were stored, and why each refused one was. */
export const analyticsBatchResultSchema = z
  .object({
    accepted: z.number().int().min(0),
    /** The refused events by their index in the batch, each with every reason found. */
    rejected: z.array(
      z.object({
        index: eventIndex,
        reasons: z.array(z.object({ field: z.string(), reason: z.enum(ANALYTICS_REJECTION_REASONS) })),
      }),
    ),
    /** Stored events that lost params holding or named as personal data: the params' names. */
    stripped: z.array(z.object({ index: eventIndex, params: z.array(z.string()) })),
  })
  .meta({ id: 'AnalyticsBatchResult' });
export type AnalyticsBatchResult = z.infer<typeof analyticsBatchResultSchema>;

/** The reasons zod gives for an event that fails analyticsEventSchema, one per field. */
export function rejectionReasons(issues: ReadonlyArray<{ code: string; path: ReadonlyArray<PropertyKey>; message: string; keys?: string[] }>): { field: string; reason: AnalyticsRejectionReason }[] {
  const reasons = new Map<string, AnalyticsRejectionReason>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) reasons.set([...issue.path.map(String), key].join('.'), 'unknown_field');
      continue;
    }
    const field = issue.path.map(String).join('.') || '_';
    const reason = (ANALYTICS_REJECTION_REASONS as readonly string[]).includes(issue.message) ? (issue.message as AnalyticsRejectionReason) : 'invalid';
    if (!reasons.has(field)) reasons.set(field, reason);
  }
  return [...reasons].map(([field, reason]) => ({ field, reason }));
}
