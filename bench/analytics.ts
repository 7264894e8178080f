/**
 * Analytics under load (issue #11), against `npm start`'s server process on a throwaway
 * PostgreSQL 15 server (or BENCH_DATABASE_URL):
 *  1. Ingest: 10,000 events through `POST /api/analytics/events` in batches of 100 from 10
 *     concurrent clients: events/s, and the batch latency against `GET /api/health` (one
 *     database round trip) measured in the same run, so the ratio survives a busy machine.
 *  2. Reports: each `/api/admin/analytics/{report}` for 7, 30 and 90 days over 100,000 events
 *     (the 10,000 above plus 90,000 written straight to the table) and 10,000 bookings with their
 *     ledger rows over 90 days: median of 15 calls in ms. Target: under 100 ms each. The reports
 *     are CPU-bound (sorting and counting in PostgreSQL), so the 90-day time is also given as a
 *     multiple of a CPU reference taken in the same run (sorting 300,000 numbers in this process),
 *     with the machine's load average: runs on a busy machine then stay comparable. Traffic is
 *     also timed for custom periods that ended yesterday, which read the raw events instead of
 *     the roll-ups (src/server/modules/analytics/traffic-report.ts).
 * Numbers go to the README; nothing here is a test assertion.
 *
 * Run: `npm run bench:analytics`.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shiftDate, tampaToday } from '../src/domain/analytics-range';
import { FUNNEL_STEPS } from '../src/domain/booking-funnel';
import { WEB_VITALS } from '../src/domain/web-vitals';
import { startRuntime } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { analyticsEvents, bookingEvents, bookings, paymentLedger, user, userRoles } from '../src/server/db/schema';
import { createLogger } from '../src/server/lib/logger';
// @ts-expect-error plain JS helper
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';

const PORT = 4478;
const BASE = `http://localhost:${PORT}`;
const BOOKINGS = 10_000;
const DIRECT_EVENTS = 90_000;
const API_EVENTS = 10_000;
const BATCH = 100;
const CLIENTS = 10;
const CALLS = 15;
const DAY = 86_400_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const ago = (maxDays: number) => new Date(Date.now() - Math.random() * maxDays * DAY);

const pg = process.env.BENCH_DATABASE_URL ? null : await startThrowawayPostgres();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? pg.url;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-bench-'));
let server: ReturnType<typeof spawn> | null = null;

/** 10,000 bookings over 90 days: most completed and captured, some cancelled in each tier, some refunded, most contacted. */
function seedBookings(customerId: string) {
  const rows: (typeof bookings.$inferInsert)[] = [];
  const ledger: (typeof paymentLedger.$inferInsert)[] = [];
  const events: (typeof bookingEvents.$inferInsert)[] = [];
  const services = [
    { slug: 'tv-installation', options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true }, total: 4838 },
    { slug: 'furniture-assembly', options: { service: 'furniture-assembly', productName: 'Desk', estimatedHours: 2 }, total: 7525 },
    { slug: 'painting', options: { service: 'painting', rooms: 1, paintSupplier: 'customer' }, total: 26875 },
  ] as const;
  for (let i = 0; i < BOOKINGS; i++) {
    const id = randomUUID();
    const service = pick(services);
    const createdAt = ago(90);
    const start = new Date(createdAt.getTime() + (1 + Math.random() * 5) * DAY);
    const roll = Math.random();
    const status = roll < 0.6 ? 'completed' : roll < 0.75 ? 'cancelled' : roll < 0.8 ? 'no_show' : roll < 0.9 ? 'confirmed' : 'pending';
    const tier = status === 'no_show' ? 'no_show' : status === 'cancelled' ? pick(['grace', 'free', 'half', 'full', 'waived']) : null;
    const fee = tier === 'half' ? Math.round(service.total / 2) : tier === 'full' || tier === 'no_show' ? service.total : tier ? 0 : null;
    const doneAt = new Date(start.getTime() + 2 * 3_600_000);
    rows.push({
      id,
      reference: `TB-${randomBytes(4).toString('hex').toUpperCase()}`,
      customerId,
      serviceSlug: service.slug,
      status,
      options: service.options,
      street: '1 Main St', city: 'Tampa', state: 'FL', zip: '33602', contactPhone: '+18135550123',
      scheduledStart: start,
      scheduledEnd: new Date(start.getTime() + 3_600_000),
      lineItems: [], subtotalCents: service.total, taxRateBps: 750, taxCents: 0, totalCents: service.total,
      finalTotalCents: status === 'completed' ? service.total : null,
      completedAt: status === 'completed' ? doneAt : null,
      cancelledAt: tier ? new Date(createdAt.getTime() + Math.random() * DAY) : null,
      cancellationTier: tier,
      cancellationFeeCents: fee,
      contactedAt: Math.random() < 0.85 ? new Date(createdAt.getTime() + (30 + Math.random() * 1200) * 1000) : null,
      idempotencyKey: randomBytes(8).toString('hex'),
      requestHash: 'bench',
      createdAt,
    });
    ledger.push({ bookingId: id, kind: 'hold_placed', amountCents: service.total, idempotencyKey: `hold:${id}`, createdAt });
    if (status === 'completed') ledger.push({ bookingId: id, kind: 'captured', amountCents: service.total, idempotencyKey: `capture:${id}`, createdAt: doneAt });
    if (fee) ledger.push({ bookingId: id, kind: 'fee_captured', amountCents: fee, idempotencyKey: `capture:${id}`, createdAt: rows.at(-1)!.cancelledAt! });
    if (status === 'completed' && Math.random() < 0.05) ledger.push({ bookingId: id, kind: 'refunded', amountCents: 1000, idempotencyKey: `refund:${id}`, createdAt: new Date(doneAt.getTime() + DAY) });
    events.push({ bookingId: id, type: 'created', toStatus: 'pending', createdAt });
    if (Math.random() < 0.03) events.push({ bookingId: id, type: 'rescheduled', createdAt: new Date(createdAt.getTime() + DAY) });
  }
  return { rows, ledger, events };
}

