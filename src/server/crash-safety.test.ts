/**
 * Crash safety (issue #10): the real server, started as `node --import tsx src/server/index.ts`,
 * is killed with SIGKILL in the middle of a burst of concurrent bookings, then started again on
 * the same data — the embedded database's directory (DATA_DIR) or a database of its own on the
 * PostgreSQL server of TEST_DATABASE_URL. Proven:
 * - the restart is not blocked by the dead process's lock on DATA_DIR (taken over at once, not
 *   after the lock's 15 s staleness);
 * - every booking answered before the kill is still there;
 * - a retry of a request that was in flight (same Idempotency-Key and body) ends in the booking or
 *   a clear 4xx, never a 5xx, and is not answered "still in progress" because of the dead request;
 * - after the payment jobs and reconciliation (run here on the stopped server's data, with the
 *   clock moved past the orphan age): the requests whose clients had given up, sent again at last,
 *   are not blocked either; every booking has its first events, its payment record and its live
 *   hold at the gateway; no live hold at the gateway is left without a booking; no key of a
 *   request sent again is left in progress.
 * What the kill catches mid-way varies from run to run (printed: keys left in progress, orphan
 * holds voided); the checks hold whatever it caught.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { needsDeferredHold } from '../domain/payment-timing';
import { TV_JOB_MINUTES } from '../domain/services';
import { startRuntime } from './bootstrap';
import { loadConfig } from './config';
import { bookingEvents, bookings, idempotencyRequests, paymentLedger, payments, simulatedHolds, user } from './db/schema';
import { createApp } from './app';
import { createLogger } from './lib/logger';
import { runPaymentJobs } from './modules/payments/payment-jobs';
import { reconcilePayments } from './modules/payments/reconciliation';
import { makeWorker } from './modules/workers/worker-defaults';
import { TEST_ADDRESS, TV_OPTIONS } from './test/money-actors';
import { createTestDatabase, freePort, NO_OUTSIDE_SERVICES_ENV, spawnServer } from './test/spawned-server';

const WORKERS = 12;
const CUSTOMERS = 8;
const BURST = 48;
/** The server is killed once this many bookings of the burst have answered. */
const KILL_AFTER_ANSWERS = 14;
/** The embedded database's lock goes stale after this long (src/server/db/lock.ts): the restart must not wait for it. */
const LOCK_STALE_MS = 15_000;
/** Reconciliation voids a hold without a booking once it is 10 minutes old: its clock is moved past that. */
const PAST_ORPHAN_AGE_MS = 15 * 60_000;
/** Generous: a loaded machine compiles the server with tsx and opens the database. */
const READY_TIMEOUT_MS = 60_000;
const RETRY_TIMEOUT_MS = 45_000;

const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

interface Answer {
  status: number;
  body: any;
}

/** One booking request of the burst, and what became of it. */
interface BookingAttempt {
  index: number;
  customer: Customer;
  key: string;
  body: Record<string, unknown>;
  /** Null when the connection died with the server (the request was in flight). */
  answer: Answer | null;
  retry: Answer | null;
}

interface Customer {
  cookie: string;
  userId: string;
  paymentMethodId: string;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A client of the server over HTTP, as the booking page calls it (our Origin, JSON bodies). */
function apiClient(base: string) {
  async function call(method: string, pathname: string, init: { cookie?: string; json?: unknown; key?: string; timeoutMs?: number } = {}): Promise<Answer & { response: Response }> {
    const headers: Record<string, string> = { Origin: base };
    if (init.cookie) headers.Cookie = init.cookie;
    if (init.key) headers['Idempotency-Key'] = init.key;
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text for the failure message
    }
    return { status: response.status, body, response };
  }

