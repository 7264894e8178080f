/**
 * Rate-limit counters of the sign-in, sign-up, password and reset routes (issue #10), shared by
 * every app process through the database (DESIGN.md "Scale"). One row per counter key: the kind
 * of counter in clear, then a SHA-256 of what it counts (an email and an IP address, an IP, a
 * user id), so the table holds no address in readable form. See src/server/auth/attempt-counters.ts.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** `<kind>:<sha256 hex>`, e.g. `sign-in-account-ip:9f86d0...`. */
    key: text('key').primaryKey(),
    /** Requests in the current window, or failures since `window_started_at`. */
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    /** Failure counters: no attempt is taken before this instant (the growing delay). */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_updated_idx').on(t.updatedAt)],
);
