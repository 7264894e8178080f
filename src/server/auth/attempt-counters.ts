/**
 * The counters behind the auth rate limits, kept in PostgreSQL (`rate_limit_counters`) so every
 * app process sees the same numbers. Two kinds, each updated by one atomic upsert:
 *  - a fixed window: `countHit` counts requests until the window ends;
 *  - failures with a growing delay: `recordFailure` counts failed attempts; from the
 *    `freeFailures`-th on, the next attempt waits `firstDelaySeconds`, then twice as long after
 *    every further failure, up to `maxDelaySeconds`. Failures are forgotten `forgetAfterSeconds`
 *    after the last one, or when the attempt succeeds (`clearCounter`).
 * Instants come from the caller (the app's clock), never from the database's `now()`.
 */
import { createHash } from 'node:crypto';
import { addSeconds } from 'date-fns/addSeconds';
import { subSeconds } from 'date-fns/subSeconds';
import { and, eq, gt, inArray, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export interface GrowingDelay {
  /** Failures allowed before the first delay. */
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** A counter with no failure for this long starts again from zero. */
  forgetAfterSeconds: number;
}

/** Rows untouched for this long are deleted (longer than any window or delay in use). */
const PRUNE_AFTER_SECONDS = 2 * 24 * 60 * 60;
/** How often one process deletes stale rows. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
let nextPruneAt = 0;

/** The key of a counter: its kind in clear, the counted parts hashed (emails and IPs are personal data). */
export function counterKey(kind: string, ...parts: string[]): string {
  return `${kind}:${createHash('sha256').update(parts.join('\u0000')).digest('hex')}`;
}

/** Seconds the next attempt waits after `failures` failures: 0 below `freeFailures`, then doubling up to the cap. */
export function delayAfter(failures: number, policy: GrowingDelay): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.firstDelaySeconds * 2 ** doublings, policy.maxDelaySeconds);
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * Counts one request for `key` in a fixed window of `windowSeconds`.
 * @returns the requests so far in this window (this one included) and when the window ends
 */
export async function countHit(db: Database, key: string, now: Date, windowSeconds: number): Promise<{ count: number; resetsAt: Date }> {
  void pruneStaleCounters(db, now);
  const expired = sql`${rateLimitCounters.windowStartedAt} <= ${at(subSeconds(now, windowSeconds))}`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, windowStartedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${at(now)} else ${rateLimitCounters.windowStartedAt} end`,
        updatedAt: now,
      },
    })
    .returning({ count: rateLimitCounters.count, windowStartedAt: rateLimitCounters.windowStartedAt });
  return { count: row!.count, resetsAt: addSeconds(row!.windowStartedAt, windowSeconds) };
}

/**
 * Records one failed attempt for `key` and sets the delay the next attempt must wait.
 * @returns the failures counted (this one included) and the end of the delay (null: none)
 */
export async function recordFailure(db: Database, key: string, now: Date, policy: GrowingDelay): Promise<{ failures: number; blockedUntil: Date | null }> {
  void pruneStaleCounters(db, now);
  const forgotten = sql`${rateLimitCounters.updatedAt} <= ${at(subSeconds(now, policy.forgetAfterSeconds))}`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, windowStartedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${forgotten} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${forgotten} then ${at(now)} else ${rateLimitCounters.windowStartedAt} end`,
        updatedAt: now,
      },
    })
    .returning({ count: rateLimitCounters.count });
  const failures = row!.count;
  const delay = delayAfter(failures, policy);
  if (delay === 0) return { failures, blockedUntil: null };
  // greatest(): a failure that finished later than a concurrent one never shortens its delay
  const [blocked] = await db
    .update(rateLimitCounters)
    .set({ blockedUntil: sql`greatest(coalesce(${rateLimitCounters.blockedUntil}, ${at(now)}), ${at(addSeconds(now, delay))})` })
    .where(eq(rateLimitCounters.key, key))
    .returning({ blockedUntil: rateLimitCounters.blockedUntil });
  return { failures, blockedUntil: blocked?.blockedUntil ?? null };
}

/** The latest end of a delay still running on any of `keys`; null when none is. */
export async function blockedUntil(db: Database, keys: string[], now: Date): Promise<Date | null> {
  if (keys.length === 0) return null;
  const [row] = await db
    .select({ until: max(rateLimitCounters.blockedUntil) })
    .from(rateLimitCounters)
    .where(and(inArray(rateLimitCounters.key, keys), gt(rateLimitCounters.blockedUntil, now)));
  return row?.until ?? null;
}

/** Forgets a counter (a successful sign-in ends the failures of that account from that address). */
export async function clearCounter(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

/** Deletes counters nobody has touched for two days, at most once every ten minutes per process. */
async function pruneStaleCounters(db: Database, now: Date): Promise<void> {
  if (performance.now() < nextPruneAt) return;
  nextPruneAt = performance.now() + PRUNE_EVERY_MS;
  await db
    .delete(rateLimitCounters)
    .where(and(lt(rateLimitCounters.updatedAt, subSeconds(now, PRUNE_AFTER_SECONDS)), or(isNull(rateLimitCounters.blockedUntil), lt(rateLimitCounters.blockedUntil, now))))
    .catch(() => {}); // housekeeping only: a failure here must not fail the request
}
