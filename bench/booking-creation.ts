/**
 * Booking creation under concurrency (issue #16, docs/decisions/031-booking-lock-scope.md),
 * against `npm start`'s compiled server process (bench/app-server.ts) on a
 * throwaway PostgreSQL 15 server (or BENCH_DATABASE_URL), 50 workers with every skill on the
 * business hours. 100 clients, each a customer of their own with a saved test card:
 *  0. the README's earlier shape: 100 requests at once for one day's first 10 starts (the
 *     26 requests/s of issue #16 was measured in this shape with the day-wide lock);
 *  1. one day: the 100 clients book one after the other ROUNDS times each (100 in flight at any
 *     moment) on one date, starts spread over the day;
 *  2. 14 days: the same, each request's date one of the 14 days after today;
 *  and, as the reference of the same run, 100 bookings made one at a time (no concurrency).
 * For each: requests/s, p50/p99 latency, created / refused, and the double bookings afterwards
 * (jobs the day's plan cannot place; the workers are identical, so the greedy plan is exact).
 * Between the measures the bench's bookings are cancelled in SQL so each starts on empty days (and
 * a `capacity_changes` notice makes the servers drop the day plans they keep).
 * The reference of the same run: with BENCH_REFERENCE_DIR (another checkout of the app, e.g. the
 * commit before issue #16's lock change: `git archive <commit> | tar -x -C DIR` and a
 * `node_modules` link), a second server runs from it on its own database of the same PostgreSQL,
 * and every measure runs on both, one after the other, so the machine's load hits both alike.
 * Numbers go to the README; nothing here is a test assertion.
 *
 * BENCH_PROCESSES=N starts N server processes per target on its one database (docs/deploy.md's
 * topology; client i sends to process i mod N) and sums their CPU; BENCH_REFERENCE_PROCESSES
 * (default: the same N) sets the reference's count apart, e.g. 1 for a commit from before issue #16,
 * which could not run two processes on one database (rate limits kept in memory, background jobs
 * run by every process).
 *
 * Each measure starts on a warmed-up target (its pool's connections open again) once the machine
 * is quiet (`settle`: neither target's leftover work, nor PostgreSQL's, runs into the other's
 * measure).
 *
 * BENCH_PHASES=text runs only the measures whose name contains it (e.g. `14 days`, to profile one
 * measure with BENCH_NODE_OPTIONS). BENCH_REPEATS=N runs each measure N times on both targets,
 * alternating which goes first (ABBA...), and reports the median of the N ratios of runs made next
 * to each other, and each one: on this machine one measure's throughput can move by half between
 * two runs a minute apart, alike for both targets.
 *
 * Run: `node --import tsx bench/booking-creation.ts` (BENCH_ROUNDS=5, BENCH_PORT=4345,
 * BENCH_REFERENCE_DIR=/path/to/old-checkout, BENCH_PROCESSES=1).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_CAPACITY_RULES, planJobs } from '../src/domain/capacity';
import { bookableDates, businessTime, DEFAULT_SLOT_RULES } from '../src/domain/slots';
import pgClient from 'pg';
import { Pool } from 'undici';
import { startAppServer, type AppServer } from './app-server';
// @ts-expect-error plain JS helper
import { waitForQuietMachine } from './quiet-machine.mjs';
import { startRuntime } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { bookings, user } from '../src/server/db/schema';
import { CAPACITY_CHANGES_CHANNEL } from '../src/server/realtime/capacity-events';
import { createLogger } from '../src/server/lib/logger';
import { loadJobsOn, loadWorkers } from '../src/server/modules/workers/capacity.repository';
import { makeWorker } from '../src/server/modules/workers/worker-defaults';
// @ts-expect-error plain JS helper
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4345);
const REFERENCE_DIR = process.env.BENCH_REFERENCE_DIR;
const WORKERS = 50;
const CLIENTS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 1);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
const REFERENCE_PROCESSES = Number(process.env.BENCH_REFERENCE_PROCESSES ?? PROCESSES);
const percentile = (values: number[], p: number) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]! : Number.NaN);
const tv = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };

const pg = process.env.BENCH_DATABASE_URL ? null : await startThrowawayPostgres();
const adminUrl: string = process.env.BENCH_DATABASE_URL ?? pg.url;
const servers: AppServer[] = [];
type Result = { status: number; ms: number };

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system, ms) this process (the bench's clients) has used since `before`. */
function cpuSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** CPU time (ms) so far of every PostgreSQL process on this machine (the throwaway server's backends; both targets share it), by pid. */
function databaseCpu(): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const ms = cpuMs(Number(pid));
      if (!Number.isNaN(ms)) used.set(Number(pid), ms); // NaN: it ended between the two reads
    } catch {
      // the process ended meanwhile
    }
  }
  return used;
}

