/**
 * Analytics events (issue #11; spec section 3 "Analytics event": action, category, label, value,
 * custom parameters). The browser batches them to `POST /api/analytics/events`; page views,
 * booking-funnel steps and Core Web Vitals are events too. No cookies and no personal data: the
 * visitor is an anonymous id kept in the browser's localStorage, the user id comes from the
 * session (null when signed out). `/admin/analytics` aggregates them in SQL.
 */
import { bigserial, doublePrecision, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
