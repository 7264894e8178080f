/**
 * Idempotency keys on the API, the way Stripe documents them (docs.stripe.com/api/idempotent_requests;
 * issue #9, DESIGN.md "Money and state rules"):
 * - a key belongs to its caller and is bound to the fingerprint of its first request (method,
 *   path and canonical JSON body); the same key with another request is 422
 *   `idempotency_key_reused`, also when both arrive at once;
 * - the first request runs; concurrent duplicates wait for it (polling the row, so no database
 *   connection is held while waiting) and replay its stored answer, status and body, with the
 *   header `Idempotent-Replayed: true`; they never run the operation and never undo it;
 * - an answer is stored when the operation ran to a definite result: any 2xx, and the refusals
 *   that are final (a decline, a taken slot, a broken rule). Answers that ask for the same request
 *   again are not stored and free the key: bad input (400), 401/403/404/429, 402
 *   `authentication_required` (retried with the same key after 3-D Secure), a busy booking,
 *   503 and 5xx (the outcome is unknown; the retry finishes it).
 * - a request that died while holding a key (a crashed process) is taken over by a retry once
 *   the key has not been refreshed for STALE_AFTER_MS: the running request refreshes `locked_at`
 *   every HEARTBEAT_MS, so only a dead one goes stale (issue #10: a retry after a crash used to
 *   wait 30 s for a 409 and could run only a minute after the crash).
 * Keys live in `idempotency_requests` (src/server/db/schema/idempotency.ts).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { builtOnce } from '../db/named-statement';
import { idempotencyRequests } from '../db/schema';
import type { AppEnv } from './app-env';
import { errorBody } from './error-handler';
import { AppError, badRequest, conflict, ruleBroken } from './errors';

/** How often a running request refreshes its key's `locked_at`, so the key never goes stale while it runs. */
export const HEARTBEAT_MS = 5_000;
/**
 * A key not refreshed for this long belongs to a request that died with its process: a retry takes
 * it over. Three missed heartbeats, as the embedded database's lock (src/server/db/lock.ts); below
 * WAIT_LIMIT_MS, so the retry of a request lost in a crash runs within its wait instead of
 * answering 409. Should a live request miss three heartbeats (a stalled process), the retry runs
 * it again, which is safe: the booking's gateway hold and row are keyed by the same key, and
 * money operations resume their recorded intent.
 */
export const STALE_AFTER_MS = 15_000;
/** How long a duplicate waits for the first request before answering 409. */
const WAIT_LIMIT_MS = 30_000;

const keySchema = z.string().trim().min(8).max(200).refine((k) => !k.includes('\u0000'));

/** Refusals that must not be replayed: the same request may succeed when sent again. */
const RETRYABLE_CODES = new Set(['authentication_required', 'booking_busy', 'idempotency_in_progress', 'idempotency_key_reused', 'payment_pending']);

function isFinalRefusal(error: AppError): boolean {
  return (error.status === 402 || error.status === 409 || error.status === 422) && !RETRYABLE_CODES.has(error.code);
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  return value;
}

