/**
 * Idempotency keys of the API (issue #9; Stripe's contract, docs.stripe.com/api/idempotent_requests):
 * one row per caller and key, bound to the fingerprint of the first request (method, path,
 * body). While the first request runs the row is `in_progress` and concurrent duplicates wait
 * for it; then it holds the stored answer (status and body) that every retry replays.
 * See src/server/lib/idempotency.ts.
 */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const idempotencyRequests = pgTable(
  'idempotency_requests',
  {
    /** Whose key it is: the signed-in caller's user id (keys are scoped per caller). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and canonical body of the first request. */
    fingerprint: text('fingerprint').notNull(),
    /** in_progress | done */
    status: text('status').notNull(),
    responseStatus: integer('response_status'),
    /** The answer's JSON exactly as first sent (text, not jsonb, so a replay is byte for byte the same). */
    responseBody: text('response_body'),
    /** When the running request took the key; a crashed one is taken over after a while. */
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
