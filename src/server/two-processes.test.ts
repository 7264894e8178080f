/**
 * Issue #16, "More than one server": two real server processes (`node --import tsx
 * src/server/index.ts`, as crash-safety.test.ts starts one) on one PostgreSQL database, each on
 * its own port, sharing DATA_DIR for uploads, started together on an empty database. Proven:
 * - both come up (one migrates and seeds while the other waits for it);
 * - an admin's live stream (GET /api/events) connected to B hears a booking made through A
 *   within 1 s of A's answer (LISTEN/NOTIFY fans out to every process);
 * - a rate limit reached through A holds through B (counted in PostgreSQL);
 * - a background job due now runs once across both processes' loops (JOB_INTERVAL_MS=300): a
 *   guest's long chat wait is reported to operations in one email;
 * - a photo uploaded through A is served by B (shared disk; object storage is the uploads'
 *   own test);
 * - both stop cleanly on SIGTERM while their job loops run.
 * PostgreSQL only (TEST_DATABASE_URL): the embedded database belongs to one process (db/lock.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { needsDeferredHold } from '../domain/payment-timing';
import { TV_JOB_MINUTES } from '../domain/services';
import { ADMIN_ALERT_AFTER_MINUTES } from './modules/chats/chat-fallback';
import { TEST_ADDRESS, TV_OPTIONS } from './test/money-actors';
import { createTestDatabase, freePort, NO_OUTSIDE_SERVICES_ENV, spawnServer, type SpawnedServer } from './test/spawned-server';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SKIP_REASON = onPostgres ? '' : ' (skipped: needs TEST_DATABASE_URL; the embedded database belongs to one process)';
/** Generous: a loaded machine compiles the server with tsx and opens the database. */
const READY_TIMEOUT_MS = 60_000;
const JOB_INTERVAL_MS = 300;
const ERROR_LOG_LIMIT = 3;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Calls a server as the web app would (its Origin, JSON bodies). */
async function call(server: SpawnedServer, method: string, pathname: string, init: { cookie?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { Origin: server.base, ...init.headers };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.base}${pathname}`, { method, headers, body: init.json === undefined ? init.body : JSON.stringify(init.json), signal: AbortSignal.timeout(30_000) });
  return response;
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function signUp(server: SpawnedServer, label: string) {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const response = await call(server, 'POST', '/api/auth/sign-up/email', { json: { email, password: 'correct-horse-9', name: label }, headers: { 'X-Forwarded-For': `10.30.0.${label.length}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return { cookie: cookiesOf(response), userId: ((await response.json()) as { user: { id: string } }).user.id };
}

/** An SSE client: the events it heard, each with the moment it arrived (performance.now()). */
async function openEventStream(server: SpawnedServer, cookie: string) {
  const controller = new AbortController();
  cleanups.push(() => controller.abort());
  const response = await fetch(`${server.base}/api/events`, { headers: { Cookie: cookie, Accept: 'text/event-stream' }, signal: controller.signal });
  expect(response.status).toBe(200);
  const events: Array<{ event: string; data: string; at: number }> = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data, at: performance.now() });
        }
      }
    } catch {
      // aborted at the end of the test
    }
  })();
  return { events, close: () => controller.abort() };
}