async function fingerprintOf(c: Context<AppEnv>): Promise<string> {
  // Read without using up the body: a validator that already read it left it in Hono's cache.
  const text = c.req.raw.bodyUsed ? await c.req.text() : await c.req.raw.clone().text();
  let body: unknown = text;
  try {
    body = text ? canonical(JSON.parse(text)) : null;
  } catch {
    // Not JSON: the raw text is the body (the handler will refuse it).
  }
  return createHash('sha256').update(JSON.stringify([c.req.method, c.req.path, body])).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The two statements every keyed request runs, built once per process (issue #16, decision 048):
 * the claim of a key, and the storing of its answer. Each returns or updates one row.
 */
const claimKey = builtOnce<{ scope: string; key: string; fingerprint: string; lockedAt: Date }>((db) =>
  db
    .insert(idempotencyRequests)
    .values({ scope: sql.placeholder('scope'), key: sql.placeholder('key'), fingerprint: sql.placeholder('fingerprint'), status: 'in_progress', lockedAt: sql.placeholder('lockedAt') } as unknown as typeof idempotencyRequests.$inferInsert)
    .onConflictDoNothing()
    .returning({ key: idempotencyRequests.key }),
);
const storeAnswer = builtOnce<{ scope: string; key: string; responseStatus: number; responseBody: string }>((db) =>
  db
    .update(idempotencyRequests)
    .set({ status: 'done', responseStatus: sql.placeholder('responseStatus'), responseBody: sql.placeholder('responseBody') } as unknown as Partial<typeof idempotencyRequests.$inferInsert>)
    .where(and(eq(idempotencyRequests.scope, sql.placeholder('scope')), eq(idempotencyRequests.key, sql.placeholder('key')))),
);

/**
 * The request's `Idempotency-Key` header.
 * @returns the key, or null when absent and not required
 * @throws AppError 400 idempotency_key_required when required and absent, or malformed
 */
export function idempotencyKeyOf(c: Context<AppEnv>, required: boolean): string | null {
  const raw = c.req.header('idempotency-key');
  if (raw === undefined && !required) return null;
  const key = keySchema.safeParse(raw ?? '');
  if (!key.success) throw badRequest('idempotency_key_required', 'errors.idempotencyKeyRequired');
  return key.data;
}

/**
 * Runs `run` at most once per (caller, Idempotency-Key) and answers every retry with the first
 * answer. Without a key (and `required` false) it simply runs.
 * @param scope the caller's user id
 * @param run the handler's work; it may throw AppErrors as usual. It gets the request key
 *   (`<scope>:<key>`, null without a key), which money operations record with their intent so
 *   the retry of a request that died midway finishes that same intent.
 * @throws AppError 400 idempotency_key_required, 422 idempotency_key_reused, 409
 *   idempotency_in_progress (the first request is still running after 30 s), or what `run` throws
 */
export async function idempotent<R extends Response>(c: Context<AppEnv>, options: { scope: string; required?: boolean }, run: (requestKey: string | null) => Promise<R>): Promise<R> {
  const key = idempotencyKeyOf(c, options.required ?? false);
  if (key === null) return run(null);
  const { db, now } = c.var.deps;
  const fingerprint = await fingerprintOf(c);
  const where = and(eq(idempotencyRequests.scope, options.scope), eq(idempotencyRequests.key, key));
  const waitUntil = performance.now() + WAIT_LIMIT_MS;
  let pause = 20;

  for (;;) {
    const claimed = await claimKey(db, { scope: options.scope, key, fingerprint, lockedAt: now() });
    if (claimed.length > 0) return execute(c, { scope: options.scope, key }, () => run(`${options.scope}:${key}`));

    const [row] = await db.select().from(idempotencyRequests).where(where);
    if (!row) continue; // released meanwhile: claim it again
    if (row.fingerprint !== fingerprint) throw ruleBroken('idempotency_key_reused', 'errors.idempotencyKeyReused');
    if (row.status === 'done') {
      // The first answer of this same request, byte for byte: typed as the handler's answer.
      return c.body(row.responseBody ?? '', row.responseStatus as ContentfulStatusCode, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' }) as unknown as R;
    }
    const staleBefore = new Date(now().getTime() - STALE_AFTER_MS);
    if (row.lockedAt < staleBefore) {
      const taken = await db
        .update(idempotencyRequests)
        .set({ lockedAt: now() })
        .where(and(where, eq(idempotencyRequests.status, 'in_progress'), lt(idempotencyRequests.lockedAt, staleBefore)))
        .returning({ key: idempotencyRequests.key });
      if (taken.length > 0) return execute(c, { scope: options.scope, key }, () => run(`${options.scope}:${key}`));
    }
    if (performance.now() > waitUntil) throw conflict('idempotency_in_progress', 'errors.idempotencyInProgress');
    await sleep(pause);
    pause = Math.min(pause * 2, 250);
  }
}

async function execute<R extends Response>(c: Context<AppEnv>, claimed: { scope: string; key: string }, run: () => Promise<R>): Promise<R> {
  const { db, now } = c.var.deps;
  const where = and(eq(idempotencyRequests.scope, claimed.scope), eq(idempotencyRequests.key, claimed.key));
  const release = () => db.delete(idempotencyRequests).where(and(where, eq(idempotencyRequests.status, 'in_progress')));
  // While the request runs its key stays fresh (see STALE_AFTER_MS); a failed refresh is retried by the next beat.
  const heartbeat = setInterval(() => {
    db.update(idempotencyRequests)
      .set({ lockedAt: now() })
      .where(and(where, eq(idempotencyRequests.status, 'in_progress')))
      .catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let response: R;
  try {
    response = await run();
  } catch (error) {
    if (!(error instanceof AppError) || !isFinalRefusal(error)) {
      await release().catch(() => {});
      throw error;
    }
    // A final refusal is answered (and stored) here, as the central error handler would answer it.
    response = c.json(errorBody(c, error), error.status) as unknown as R;
  } finally {
    clearInterval(heartbeat);
  }
  const store = (body: string) => storeAnswer(db, { ...claimed, responseStatus: response.status, responseBody: body });
  if (response.status >= 200 && response.status < 300) {
    const body = await response.text();
    await store(body);
    return answerWith(response, body);
  }
  if (response.status === 402 || response.status === 409 || response.status === 422) {
    const body = await response.text();
    const code = (JSON.parse(body) as { code?: string }).code;
    if (code && RETRYABLE_CODES.has(code)) await release();
    else await store(body);
    return answerWith(response, body);
  }
  await release();
  return response;
}

/**
 * A fresh Response with the status and headers of `read`, whose body was read into `body`.
 * Not `response.clone()`: Node's fetch cancels the stream behind a cloned Response when that
 * Response object is garbage-collected, and Hono re-wraps an answer (`new Response(old.body, old)`)
 * when a middleware sets a header afterwards, so the client's body could be cancelled under it
 * (nodejs/undici#4150; `src/server/lib/answers-after-gc.test.ts`).
 */
function answerWith<R extends Response>(read: Response, body: string): R {
  return new Response(body, { status: read.status, statusText: read.statusText, headers: read.headers }) as R;
}
