/**
 * Analytics events (issue #11; spec section 3 "Analytics event": action, category, label, value,
 * custom parameters). The browser batches them to `POST /api/analytics/events`; page views,
 * booking-funnel steps and Core Web Vitals are events too. No cookies and no personal data: the
 * visitor is an anonymous id kept in the browser's localStorage, the user id comes from the
 * session (null when signed out). `/admin/analytics` aggregates them in SQL.
 */
import { bigint, bigserial, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the browser recorded it (clamped by the API to a sane window around receipt). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** e.g. `page_view`, `step_viewed`, `booking_placed`, `LCP`. */
    action: text('action').notNull(),
    /** e.g. `navigation`, `booking_funnel`, `web_vitals`. */
    category: text('category').notNull(),
    label: text('label'),
    value: doublePrecision('value'),
    /** The event's custom parameters (validated, size-capped, no personal data). */
    params: jsonb('params'),
    /** The route the event happened on, without query string, e.g. `/book/tv-installation`. */
    path: text('path'),
    /** The interface language at the time: `en` or `es`. */
    language: text('language'),
    /** The anonymous visitor id from localStorage (a random UUID). */
    visitorId: text('visitor_id').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('analytics_events_occurred_idx').on(t.occurredAt),
    index('analytics_events_category_action_idx').on(t.category, t.action, t.occurredAt),
    index('analytics_events_path_idx').on(t.path, t.occurredAt),
  ],
);

/*
 * The traffic roll-ups (issue #11, migration 0017): kept by the statement-level AFTER INSERT
 * trigger on analytics_events (`analytics_roll_up_page_views`), whatever wrote the events, so the
 * traffic report reads a few thousand summary rows instead of sorting every page view of the
 * period (bench/analytics.ts). Days are Tampa dates (America/New_York); a visitor is the 64-bit
 * `hashtextextended(visitor_id, 0)` the raw reports count by. Deleting events (a future retention
 * job) leaves these aggregates as they are. Only page views (`navigation` / `page_view`) count.
 */

/** Page views by Tampa day, route (`''` when none) and interface language (`'unknown'` when none). */
export const analyticsPageViewDays = pgTable(
  'analytics_page_view_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    language: text('language').notNull(),
    pageViews: integer('page_views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.language] })],
);

/** Each visitor once per Tampa day they viewed a page (what makes `analytics_daily_visitors` exact). */
export const analyticsVisitorDays = pgTable(
  'analytics_visitor_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitorHash: bigint('visitor_hash', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorHash] })],
);

/** Distinct visitors of each Tampa day. */
export const analyticsDailyVisitors = pgTable('analytics_daily_visitors', {
  day: date('day', { mode: 'string' }).primaryKey(),
  visitors: integer('visitors').notNull(),
});

/**
 * The last Tampa day each visitor viewed a page: in total (`scope` 'total', `value` ''), in each
 * language (`scope` 'language') and on each route (`scope` 'path'). While no page view is later
 * than a period's last day, the visitors of the period are exactly those last seen on or after
 * its first day: one range count instead of a distinct count over every view.
 */
export const analyticsVisitorLastSeen = pgTable(
  'analytics_visitor_last_seen',
  {
    scope: text('scope', { enum: ['total', 'language', 'path'] }).notNull(),
    value: text('value').notNull(),
    visitorHash: bigint('visitor_hash', { mode: 'number' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.value, t.visitorHash] }), index('analytics_visitor_last_seen_day_idx').on(t.lastDay)],
);