describe.skipIf(!onPostgres)(`two server processes on one PostgreSQL (issue #16)${SKIP_REASON}`, () => {
  it('share live events, rate limits, background jobs and uploads', async () => {
    const database = await createTestDatabase(process.env.TEST_DATABASE_URL!, 'two_processes');
    cleanups.push(database.drop);
    const databaseUrl = database.url;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-two-processes-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JOB_INTERVAL_MS: String(JOB_INTERVAL_MS),
      TRUST_PROXY: 'true',
      ERROR_LOG_RATE_LIMIT_MAX: String(ERROR_LOG_LIMIT),
      ERROR_LOG_RATE_LIMIT_WINDOW_SECONDS: '60',
      AUTH_RATE_LIMIT_MAX: '1000',
      SEED_DEMO_WORKER: 'true',
      LOG_LEVEL: 'warn',
      // Test-mode payments and the dev outbox, whatever the machine's environment says.
      ...NO_OUTSIDE_SERVICES_ENV,
      // Uploads on the shared DATA_DIR (the bucket is the S3 storage's own test).
      S3_BUCKET: '',
      S3_REGION: '',
      S3_ENDPOINT: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      S3_FORCE_PATH_STYLE: '',
    };

    // Both start at once on the empty database.
    const spawnedAt = performance.now();
    const [a, b] = await Promise.all(['A', 'B'].map(async (name) => spawnServer({ name: `server ${name}`, env, port: await freePort() })));
    cleanups.push(a.kill, b.kill);
    await Promise.all([a.waitUntilReady(READY_TIMEOUT_MS), b.waitUntilReady(READY_TIMEOUT_MS)]);
    const readyMs = performance.now() - spawnedAt;

    // An admin's live board connected to B; a booking made through A.
    const admin = await signUp(a, 'admin');
    await query(databaseUrl, "insert into user_roles (user_id, role) values ($1, 'admin')", [admin.userId]);
    const board = await openEventStream(b, admin.cookie);

    const customer = await signUp(a, 'customer');
    const card = await call(a, 'POST', '/api/payments/test-mode/payment-methods', { cookie: customer.cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(card.status).toBe(201);
    const paymentMethodId = ((await card.json()) as { id: string }).id;
    const dates = (await (await call(a, 'GET', `/api/services/tv-installation/slots?durationMinutes=${TV_JOB_MINUTES}`)).json()) as { dates: string[] };
    let startAt: string | undefined;
    for (const date of dates.dates.slice(0, 5)) {
      const day = (await (await call(a, 'GET', `/api/services/tv-installation/slots?date=${date}&durationMinutes=${TV_JOB_MINUTES}`)).json()) as { starts: string[] };
      // hours of margin: the hold is placed at booking, and the start stays bookable while the test runs
      startAt = day.starts.find((s) => new Date(s).getTime() > Date.now() + 3 * 3_600_000 && !needsDeferredHold(new Date(s), new Date(Date.now() + 3_600_000)));
      if (startAt) break;
    }
    expect(startAt, 'an offered start in the next days').toBeDefined();
    const bookingSentAt = performance.now();
    const booked = await call(a, 'POST', '/api/bookings', {
      cookie: customer.cookie,
      headers: { 'Idempotency-Key': `two-processes-${randomBytes(6).toString('hex')}` },
      json: { options: TV_OPTIONS, address: TEST_ADDRESS, contactPhone: '8135550123', startAt, paymentMethodId },
    });
    const answeredAt = performance.now();
    const bookingMs = answeredAt - bookingSentAt;
    expect(booked.status, await booked.clone().text()).toBe(201);
    const bookingId = ((await booked.json()) as { id: string }).id;
    const created = () => board.events.find((e) => e.event === 'booking' && JSON.parse(e.data).bookingId === bookingId && JSON.parse(e.data).type === 'created');
    await expect.poll(() => created() !== undefined, { timeout: 1_000, interval: 20 }).toBe(true);
    const heardAfterMs = Math.max(0, created()!.at - answeredAt);
    expect(heardAfterMs).toBeLessThanOrEqual(1_000);
    board.close();

    // A rate limit reached through A holds through B.
    const logError = (server: SpawnedServer) => call(server, 'POST', '/api/errors', { headers: { 'X-Forwarded-For': '10.30.1.1' }, json: { error_message: 'two processes' } });
    for (let i = 0; i < ERROR_LOG_LIMIT; i++) expect((await logError(a)).status).toBe(201);
    const refusedByB = await logError(b);
    expect(refusedByB.status).toBe(429);
    expect(Number(refusedByB.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await logError(a)).status).toBe(429);

    // A background job due now runs once across both processes' loops.
    const guest = await call(b, 'POST', '/api/chats/guest', { headers: { 'X-Forwarded-For': '10.30.2.1' }, json: { name: 'Wendy Waiting', email: 'wendy@example.com' } });
    expect(guest.status).toBe(201);
    const conversationId = ((await guest.json()) as { id: string }).id;
    await query(databaseUrl, `update conversations set awaiting_reply_since = now() - interval '${ADMIN_ALERT_AFTER_MINUTES + 5} minutes', last_message_at = now() where id = $1`, [conversationId]);
    const alerts = async () => (await query<{ n: string }>(databaseUrl, "select count(*) as n from mail_outbox where template = 'chat_waiting_ops' and text like $1", [`%${conversationId}%`])).map((r) => Number(r.n))[0]!;
    await expect.poll(alerts, { timeout: 10_000, interval: 100 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 6 * JOB_INTERVAL_MS)); // several more ticks of both loops
    expect(await alerts()).toBe(1);

    // A photo uploaded through A is served by B (same DATA_DIR).
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2b5a8a' } }).jpeg().toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
    const uploaded = await call(a, 'POST', '/api/uploads', { body: form, headers: { 'X-Forwarded-For': '10.30.3.1' } });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const draftCookie = cookiesOf(uploaded);
    const uploadId = ((await uploaded.json()) as { id: string }).id;
    const fromA = await call(a, 'GET', `/api/uploads/${uploadId}`, { cookie: draftCookie });
    const fromB = await call(b, 'GET', `/api/uploads/${uploadId}`, { cookie: draftCookie });
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe(fromA.headers.get('content-type'));
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);

    // Both stop cleanly (SIGTERM) with their job loops running.
    const stoppingAt = performance.now();
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    for (const server of [a, b]) {
      const { code, signal } = await server.exited;
      expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
    }
    console.log(
      `two processes: both ready ${readyMs.toFixed(0)} ms after the spawn; the admin's stream on B heard A's booking ${heardAfterMs.toFixed(0)} ms after A answered ` +
        `(${(created()!.at - bookingSentAt).toFixed(0)} ms after it was sent; A took ${bookingMs.toFixed(0)} ms to answer); both stopped in ${(performance.now() - stoppingAt).toFixed(0)} ms`,
    );
  }, 120_000);
});