/**
 * PostgreSQL's CPU (ms) since `before` (databaseCpu): each process still running counts what it
 * used since then, one started since counts all it used. A backend that ended meanwhile (a pool
 * closing an idle connection) is not counted: the figure may fall short, never below zero.
 */
function databaseCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of databaseCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * Waits until the machine is quiet: every server process of both targets and PostgreSQL together
 * using under a tenth of one core over 250 ms (or 60 s have passed). A target's work left over
 * after its last answer (mail, notifications, PostgreSQL's autovacuum after the cancellations)
 * would otherwise land in the next measure, whichever target that is.
 * @returns the seconds waited
 */
function settle(): Promise<number> {
  const busyMs = () => servers.reduce((sum, server) => sum + cpuMs(server.process.pid), 0) + [...databaseCpu().values()].reduce((a, b) => a + b, 0);
  return waitForQuietMachine({ share: 0.1, windowMs: 250, maxMs: 60_000, busyMs });
}

/** A fresh database on the same server, with 50 workers (every skill, business hours). */
async function seededDatabase() {
  const name = `bench_booking_${randomBytes(4).toString('hex')}`;
  const admin = new pgClient.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-bench-booking-'));
  const config = loadConfig({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const seed = await startRuntime(config, undefined, { logger: createLogger('silent') });
  for (let i = 0; i < WORKERS; i++) {
    const id = `bench-worker-${i}-${randomBytes(3).toString('hex')}`;
    await seed.deps.db.insert(user).values({ id, name: `Worker ${i}`, email: `${id}@example.com` });
    await makeWorker(seed.deps.db, id);
  }
  await seed.close();
  return { config, url: url.toString(), dataDir };
}

/**
 * Starts `processes` server processes from `cwd` on one database of their own (ports `port`,
 * `port` + 100, ...; docs/deploy.md's topology without the load balancer: client i sends to
 * process i mod `processes`) and signs up the 100 clients.
 */
async function target(label: string, cwd: string, port: number, processes: number) {
  const database = await seededDatabase();
  const apps: AppServer[] = [];
  for (let k = 0; k < processes; k++) {
    apps.push(await startAppServer({ cwd, port: port + 100 * k, env: { DATABASE_URL: database.url, DATA_DIR: database.dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000' } }));
  }
  servers.push(...apps);
  const base = apps[0]!.base;
  /** CPU time of every process of this target (ms). */
  const serverCpu = () => apps.reduce((sum, app) => sum + cpuMs(app.process.pid), 0);
  const clients: { cookie: string; card: string }[] = [];
  for (let i = 0; i < CLIENTS; i += 10) {
    clients.push(...(await Promise.all(Array.from({ length: 10 }, async (_, j) => {
      const email = `booker-${i + j}-${randomBytes(3).toString('hex')}@example.com`;
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: base }, body: JSON.stringify({ email, password: 'bench-password-1', name: email }) });
      const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const card = await fetch(`${base}/api/payments/test-mode/payment-methods`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: base }, body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }) });
      return { cookie, card: ((await card.json()) as { id: string }).id };
    }))));
  }
  const startsCache = new Map<string, string[]>();
  async function starts(date: string) {
    if (!startsCache.has(date)) startsCache.set(date, ((await (await fetch(`${base}/api/services/tv-installation/slots?date=${date}&durationMinutes=60`)).json()) as { starts: string[] }).starts);
    return startsCache.get(date)!;
  }
  // The bookings go through undici's own client, one keep-alive connection per client: the load
  // generator shares the 2 cores with the server and PostgreSQL, and `fetch` cost it ~0.4 ms of
  // CPU per request against ~0.1 (measured beside a bare node:http server), alike for both targets.
  const pools = apps.map((app) => new Pool(app.base, { connections: CLIENTS }));
  async function book(client: (typeof clients)[number], startAt: string): Promise<Result> {
    const began = performance.now();
    const k = clients.indexOf(client) % apps.length;
    const r = await pools[k]!.request({
      path: '/api/bookings',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: client.cookie, Origin: apps[k]!.base, 'Idempotency-Key': `bench-${randomBytes(8).toString('hex')}` },
      body: JSON.stringify({ options: tv, address: { street: '1 Main St', city: 'Tampa', state: 'FL', zip: '33602' }, contactPhone: '8135550123', startAt, paymentMethodId: client.card }),
    });
    await r.body.arrayBuffer();
    return { status: r.statusCode, ms: performance.now() - began };
  }
  /** Jobs the plan of each date cannot place, then every active booking cancelled for the next measure. */
  async function doubleBookingsThenClear(checked: string[]) {
    const check = await startRuntime(database.config, undefined, { logger: createLogger('silent') });
    const workers = await loadWorkers(check.deps.db);
    let double = 0;
    for (const date of checked) {
      const jobs = await loadJobsOn(check.deps.db, businessTime(date, 12 * 60));
      const plan = planJobs(workers, jobs, DEFAULT_CAPACITY_RULES);
      double += jobs.length - [...plan.values()].reduce((n, list) => n + list.length, 0);
    }
    await check.deps.db.update(bookings).set({ status: 'cancelled' }).where(inArray(bookings.status, ['pending', 'confirmed']));
    // Written past the app (no booking event): tell its processes, as any such write must, so they
    // drop the day plans they keep (capacity-caches.ts); a scope-wide notice drops every plan.
    await check.deps.db.execute(sql`select pg_notify(${CAPACITY_CHANGES_CHANNEL}, ${JSON.stringify({ scope: 'workers' })})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await check.close();
    return double;
  }
  /** Every client books `rounds` times one after the other; all clients at once. */
  async function concurrent(startFor: (client: number, round: number) => Promise<string>, rounds: number) {
    const cpuBefore = serverCpu();
    const databaseBefore = databaseCpu();
    const clientsBefore = process.cpuUsage();
    const began = performance.now();
    const results = (await Promise.all(clients.map(async (c, i) => {
      const mine: Result[] = [];
      for (let round = 0; round < rounds; round++) mine.push(await book(c, await startFor(i, round)));
      return mine;
    }))).flat();
    return { results, seconds: (performance.now() - began) / 1000, serverCpuMs: serverCpu() - cpuBefore, databaseCpuMs: databaseCpuSince(databaseBefore), clientsCpuMs: cpuSince(clientsBefore) };
  }
  async function serial(startFor: (client: number) => Promise<string>) {
    const cpuBefore = serverCpu();
    const databaseBefore = databaseCpu();
    const clientsBefore = process.cpuUsage();
    const began = performance.now();
    const results: Result[] = [];
    for (let i = 0; i < CLIENTS; i++) results.push(await book(clients[i]!, await startFor(i)));
    return { results, seconds: (performance.now() - began) / 1000, serverCpuMs: serverCpu() - cpuBefore, databaseCpuMs: databaseCpuSince(databaseBefore), clientsCpuMs: cpuSince(clientsBefore) };
  }
  /** Each process's resident memory now and its peak (MB, /proc/<pid>/status VmRSS and VmHWM). */
  const memory = () =>
    apps.map((app) => {
      const status = fs.readFileSync(`/proc/${app.process.pid}/status`, 'utf8');
      const mb = (name: string) => Math.round(Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024);
      return `RSS ${mb('VmRSS')} MB, peak ${mb('VmHWM')} MB`;
    });
  return { label, starts, concurrent, serial, doubleBookingsThenClear, memory };
}

type Run = { results: Result[]; seconds: number; serverCpuMs: number; databaseCpuMs: number; clientsCpuMs: number };

function report(target: string, name: string, run: Run, double: number) {
  const ms = run.results.map((r) => r.ms);
  const line = {
    created: run.results.filter((r) => r.status === 201).length,
    refused: run.results.filter((r) => r.status === 409).length,
    other: run.results.filter((r) => r.status !== 201 && r.status !== 409).length,
    requestsPerSecond: run.results.length / run.seconds,
    p50: Math.round(percentile(ms, 50)),
    p99: Math.round(percentile(ms, 99)),
    serverCpuMsPerRequest: run.serverCpuMs / run.results.length,
    databaseCpuMsPerRequest: run.databaseCpuMs / run.results.length,
    clientsCpuMsPerRequest: run.clientsCpuMs / run.results.length,
  };
  console.log(`[${target}] ${name}: ${run.results.length} requests, ${line.created} created, ${line.refused} refused 409, other ${line.other}; ${line.requestsPerSecond.toFixed(1)} requests/s, p50 ${line.p50} ms, p99 ${line.p99} ms; server CPU ${line.serverCpuMsPerRequest.toFixed(1)} ms/request, PostgreSQL CPU ${line.databaseCpuMsPerRequest.toFixed(1)} ms/request, the bench's clients' CPU ${line.clientsCpuMsPerRequest.toFixed(1)} ms/request; double bookings: ${double}`);
  return line;
}

try {
  const targets = [await target('this tree', process.cwd(), PORT, PROCESSES)];
  if (REFERENCE_DIR) targets.push(await target('reference', REFERENCE_DIR, PORT + 1, REFERENCE_PROCESSES));
  console.log(`server processes: this tree ${PROCESSES}${REFERENCE_DIR ? `, reference ${REFERENCE_PROCESSES}` : ''}`);
  // Tampa dates: today and the 14 bookable days after it.
  const dates = bookableDates(new Date(), DEFAULT_SLOT_RULES);
  const dateIn = (days: number) => dates[days]!;
  const lastDay = dateIn(14);
  const allDays = Array.from({ length: 14 }, (_, d) => dateIn(d + 1));
  // Every run of each measure, by measure and target.
  const measures: Record<string, Record<string, ReturnType<typeof report>[]>> = {};
  const keep = (t: string, name: string, line: ReturnType<typeof report>) => ((measures[name] ??= {})[t] ??= []).push(line);
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
  };

  /**
   * 100 bookings at once on one date, then cleared, not reported: the JIT at first, and before each
   * measure the target's database connections, which its pool closes after 10 s idle — as they are
   * while the other target's measure runs (the issue's code's take ~8 s each): without it, this tree
   * measured right after the issue's code ran at 133-145 requests/s over 14 days, right after
   * itself at 165-166, in one run.
   */
  const warmUp = async (t: (typeof targets)[number]) => {
    await t.concurrent(async (i) => (await t.starts(dateIn(7)))[i % 20]!, 1);
    await t.doubleBookingsThenClear([dateIn(7)]);
  };
  for (const t of targets) {
    for (const date of allDays) await t.starts(date);
    await warmUp(t);
  }
  const phases: [string, (t: (typeof targets)[number]) => Promise<{ run: Run; days: string[] }>][] = [
    ['one at a time', async (t) => ({ run: await t.serial(async (i) => (await t.starts(dateIn(1 + (i % 14))))[(i * 7) % 20]!), days: allDays })],
    ['100 at once, one day, first 10 starts (the earlier README shape)', async (t) => ({ run: await t.concurrent(async (i) => (await t.starts(lastDay))[i % 10]!, 1), days: [lastDay] })],
    [`100 clients x ${ROUNDS}, one day`, async (t) => ({ run: await t.concurrent(async (i, round) => { const day = await t.starts(lastDay); return day[(i + round * 7) % day.length]!; }, ROUNDS), days: [lastDay] })],
    [`100 clients x ${ROUNDS}, 14 days`, async (t) => ({ run: await t.concurrent(async (i, round) => { const day = await t.starts(dateIn(1 + ((i + round) % 14))); return day[(i * 3 + round * 7) % day.length]!; }, ROUNDS), days: allDays })],
  ];
  for (const [name, phase] of phases.filter(([name]) => name.includes(process.env.BENCH_PHASES ?? ''))) {
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      // ABBA...: neither target always goes first into whatever the machine does next.
      for (const t of repeat % 2 === 0 ? targets : [...targets].reverse()) {
        await warmUp(t);
        const waited = await settle();
        if (waited > 1) console.log(`(waited ${waited.toFixed(1)} s for the machine to be quiet)`);
        const { run, days } = await phase(t);
        keep(t.label, name, report(t.label, name, run, await t.doubleBookingsThenClear(days)));
      }
    }
  }
  const ratio = (a?: number, b?: number) => (a && b ? `${(a / b).toFixed(2)} x` : 'n/a');
  /** A target's median of one figure over the repeats of a measure. */
  const medianOf = (runs: ReturnType<typeof report>[] | undefined, figure: 'requestsPerSecond' | 'serverCpuMsPerRequest') => (runs ? median(runs.map((run) => run[figure])) : undefined);
  for (const [name, byTarget] of Object.entries(measures)) {
    const mine = byTarget['this tree'];
    const theirs = byTarget.reference;
    // Each repeat's ratio (the two targets measured next to each other), then their median.
    const pairs = mine && theirs ? mine.map((run, i) => run.requestsPerSecond / theirs[i]!.requestsPerSecond) : [];
    const spread = pairs.length > 1 ? ` (repeats ${pairs.map((r) => r.toFixed(2)).join(' / ')})` : '';
    console.log(
      `ratio this tree / reference, ${name}: ${pairs.length ? `${median(pairs).toFixed(2)} x` : 'n/a'} requests/s${spread}; medians ${medianOf(mine, 'requestsPerSecond')?.toFixed(1)} / ${medianOf(theirs, 'requestsPerSecond')?.toFixed(1) ?? 'n/a'} requests/s; server CPU per request ${ratio(medianOf(mine, 'serverCpuMsPerRequest'), medianOf(theirs, 'serverCpuMsPerRequest'))}`,
    );
  }
  for (const t of targets) console.log(`[${t.label}] server memory after the measures: ${t.memory().join('; ')}`);
  const oneDay = medianOf(measures[`100 clients x ${ROUNDS}, one day`]?.['this tree'], 'requestsPerSecond');
  const fourteen = medianOf(measures[`100 clients x ${ROUNDS}, 14 days`]?.['this tree'], 'requestsPerSecond');
  if (oneDay && fourteen) console.log(`this tree: 14 days / one day ${ratio(fourteen, oneDay)}; against the README's earlier 26 requests/s: one day ${ratio(oneDay, 26)}, 14 days ${ratio(fourteen, 26)}`);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  pg?.stop();
}
process.exit(0);