  async function signUpWithCard(n: number): Promise<Customer> {
    const email = `crash-${n}-${randomBytes(4).toString('hex')}@example.com`;
    const signUp = await call('POST', '/api/auth/sign-up/email', { json: { email, password: 'correct-horse-9', name: `Crash Customer ${n}` } });
    if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
    const cookie = signUp.response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const card = await call('POST', '/api/payments/test-mode/payment-methods', { cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    if (card.status !== 201) throw new Error(`test card failed: ${card.status} ${JSON.stringify(card.body)}`);
    return { cookie, userId: signUp.body.user.id, paymentMethodId: card.body.id };
  }

  /** TV installation starts offered in the next days whose hold is placed at booking (not deferred). */
  async function startsWithHoldAtBooking(): Promise<string[]> {
    const first = await call('GET', `/api/services/tv-installation/slots?durationMinutes=${TV_JOB_MINUTES}`);
    if (first.status !== 200) throw new Error(`slots failed: ${first.status} ${JSON.stringify(first.body)}`);
    const starts: string[] = [];
    for (const date of (first.body.dates as string[]).slice(0, 5)) {
      const day = await call('GET', `/api/services/tv-installation/slots?date=${date}&durationMinutes=${TV_JOB_MINUTES}`);
      if (day.status !== 200) throw new Error(`slots of ${date} failed: ${day.status} ${JSON.stringify(day.body)}`);
      // An hour of margin, so a start does not become deferred (or too soon) while the test runs.
      starts.push(...(day.body.starts as string[]).filter((s) => !needsDeferredHold(new Date(s), new Date(Date.now() + 60 * 60_000)) && new Date(s).getTime() > Date.now() + 3 * 60 * 60_000));
    }
    return starts;
  }

  return { call, signUpWithCard, startsWithHoldAtBooking };
}

describe(`crash safety on ${databaseKind} (issue #10)`, () => {
  it('a server killed in the middle of a burst of bookings restarts at once on the same data, which is consistent after reconciliation', async () => {
    const testStartedAt = new Date();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (process.env.TEST_DATABASE_URL) {
      const database = await createTestDatabase(process.env.TEST_DATABASE_URL, 'crash_test');
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO_WORKER: 'false',
      AUTH_RATE_LIMIT_MAX: '1000',
      // Test-mode payments: the simulated gateway, whatever the machine's environment says.
      ...NO_OUTSIDE_SERVICES_ENV,
    };
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const silent = createLogger('silent');

    // Workers enough for every start of the burst, written before the server first starts.
    {
      const runtime = await startRuntime(config, undefined, { logger: silent });
      try {
        for (let i = 0; i < WORKERS; i++) {
          const id = `crash-worker-${i}-${randomBytes(4).toString('hex')}`;
          await runtime.deps.db.insert(user).values({ id, name: `Worker ${i + 1}`, email: `${id}@example.com` });
          await makeWorker(runtime.deps.db, id);
        }
      } finally {
        await runtime.close();
      }
    }

    const firstSpawnedAt = Date.now();
    const first = spawnServer({ env, port });
    cleanups.push(first.kill);
    await first.waitUntilReady(READY_TIMEOUT_MS);
    const firstStartMs = Date.now() - firstSpawnedAt;
    const api = apiClient(base);
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, (_, n) => api.signUpWithCard(n)));
    const starts = await api.startsWithHoldAtBooking();
    expect(starts.length, 'offered starts in the next days').toBeGreaterThan(0);

    // The burst: every booking its own key, spread over the offered starts.
    const attempts: BookingAttempt[] = Array.from({ length: BURST }, (_, index) => {
      const customer = customers[index % CUSTOMERS]!;
      const startAt = starts[(index * 7) % starts.length]!;
      return {
        index,
        customer,
        key: `crash-${index}-${randomBytes(6).toString('hex')}`,
        body: { options: TV_OPTIONS, address: TEST_ADDRESS, contactPhone: '8135550123', startAt, paymentMethodId: customer.paymentMethodId },
        answer: null,
        retry: null,
      };
    });
    // The kill comes a part of an answer's time after the KILL_AFTER_ANSWERS-th answer, so that
    // it lands in the middle of the work on the next requests rather than between two of them (on
    // PGlite one request runs at a time), at a different point from run to run.
    const answerTimes: number[] = [];
    let killed = false;
    const kill = () => {
      first.child.kill('SIGKILL');
      killed = true;
    };
    const burstStartedAt = Date.now();
    await Promise.all(
      attempts.map(async (attempt) => {
        try {
          const { status, body } = await api.call('POST', '/api/bookings', { cookie: attempt.customer.cookie, json: attempt.body, key: attempt.key });
          attempt.answer = { status, body };
          if (answerTimes.push(Date.now()) === KILL_AFTER_ANSWERS) setTimeout(kill, ((Date.now() - burstStartedAt) / KILL_AFTER_ANSWERS) * (0.2 + 0.8 * Math.random()));
        } catch {
          // The server died while this request was in flight.
        }
      }),
    );
    expect(killed, 'the server was killed during the burst').toBe(true);
    expect((await first.exited).signal).toBe('SIGKILL');
    const inFlight = attempts.filter((a) => a.answer === null);
    const answeredBefore = attempts.filter((a) => a.answer !== null);
    expect(inFlight.length, 'requests in flight when the server died').toBeGreaterThan(0);
    for (const a of answeredBefore) expect(a.answer!.status, JSON.stringify(a.answer!.body)).toBeLessThan(500);

    // The restart on the same data: the dead process's lock is taken over at once.
    // (A live holder's lock makes the start fail at once with DataDirLockedError, which
    // waitUntilReady reports with the server's output.)
    const restartedAt = Date.now();
    const second = spawnServer({ env, port });
    cleanups.push(second.kill);
    await second.waitUntilReady(READY_TIMEOUT_MS);
    const restartMs = Date.now() - restartedAt;
    expect(restartMs, 'the restart did not wait for the dead lock to go stale').toBeLessThan(LOCK_STALE_MS);

    // Half of the requests in flight are sent again with their key (the other half were given up
    // by their clients: their holds, if placed, are orphans for reconciliation); so are a few
    // that had answered, which must answer the same booking.
    const retried = [...inFlight.filter((_, i) => i % 2 === 0), ...answeredBefore.filter((a) => a.answer!.status === 201).slice(0, 3)];
    const abandoned = inFlight.filter((_, i) => i % 2 === 1);
    const retriesSentAt = Date.now();
    let slowestRetryMs = 0;
    await Promise.all(
      retried.map(async (attempt) => {
        const { status, body } = await api.call('POST', '/api/bookings', { cookie: attempt.customer.cookie, json: attempt.body, key: attempt.key, timeoutMs: RETRY_TIMEOUT_MS });
        attempt.retry = { status, body };
        slowestRetryMs = Math.max(slowestRetryMs, Date.now() - retriesSentAt);
      }),
    );
    for (const attempt of retried) {
      const { status, body } = attempt.retry!;
      const what = `retry of booking ${attempt.index}: ${status} ${JSON.stringify(body)}`;
      expect(status, what).toBeLessThan(500);
      if (status >= 400) {
        // A clear refusal in the error body, and not "still in progress": the dead request is not waited for.
        expect(body, what).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        expect(body.code, what).not.toBe('idempotency_in_progress');
      } else {
        expect([200, 201], what).toContain(status);
      }
      if (attempt.answer?.status === 201) expect(body.id, what).toBe(attempt.answer.body.id);
    }
    await second.stop();

    // Reconciliation on the stopped server's data, its clock past the age at which orphan holds are voided.
    const later = new Date(Date.now() + PAST_ORPHAN_AGE_MS);
    const runtime = await startRuntime(config, undefined, { logger: silent, now: () => later });
    try {
      const { deps } = runtime;
      await runPaymentJobs(deps);
      const reconciliation = await reconcilePayments(deps, new Date(testStartedAt.getTime() - 60_000));
      const db = deps.db;

      // The given-up requests sent again at last (same app, in process, on the later clock): their
      // keys, left in progress by the dead server, block nothing; a hold voided meanwhile as an
      // orphan is replaced by a hold of the retry's own (holdGatewayKey), so the retry books —
      // or meets a clear business refusal (the slot filled up meanwhile), never a 5xx.
      const abandonedKeys = abandoned.map((a) => a.key);
      const abandonedInProgress = abandonedKeys.length
        ? (await db.select().from(idempotencyRequests).where(and(inArray(idempotencyRequests.key, abandonedKeys), eq(idempotencyRequests.status, 'in_progress')))).length
        : 0;
      const app = createApp(deps);
      for (const attempt of abandoned) {
        const response = await app.request('/api/bookings', {
          method: 'POST',
          headers: { Origin: config.publicUrl, Cookie: attempt.customer.cookie, 'Content-Type': 'application/json', 'Idempotency-Key': attempt.key },
          body: JSON.stringify(attempt.body),
        });
        attempt.retry = { status: response.status, body: await response.json() };
        const what = `late retry of booking ${attempt.index}: ${response.status} ${JSON.stringify(attempt.retry.body)}`;
        expect(response.status, what).toBeLessThan(500);
        if (response.status >= 400) expect(attempt.retry.body, what).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        expect(attempt.retry.body.code, what).not.toBe('idempotency_in_progress');
        expect(attempt.retry.body.code, what).not.toBe('invalid_payment_operation');
      }

      const customerIds = customers.map((c) => c.userId);
      const allBookings = await db.select().from(bookings).where(inArray(bookings.customerId, customerIds));
      const bookingIds = allBookings.map((b) => b.id);
      const answeredIds = attempts.flatMap((a) => [a.answer, a.retry]).filter((a): a is Answer => a !== null && (a.status === 200 || a.status === 201)).map((a) => a.body.id as string);
      const problems: string[] = [];

      // Nothing answered is lost; a key made at most one booking.
      for (const id of new Set(answeredIds)) if (!bookingIds.includes(id)) problems.push(`booking ${id} was answered but is not in the database`);
      for (const attempt of attempts) {
        const made = allBookings.filter((b) => b.customerId === attempt.customer.userId && b.idempotencyKey === attempt.key);
        if (made.length > 1) problems.push(`key ${attempt.key} made ${made.length} bookings`);
      }

      // Every booking whole: its first events, its payment record, its hold live at the gateway for its total.
      const events = bookingIds.length ? await db.select().from(bookingEvents).where(inArray(bookingEvents.bookingId, bookingIds)) : [];
      const records = bookingIds.length ? await db.select().from(payments).where(inArray(payments.bookingId, bookingIds)) : [];
      const ledger = bookingIds.length ? await db.select().from(paymentLedger).where(inArray(paymentLedger.bookingId, bookingIds)) : [];
      const holds = await db.select().from(simulatedHolds);
      for (const booking of allBookings) {
        const types = events.filter((e) => e.bookingId === booking.id).map((e) => e.type);
        if (!types.includes('created') || !types.includes('hold_placed')) problems.push(`booking ${booking.id}: events ${JSON.stringify(types)}`);
        const record = records.find((r) => r.bookingId === booking.id);
        if (!record) {
          problems.push(`booking ${booking.id}: no payment record`);
          continue;
        }
        if (record.status !== 'authorized' || !record.gatewayReference) problems.push(`booking ${booking.id}: payment ${record.status} ${record.gatewayReference}`);
        const hold = holds.find((h) => h.id === record.gatewayReference);
        if (hold?.status !== 'requires_capture' || hold.amountCents !== booking.totalCents) problems.push(`booking ${booking.id} (${booking.totalCents}): hold ${JSON.stringify(hold)}`);
        if (!ledger.some((l) => l.bookingId === booking.id && l.kind === 'hold_placed')) problems.push(`booking ${booking.id}: no hold_placed in the ledger`);
      }

      // No money held for nothing: every live hold belongs to a booking's payment record.
      const referenced = new Set((await db.select({ ref: payments.gatewayReference }).from(payments)).map((r) => r.ref));
      for (const hold of holds) {
        if ((hold.status === 'requires_capture' || hold.status === 'requires_action') && !referenced.has(hold.id)) problems.push(`hold ${hold.id} (${hold.status}, ${hold.amountCents}) has no booking`);
      }

      // No key of a request sent again is left in progress.
      for (const attempt of [...retried, ...abandoned]) {
        const [row] = await db
          .select({ status: idempotencyRequests.status })
          .from(idempotencyRequests)
          .where(and(eq(idempotencyRequests.scope, attempt.customer.userId), eq(idempotencyRequests.key, attempt.key)));
        if (row?.status === 'in_progress') problems.push(`key ${attempt.key} (sent again) is still in progress`);
      }

      // What the kill caught mid-way, to show the run proved something (it varies from run to run).
      const count = (answers: Array<Answer | null>) => {
        const byStatus = new Map<number, number>();
        for (const a of answers) if (a) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
        return [...byStatus].map(([status, n]) => `${status} x${n}`).join(', ') || 'none';
      };
      console.log(
        `crash safety on ${databaseKind}: burst of ${BURST}: ${count(answeredBefore.map((a) => a.answer))} answered before the kill, ${inFlight.length} in flight; ` +
          `first start ready in ${firstStartMs} ms, restart in ${restartMs} ms; retries (${retried.length}) answered ${count(retried.map((a) => a.retry))} within ${slowestRetryMs} ms (a key left in progress by the dead server is taken over once stale); ` +
          `${abandoned.length} given up (${abandonedInProgress} of their keys left in progress; sent again after reconciliation: ${count(abandoned.map((a) => a.retry))}); ${allBookings.length} bookings; ${holds.length} holds, ${reconciliation.orphansVoided} orphans voided by reconciliation`,
      );
      expect(problems).toEqual([]);
      expect(allBookings.length).toBeGreaterThan(0);
    } finally {
      await runtime.close();
    }
  }, 180_000);
});
