/**
 * The limits of an analytics event and batch (issue #11), without zod so that the browser's
 * tracker (src/web/lib/analytics.ts, part of the first page load) can read them for a few bytes;
 * the contract (analytics-contract.ts) enforces them.
 */

/** Events per batch (the browser keeps at most this many too: spec section 9). */
export const MAX_BATCH_EVENTS = 100;
export const MAX_PARAMS = 20;
/** An event older than this when it arrives is refused (`too_old`); one from the future is dated at its arrival. */
export const MAX_EVENT_AGE_DAYS = 7;
/** The interface languages (spec section 1). */
export const ANALYTICS_LANGUAGES = ['en', 'es'] as const;

/** An event's custom parameters (spec section 3): strings, numbers, booleans or null. */
export type AnalyticsEventParams = Record<string, string | number | boolean | null>;
