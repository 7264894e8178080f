/**
 * Scheduling and dispatch under load (issue #4), against `npm start`'s server process on a
 * throwaway PostgreSQL 15 server (or BENCH_DATABASE_URL):
 *  1. Slots for a day with 50 workers and 5,000 bookings in the database: p50/p99 latency and
 *     requests/s with autocannon (10 s, 50 connections).
 *  2. Booking creation under 100 concurrent clients competing for one day: requests/s, and the
 *     number of double bookings afterwards (jobs no worker can serve: must be 0).
 *  3. Time from a booking's commit (its 201 answer) to the admin's Server-Sent Event: p50/p99.
 * Numbers go to the README; nothing here is a test assertion.
 *
 * Run: `npm run bench:dispatch`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seedBusyDays } from './busy-days';
import { and, gte, inArray, lt } from 'drizzle-orm';
import { planJobs, type ScheduledJob } from '../src/domain/capacity';
import type { ServiceSlug } from '../src/domain/services';
import { startRuntime } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { bookings, userRoles } from '../src/server/db/schema';
import { createLogger } from '../src/server/lib/logger';
import { loadWorkers } from '../src/server/modules/workers/capacity.repository';
// @ts-expect-error plain JS helper
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';

const PORT = 4477;
const BASE = `http://localhost:${PORT}`;
const WORKERS = 50;
const BOOKINGS = 5000;
const percentile = (values: number[], p: number) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]! : Number.NaN);

const pg = process.env.BENCH_DATABASE_URL ? null : await startThrowawayPostgres();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? pg.url;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-bench-'));
let server: ReturnType<typeof spawn> | null = null;

try {
  // Seed: 50 workers, one customer, 5,000 one-hour jobs over days 1-13; day 14 stays free.
  const seeded = await seedBusyDays(databaseUrl, dataDir, { workers: WORKERS, bookings: BOOKINGS });
  const today = new Date();

  server = spawn('node', ['--import', 'tsx', 'src/server/index.ts'], {
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    if (await fetch(`${BASE}/api/health`).then((r) => r.ok).catch(() => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }

  // 1. Slots.
  const date = new Date(today.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  const slots = await autocannon({ url: `${BASE}/api/services/tv-installation/slots?date=${date}&durationMinutes=60`, connections: 50, duration: 10 });
  console.log(`slots (${WORKERS} workers, ${seeded.bookingCount} bookings): p50 ${slots.latency.p50} ms, p99 ${slots.latency.p99} ms, ${Math.round(slots.requests.average)} requests/s, non-2xx ${slots.non2xx}`);

  // Accounts for the race and the SSE measurement.
  async function signUp(email: string) {
    const r = await fetch(`${BASE}/api/auth/sign-up/email`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: BASE }, body: JSON.stringify({ email, password: 'bench-password-1', name: email }) });
    const cookie = r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const body = (await r.json()) as { user: { id: string } };
    return { cookie, id: body.user.id };
  }
  async function card(cookie: string) {
    const r = await fetch(`${BASE}/api/payments/test-mode/payment-methods`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: BASE }, body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }) });
    return ((await r.json()) as { id: string }).id;
  }
  const raceDate = new Date(today.getTime() + 14 * 86_400_000).toISOString().slice(0, 10); // no seeded jobs on it
  const offered = ((await (await fetch(`${BASE}/api/services/tv-installation/slots?date=${raceDate}&durationMinutes=60`)).json()) as { starts: string[] }).starts;
  const clients = await Promise.all(Array.from({ length: 100 }, async (_, i) => {
    const account = await signUp(`racer-${i}-${randomBytes(3).toString('hex')}@example.com`);
    return { ...account, card: await card(account.cookie) };
  }));

  // 2. 100 concurrent clients, each booking one of the day's first 10 starts (50 workers => capacity exists, but contended).
  const raceStarted = performance.now();
  const results = await Promise.all(clients.map((c, i) => fetch(`${BASE}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: c.cookie, Origin: BASE, 'Idempotency-Key': `race-${i}-${randomBytes(4).toString('hex')}` },
    body: JSON.stringify({ options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true }, address: { street: '1 Main St', city: 'Tampa', state: 'FL', zip: '33602' }, contactPhone: '8135550123', startAt: offered[i % 10], paymentMethodId: c.card }),
  }).then((r) => r.status)));
  const raceSeconds = (performance.now() - raceStarted) / 1000;
  const check = await startRuntime(loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), undefined, { logger: createLogger('silent') });
  const dayStart = new Date(`${raceDate}T00:00:00Z`);
  const jobs: ScheduledJob[] = (await check.deps.db.select().from(bookings).where(and(gte(bookings.scheduledStart, dayStart), lt(bookings.scheduledStart, new Date(dayStart.getTime() + 2 * 86_400_000)), inArray(bookings.status, ['pending', 'confirmed'])))).map((b) => ({ id: b.id, service: b.serviceSlug as ServiceSlug, start: b.scheduledStart, end: b.scheduledEnd, workerId: b.workerId }));
  const plan = planJobs(await loadWorkers(check.deps.db), jobs, { ...(await import('../src/domain/capacity')).DEFAULT_CAPACITY_RULES });
  const placed = [...plan.values()].reduce((n, list) => n + list.length, 0);
  const created = results.filter((s) => s === 201).length;
  console.log(`booking creation (100 concurrent clients): ${created} created, ${results.filter((s) => s === 409).length} refused 409, other ${results.filter((s) => s !== 201 && s !== 409).length}, ${(results.length / raceSeconds).toFixed(0)} requests/s; double bookings: ${jobs.length - placed}`);

  // 3. Commit -> admin SSE latency.
  const admin = await signUp(`admin-${randomBytes(3).toString('hex')}@example.com`);
  await check.deps.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
  await check.close();
  const seen = new Map<string, number>();
  const abort = new AbortController();
  const stream = await fetch(`${BASE}/api/events`, { headers: { Cookie: admin.cookie, Accept: 'text/event-stream' }, signal: abort.signal });
  (async () => {
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data:'));
        if (data) {
          const { bookingId } = JSON.parse(data.slice(5)) as { bookingId: string };
          if (!seen.has(bookingId)) seen.set(bookingId, performance.now());
        }
      }
    }
  })();
  await new Promise((r) => setTimeout(r, 500));
  const latencies: number[] = [];
  const sseDate = raceDate;
  const sseStarts = ((await (await fetch(`${BASE}/api/services/tv-installation/slots?date=${sseDate}&durationMinutes=60`)).json()) as { starts: string[] }).starts;
  for (let i = 0; i < 100; i++) {
    const c = clients[i]!;
    const r = await fetch(`${BASE}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: c.cookie, Origin: BASE, 'Idempotency-Key': `sse-${i}-${randomBytes(4).toString('hex')}` },
      body: JSON.stringify({ options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true }, address: { street: '1 Main St', city: 'Tampa', state: 'FL', zip: '33602' }, contactPhone: '8135550123', startAt: sseStarts[i % sseStarts.length], paymentMethodId: c.card }),
    });
    const committedAt = performance.now();
    if (r.status !== 201) continue;
    const { id } = (await r.json()) as { id: string };
    for (let wait = 0; wait < 200 && !seen.has(id); wait++) await new Promise((res) => setTimeout(res, 5));
    if (seen.has(id)) latencies.push(Math.max(0, seen.get(id)! - committedAt));
  }
  abort.abort();
  console.log(`booking commit -> admin SSE event (${latencies.length} bookings): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`);
} finally {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  pg?.stop();
}
process.exit(0);
