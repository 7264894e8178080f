/**
 * Stores a batch of analytics events (issue #11, `POST /api/analytics/events`): each event is
 * judged alone against the contract (src/domain/analytics-contract.ts); the good ones are written
 * in one insert, the bad ones answered with their reasons. Personal data is never stored: a label
 * or path holding an email, phone or card number refuses the event, such params are dropped
 * (src/domain/personal-data.ts). Ids in paths (and in labels, which for page views are paths) are stored as `:id` so one route
 * is one row of the reports. The time an event happened is clamped to its arrival when it claims the future, and
 * an event older than MAX_EVENT_AGE_DAYS is refused (`too_old`).
 */
import { subDays } from 'date-fns/subDays';
import { analyticsEventSchema, rejectionReasons, type AnalyticsBatchResult, type AnalyticsRejectionReason } from '../../../domain/analytics-contract';
import { MAX_EVENT_AGE_DAYS, type AnalyticsEventParams } from '../../../domain/analytics-limits';
import { personalDataIn, withoutPersonalParams } from '../../../domain/personal-data';
import type { Database } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

/** Who sent the batch: the anonymous visitor id from the body, the user from the session (null when signed out). */
export interface BatchSender {
  visitorId: string;
  userId: string | null;
}

type Row = typeof analyticsEvents.$inferInsert;
type Verdict = { row: Row; stripped: string[] } | { reasons: { field: string; reason: AnalyticsRejectionReason }[] };

const ID_SEGMENT = /\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4,})(?=\/|$)/gi;

/** A route's path as the reports group it: UUIDs and long numbers in it become `:id`. */
export function routeOf(path: string): string {
  return path.replace(ID_SEGMENT, '/:id');
}

/** The verdict on one event: the row to store (and the params dropped), or why it is refused. */
export function judgeEvent(raw: unknown, sender: BatchSender, receivedAt: Date): Verdict {
  const parsed = analyticsEventSchema.safeParse(raw);
  if (!parsed.success) return { reasons: rejectionReasons(parsed.error.issues) };
  const event = parsed.data;
  const personal: string[] = [];
  // Path and label (a page view's label is its path) are judged as they would be stored: a UUID
  // or long number after a slash is already `:id`, so its digits can never pass for a phone or
  // card number (about 1 random UUID in 60 did).
  const path = event.path ? routeOf(event.path) : null;
  const label = typeof event.label === 'string' ? routeOf(event.label) : null;
  for (const [field, text] of [['label', label], ['path', path]] as const) {
    if (typeof text === 'string' && personalDataIn(text) !== null) personal.push(field);
  }
  if (typeof event.value === 'number' && personalDataIn(event.value) !== null) personal.push('value');
  if (personal.length > 0) return { reasons: personal.map((field) => ({ field, reason: 'personal_data' as const })) };
  const occurredAt = new Date(event.occurredAt);
  if (occurredAt < subDays(receivedAt, MAX_EVENT_AGE_DAYS)) return { reasons: [{ field: 'occurredAt', reason: 'too_old' }] };
  const { params, removed } = event.params ? withoutPersonalParams(event.params as AnalyticsEventParams) : { params: null, removed: [] };
  return {
    stripped: removed,
    row: {
      occurredAt: occurredAt > receivedAt ? receivedAt : occurredAt,
      receivedAt,
      action: event.action,
      category: event.category,
      label,
      value: event.value ?? null,
      params: params && Object.keys(params).length > 0 ? params : null,
      path,
      language: event.language ?? null,
      visitorId: sender.visitorId,
      userId: sender.userId,
    },
  };
}

/**
 * Judges every event of a batch and stores the good ones (one insert).
 * @param events the batch's items as they came (validated here one by one)
 * @param receivedAt the request's instant (the app's clock)
 * @returns how many were stored, the refused ones' reasons, the params dropped from stored ones
 */
export async function ingestBatch(db: Database, events: readonly unknown[], sender: BatchSender, receivedAt: Date): Promise<AnalyticsBatchResult> {
  const rows: Row[] = [];
  const result: AnalyticsBatchResult = { accepted: 0, rejected: [], stripped: [] };
  events.forEach((raw, index) => {
    const verdict = judgeEvent(raw, sender, receivedAt);
    if ('reasons' in verdict) {
      result.rejected.push({ index, reasons: verdict.reasons });
      return;
    }
    rows.push(verdict.row);
    if (verdict.stripped.length > 0) result.stripped.push({ index, params: verdict.stripped });
  });
  if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
  result.accepted = rows.length;
  return result;
}
