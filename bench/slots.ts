/**
 * Slots from cached day plans under load (issue #16), against one server process (`npm start`'s compiled server, bench/app-server.ts)
 * on a throwaway PostgreSQL 15 server (or BENCH_DATABASE_URL) holding 50 workers and 5,000 jobs
 * over the next 13 days. autocannon, 100 connections, 10 s per run, all against the same server
 * in the same run, each line right after its own bare reference (1.), as the machine is noisy:
 *  1. a bare JSON answer (`GET /api/me` signed out: the whole middleware stack, the session
 *     check and a JSON body of nulls, no database; `/api/health` asks the database and a 404
 *     throws through the error handler, which costs more than a cached slots answer), the
 *     ceiling the others are measured against;
 *  2. slots for one day (the measure of issue #16: 93 requests/s at 50 connections before);
 *  3. slots across every bookable day and the three services (15 day plans kept);
 *  4. `GET /api/settings/public` (cached the same way; ~1,050 requests/s before).
 * Prints requests/s, p50/p99 latency, and each line's ratio to the bare JSON answer. Numbers go
 * to the README; nothing here is a test assertion.
 *
 * Run: `node --import tsx bench/slots.ts` (BENCH_DURATION=seconds, BENCH_CONNECTIONS=n to change).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startAppServer, type AppServer } from './app-server';
import { seedBusyDays } from './busy-days';
import { bookableDates } from '../src/domain/slots';
// @ts-expect-error plain JS helper
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4341);
const BASE = `http://localhost:${PORT}`;
const WORKERS = 50;
const BOOKINGS = 5000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** Slots for one day before issue #16 (README "Benchmarks", 50 connections). */
const BEFORE_REQUESTS_PER_SECOND = 93;

const pg = process.env.BENCH_DATABASE_URL ? null : await startThrowawayPostgres();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? pg.url;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-bench-slots-'));
let server: AppServer | null = null;

try {
  // Seed: 50 workers, one customer, 5,000 one-hour jobs over days 1-13; day 14 stays free.
  const seeded = await seedBusyDays(databaseUrl, dataDir, { workers: WORKERS, bookings: BOOKINGS });
  const today = new Date();

  server = await startAppServer({ port: PORT, env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO_WORKER: 'false' } });

  const oneDay = new Date(today.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  const slotsPath = (service: string, date: string, minutes: number) => `/api/services/${service}/slots?date=${date}&durationMinutes=${minutes}`;
  const everyDay = bookableDates(today).flatMap((date) => [slotsPath('tv-installation', date, 60), slotsPath('furniture-assembly', date, 120), slotsPath('painting', date, 480)]);
  // Warm: the first request of each day computes its plan.
  for (const p of everyDay) await fetch(`${BASE}${p}`);

  async function load(label: string, paths: string[]) {
    const result = await autocannon({ url: BASE, connections: CONNECTIONS, duration: DURATION, requests: paths.map((p) => ({ method: 'GET', path: p })) });
    return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
  }
  // The machine is shared and noisy: each line is measured right after its own bare reference.
  const lines: { line: Awaited<ReturnType<typeof load>>; bare: Awaited<ReturnType<typeof load>> }[] = [];
  const measured: [string, string[]][] = [
    [`slots, one day (${WORKERS} workers, ${seeded.bookingCount} bookings)`, [slotsPath('tv-installation', oneDay, 60)]],
    ['slots, 15 days x 3 services in turn', everyDay],
    ['GET /api/settings/public', ['/api/settings/public']],
  ];
  for (const [label, paths] of measured) {
    const bare = await load('bare JSON answer (GET /api/me signed out)', ['/api/me']);
    lines.push({ bare, line: await load(label, paths) });
  }
  console.log(`${CONNECTIONS} connections, ${DURATION} s each, PostgreSQL, one server process; each line after its own bare JSON reference`);
  for (const { line, bare } of lines) {
    const before = line.label.startsWith('slots, one day') ? `; ${(line.rps / BEFORE_REQUESTS_PER_SECOND).toFixed(1)} x the ${BEFORE_REQUESTS_PER_SECOND} requests/s before` : '';
    console.log(`${line.label}: ${Math.round(line.rps)} requests/s, p50 ${line.p50} ms, p99 ${line.p99} ms, non-2xx ${line.non2xx}, errors ${line.errors}`);
    console.log(`  bare JSON answer just before: ${Math.round(bare.rps)} requests/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms; ratio ${(line.rps / bare.rps).toFixed(2)}${before}`);
  }
} finally {
  await server?.stop();
  pg?.stop();
}
process.exit(0);