/** An event as the browser sends it (for the API), spread over the last `days` days. */
function browserEvent(days: number) {
  const roll = Math.random();
  const occurredAt = ago(days).toISOString();
  if (roll < 0.55) {
    const path = pick(['/', '/book/tv-installation', '/book/painting', '/book/furniture-assembly', '/my-bookings', '/auth', '/settings', '/cancellations']);
    return { action: 'page_view', category: 'navigation', label: path, path, occurredAt, language: pick(['en', 'en', 'en', 'es']) };
  }
  if (roll < 0.85) {
    const action = pick(['step_viewed', 'step_viewed', 'step_completed', 'step_blocked']);
    const params = action === 'step_blocked' ? { field: 'screenSize', rule: 'validation.screenSizeRequired' } : { service: 'tv-installation' };
    return { action, category: 'booking_funnel', label: pick(FUNNEL_STEPS), occurredAt, params, path: '/book/tv-installation' };
  }
  const metric = pick(WEB_VITALS);
  const value = metric === 'CLS' ? Math.random() * 0.4 : Math.random() * 5000;
  return { action: metric, category: 'web_vitals', value, occurredAt, path: pick(['/', '/book/tv-installation', '/my-bookings']), params: { rating: 'good' } };
}

/** Machine speed now: the median time to sort 300,000 random numbers, ms. */
function cpuReference(): number {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const values = Float64Array.from({ length: 300_000 }, Math.random);
    const started = performance.now();
    values.sort();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function timed(url: string, init: RequestInit = {}): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

try {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const runtime = await startRuntime(config, undefined, { logger: createLogger('silent') });
  const db = runtime.deps.db;
  const customerId = `bench-customer-${randomBytes(3).toString('hex')}`;
  await db.insert(user).values({ id: customerId, name: 'Bench Customer', email: `${customerId}@example.com` });
  const seeded = seedBookings(customerId);
  for (let i = 0; i < seeded.rows.length; i += 500) await db.insert(bookings).values(seeded.rows.slice(i, i + 500));
  for (let i = 0; i < seeded.ledger.length; i += 1000) await db.insert(paymentLedger).values(seeded.ledger.slice(i, i + 1000));
  for (let i = 0; i < seeded.events.length; i += 1000) await db.insert(bookingEvents).values(seeded.events.slice(i, i + 1000));
  const visitors = Array.from({ length: 20_000 }, () => randomUUID());
  for (let i = 0; i < DIRECT_EVENTS; i += 2000) {
    await db.insert(analyticsEvents).values(
      Array.from({ length: Math.min(2000, DIRECT_EVENTS - i) }, () => {
        const e = browserEvent(90);
        return { ...e, occurredAt: new Date(e.occurredAt), value: e.value ?? null, params: e.params ?? null, language: e.language ?? null, visitorId: pick(visitors) };
      }),
    );
  }
  await runtime.close();
  console.log(`seeded ${seeded.rows.length} bookings (${seeded.ledger.length} ledger rows), ${DIRECT_EVENTS} events`);

  server = spawn('node', ['--import', 'tsx', 'src/server/index.ts'], {
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000', ANALYTICS_RATE_LIMIT_MAX: '100000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    if (await fetch(`${BASE}/api/health`).then((r) => r.ok).catch(() => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }

  // 1. Ingest 10,000 events: 100 batches of 100 from 10 clients at once; the health check the same way.
  const batches = Array.from({ length: API_EVENTS / BATCH }, () => JSON.stringify({ visitorId: pick(visitors), events: Array.from({ length: BATCH }, () => browserEvent(6)) }));
  const headers = { 'Content-Type': 'application/json', Origin: BASE };
  const runConcurrently = async (count: number, call: (i: number) => Promise<number>) => {
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      while (next < count) latencies.push(await call(next++));
    }));
    return { seconds: (performance.now() - started) / 1000, latencies };
  };
  await runConcurrently(20, () => timed(`${BASE}/api/health`)); // warm up
  const health = await runConcurrently(batches.length, () => timed(`${BASE}/api/health`));
  const ingest = await runConcurrently(batches.length, (i) => timed(`${BASE}/api/analytics/events`, { method: 'POST', headers, body: batches[i] }));
  console.log(
    `ingest: ${API_EVENTS} events in ${batches.length} batches of ${BATCH} from ${CLIENTS} clients: ${Math.round(API_EVENTS / ingest.seconds)} events/s; batch median ${median(ingest.latencies).toFixed(1)} ms = ${(median(ingest.latencies) / median(health.latencies)).toFixed(1)} x GET /api/health (${median(health.latencies).toFixed(1)} ms, same concurrency)`,
  );

  // 2. Each report for 7, 30 and 90 days, as an admin.
  const email = `admin-${randomBytes(3).toString('hex')}@example.com`;
  const signUp = await fetch(`${BASE}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'bench-password-1', name: 'Bench Admin' }) });
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const adminId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const check = await startRuntime(loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), undefined, { logger: createLogger('silent') });
  await check.deps.db.insert(userRoles).values({ userId: adminId, role: 'admin' });
  const total = (await check.deps.db.$count(analyticsEvents)) as number;
  await check.close();

  const cpuBefore = cpuReference();
  const load = os.loadavg()[0]!;
  const rows: string[] = [];
  for (const report of ['revenue', 'funnel', 'contact', 'traffic', 'web-vitals']) {
    const cells: number[] = [];
    for (const range of ['7d', '30d', '90d']) {
      const url = `${BASE}/api/admin/analytics/${report}?range=${range}`;
      await timed(url, { headers: { Cookie: cookie } });
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) times.push(await timed(url, { headers: { Cookie: cookie } }));
      cells.push(median(times));
    }
    rows.push(`| ${report} | ${cells.map((ms) => ms.toFixed(1)).join(' | ')} | CPU_${cells[2]!} |`);
  }
  // A custom period that ended yesterday: read from the raw events, since views came in after it.
  const yesterday = shiftDate(tampaToday(new Date()), -1);
  const custom: number[] = [];
  for (const days of [7, 30, 90]) {
    const url = `${BASE}/api/admin/analytics/traffic?range=custom&from=${shiftDate(yesterday, 1 - days)}&to=${yesterday}`;
    await timed(url, { headers: { Cookie: cookie } });
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) times.push(await timed(url, { headers: { Cookie: cookie } }));
    custom.push(median(times));
  }
  rows.push(`| traffic, custom period ending yesterday (raw events) | ${custom.map((ms) => ms.toFixed(1)).join(' | ')} | CPU_${custom[2]!} |`);
  const cpuMs = (cpuBefore + cpuReference()) / 2;
  console.log(`\nreports over ${total} events and ${BOOKINGS} bookings (median of ${CALLS} calls; CPU reference ${cpuMs.toFixed(1)} ms; load average ${load.toFixed(2)} on ${os.cpus().length} cores):`);
  console.log('| report | 7 days (ms) | 30 days (ms) | 90 days (ms) | 90 days (x CPU reference) |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row.replace(/CPU_([\d.]+)/, (_, ms: string) => (Number(ms) / cpuMs).toFixed(2)));
} finally {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  pg?.stop();
}
process.exit(0);
