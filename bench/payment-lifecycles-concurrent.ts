/**
 * Payment life cycles under concurrent requests (issue #9), on a PostgreSQL server: random
 * booking life cycles driven through the API by CLIENTS concurrent clients, with the races a busy
 * day brings — the same booking request sent 2-5 times at once with one Idempotency-Key; admin
 * complete vs admin no-show vs customer (and admin) cancel at once; a signed-in worker's start and
 * complete racing an admin no-show; several refunds at once with different keys, sometimes adding
 * up to more than was paid, plus retries with the same key; final amounts above the hold
 * (furniture hours, paint at cost) and far above it (which wait for approve-final); declined
 * (4000 0000 0000 0002) and approved (4242 4242 4242 4242) cards; customer cancels racing the
 * job that places the deferred holds.
 *
 * The app's clock is one pinned value, so the life cycles share time and run in phases, the clock
 * moving only between them: book everything on Saturday 21 November 2026 10:00 Tampa (jobs on
 * 21-25 November get their hold at booking, jobs on 27 November-5 December save the card);
 * cancel some within the 5-minute grace and some at midnight; then, day by day at 20:30 Tampa
 * (after the day's jobs), act on that day's jobs while runPaymentJobs places the holds due for the
 * next day's (racing customers who cancel those); at last approve the final amounts left waiting,
 * some after their hold has expired. Every decision comes from a seeded PRNG (one per life cycle,
 * so interleaving does not change what a life cycle asks for); which racer wins is up to the
 * server.
 *
 * Then, per booking: ledger paid == gateway paid (captured - refunded over the hold and the extra
 * charge); one final state, with the money that goes with it; refunds never above what was taken
 * and equal to the refunds answered 200; no 5xx; every same-key retry group answered alike with
 * at most one booking; and the reconciliation report. Prints them with the status codes per
 * action and the throughput; exits 1 unless every check is 0.
 *
 * In-process app (createTestApp, simulated gateway) on a throwaway PostgreSQL 15 server
 * (scripts/throwaway-postgres.mjs), or on the server of TEST_DATABASE_URL (a fresh database on it).
 *
 * Run: `npm run bench:payments:concurrent` (LIFECYCLES=1000, CLIENTS=20 by default).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { jobDurationMinutes, SCREEN_SIZES, TV_BRACKETS, type BookingOptions } from '../src/domain/booking-options';
import { SERVICE_SLUGS } from '../src/domain/services';
import { businessTime } from '../src/domain/slots';
import { bookings, userRoles } from '../src/server/db/schema';
import { runPaymentJobs, type PaymentJobReport } from '../src/server/modules/payments/payment-jobs';
import { reconcilePayments } from '../src/server/modules/payments/reconciliation';
import { makeWorker } from '../src/server/modules/workers/worker-defaults';
import { TEST_ADDRESS } from '../src/server/test/money-actors';
import { createTestApp, type TestApp } from '../src/server/test/test-app';
// @ts-expect-error plain JS helper
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { ApiRecorder, captureServerLog, checkBookings, runPool, seededRandom, type Answer, type Rng } from './concurrent-support';

const LIFECYCLES = Number(process.env.LIFECYCLES ?? 1000);
const CLIENTS = Number(process.env.CLIENTS ?? 20);
const SEED = 20261121;
const MINUTE = 60_000;
const CARDS = { approved: '4242424242424242', declined: '4000000000000002' } as const;

// Saturday 21 November 2026, 10:00 in Tampa (EST, UTC-5).
const NOW = new Date('2026-11-21T15:00:00Z');
/** Jobs within 5 days: the hold is placed at booking. Today's first offered start is 12:00 (2 h lead). */
const NEAR_DAYS = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25'];
/** Jobs more than 5 days out (up to the 14 days offered): the card is saved, the hold placed the day before. */
const FAR_DAYS = ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'];
/** Every date from today to the last one offered, 26 November (no jobs) included for the holds of the 27th. */
const ALL_DAYS = Array.from({ length: 15 }, (_, k) => new Date(Date.UTC(2026, 10, 21 + k)).toISOString().slice(0, 10));
/** A day's phase: 20:30 Tampa, after its last job (jobs end by 20:00), when the next day's holds are due. */
const dayPhaseAt = (day: string) => businessTime(day, 20 * 60 + 30);
const GRACE_AT = new Date(NOW.getTime() + 2 * MINUTE); // within the 5-minute grace window
const NOTICE_AT = businessTime('2026-11-22', 0); // Sunday 00:00 Tampa: 8-20 h before Sunday's jobs, more before later ones
const LATE_AT = businessTime('2026-12-06', 9 * 60); // Sunday 6 December 9:00 Tampa: the holds of late November have expired
const dayBefore = (day: string) => ALL_DAYS[ALL_DAYS.indexOf(day) - 1]!;
/** Bookings per day stay below the number of workers, so every offered start has a free worker. */
const PER_DAY = Math.ceil((LIFECYCLES / (NEAR_DAYS.length + FAR_DAYS.length)) * 1.2);
const WORKERS = PER_DAY + 4;
const CUSTOMERS = 50;

type Scenario = 'race' | 'worker' | 'refunds' | 'approval' | 'early-cancel' | 'hold-race' | 'idle';
type Actuals = { actualHours?: number; paintCostCents?: number };
interface Caller {
  cookie: string;
  userId: string;
}

interface Lifecycle {
  i: number;
  rng: Rng;
  customer: number;
  card: keyof typeof CARDS;
  options: BookingOptions;
  near: boolean;
  day: string;
  startAt: string;
  /** How many copies of the booking request go out at once with its one key. */
  copies: number;
  scenario: Scenario;
  /** Early cancels: which phase. */
  cancelWhen: 'grace' | 'notice';
  /** The worker dispatch assigns (one job per worker and day), or null when none is assigned. */
  worker: number | null;
  bookingId: string | null;
}

// ---------------------------------------------------------------------------------------------
// The plans, drawn up front from the seed.

function drawLifecycles(): Lifecycle[] {
  const r = seededRandom(SEED);
  const perDay = new Map<string, number>();
  const assignedPerDay = new Map<string, number>();
  const list: Lifecycle[] = [];
  for (let i = 0; i < LIFECYCLES; i++) {
    const card = r.chance(0.15) ? 'declined' : 'approved';
    const roll = r.random();
    let scenario: Scenario = roll < 0.24 ? 'race' : roll < 0.44 ? 'worker' : roll < 0.64 ? 'refunds' : roll < 0.76 ? 'approval' : roll < 0.88 ? 'early-cancel' : roll < 0.94 ? 'hold-race' : 'idle';
    let options: BookingOptions;
    if (scenario === 'approval') {
      // Far above the hold needs more hours than estimated, or paint bought at cost.
      options = r.chance(0.6) ? { service: 'furniture-assembly', productName: 'Wardrobe', estimatedHours: r.int(1, 3) } : { service: 'painting', rooms: r.int(1, 2), paintSupplier: 'company' };
    } else {
      const service = r.pick(SERVICE_SLUGS);
      options =
        service === 'tv-installation'
          ? { service, screenSize: r.pick(SCREEN_SIZES), bracket: r.pick(TV_BRACKETS), wallRiskAccepted: true, limitationsAcknowledged: true }
          : service === 'furniture-assembly'
            ? { service, productName: 'Bed', estimatedHours: r.int(1, 3) }
            : { service, rooms: r.int(1, 2), paintSupplier: r.pick(['customer', 'company'] as const) };
    }
    let near = scenario === 'hold-race' ? false : r.chance(0.5);
    const open = (days: string[]) => days.filter((d) => (perDay.get(d) ?? 0) < PER_DAY);
    let days = open(near ? NEAR_DAYS : FAR_DAYS);
    if (days.length === 0) {
      near = !near;
      days = open(near ? NEAR_DAYS : FAR_DAYS);
      if (scenario === 'hold-race') scenario = 'race';
    }
    const day = r.pick(days);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    const duration = jobDurationMinutes(options);
    const first = day === NEAR_DAYS[0] ? 12 * 60 : 8 * 60;
    const startMinute = first + 30 * r.int(0, (20 * 60 - duration - first) / 30);
    const needsWorker = scenario === 'worker' || ((scenario === 'race' || scenario === 'approval') && r.chance(0.5));
    let worker: number | null = null;
    if (needsWorker) {
      worker = assignedPerDay.get(day) ?? 0;
      assignedPerDay.set(day, worker + 1);
    }
    list.push({
      i,
      rng: seededRandom(SEED + 7919 * (i + 1)),
      customer: i % CUSTOMERS,
      card,
      options,
      near,
      day,
      startAt: businessTime(day, startMinute).toISOString(),
      copies: r.chance(0.3) ? r.int(2, 5) : 1,
      scenario,
      cancelWhen: r.chance(0.4) ? 'grace' : 'notice',
      worker,
      bookingId: null,
    });
  }
  return list;
}

/** Actuals for completing the job: as booked, above the hold (within the approval limit), or far above it. */
function actualsFor(lc: Lifecycle, level: 'booked' | 'over' | 'far'): Actuals {
  const { rng: r, options: o } = lc;
  if (o.service === 'furniture-assembly') {
    // The approval limit is $150 above the booked total: 4 more hours at $35 + tax is $150.50.
    if (level === 'far') return { actualHours: o.estimatedHours + 4 };
    if (level === 'over') return { actualHours: r.int(2, (o.estimatedHours + 3) * 2) / 2 };
    return r.chance(0.5) ? { actualHours: o.estimatedHours } : {};
  }
  if (o.service === 'painting' && o.paintSupplier === 'company') {
    if (level === 'far') return { paintCostCents: r.int(14_500, o.rooms * 50_000) };
    if (level === 'over') return { paintCostCents: r.int(0, 13_000) };
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// The run.

const pg = process.env.TEST_DATABASE_URL ? null : await startThrowawayPostgres();
if (!process.env.TEST_DATABASE_URL && !pg) {
  console.error('No PostgreSQL binaries found (/usr/lib/postgresql/<version>/bin or PG_BIN); set TEST_DATABASE_URL to use a server.');
  process.exit(2);
}
if (pg) process.env.TEST_DATABASE_URL = pg.url;
const stopServer = () => {
  try {
    pg?.stop();
  } catch (error) {
    console.error('could not stop the throwaway PostgreSQL server:', error);
  }
};
process.once('SIGINT', () => {
  stopServer();
  process.exit(130);
});

let app: TestApp | null = null;
let exitCode = 1;
const runStarted = performance.now();
try {
  app = await createTestApp({ now: NOW });
  exitCode = await run(app);
} catch (error) {
  console.error(error);
} finally {
  await app?.close().catch((error: unknown) => console.error('close:', error));
  stopServer();
}
console.log(`runtime: ${((performance.now() - runStarted) / 1000).toFixed(1)} s in all (server start, setup, phases, checks)`);
process.exit(exitCode);

async function run(t: TestApp): Promise<number> {
  const serverLog = captureServerLog(t);
  const { rows } = (await t.deps.db.execute(sql`select version()`)) as unknown as { rows: { version: string }[] };
  const version = rows[0]!.version;
  const api = new ApiRecorder(t);
  const lifecycles = drawLifecycles();
  const acceptedRefunds = new Map<string, number>();
  const taskErrors: string[] = [];
  const phaseLines: string[] = [];
  let phaseSeconds = 0;

  // People: customers, an admin, workers who sign in (all three skills, business hours every day).
  const setupStarted = performance.now();
  const signUps = async (n: number, prefix: string) => {
    const callers: Caller[] = new Array(n);
    await runPool(Array.from({ length: n }, (_, k) => async () => void (callers[k] = await t.signUp(`${prefix}-${k}@example.com`))), 10, (error) => {
      throw error;
    });
    return callers;
  };
  const customers = await signUps(CUSTOMERS, 'bench-customer');
  const [admin] = await signUps(1, 'bench-admin');
  await t.deps.db.insert(userRoles).values({ userId: admin!.userId, role: 'admin' });
  const workers = await signUps(WORKERS, 'bench-worker');
  for (const w of workers) await makeWorker(t.deps.db, w.userId, { skills: SERVICE_SLUGS });
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  // --- Request helpers -----------------------------------------------------------------------
  const key = (lc: Lifecycle, what: string) => `bench-lc${lc.i}-${what}`;
  const adminCall = (action: string, lc: Lifecycle, verb: string, json: unknown = {}, idempotencyKey?: string) =>
    api.call(action, `/api/admin/bookings/${lc.bookingId}/${verb}`, { cookie: admin!.cookie, json, key: idempotencyKey });
  const customerCancel = (lc: Lifecycle, idempotencyKey?: string) => api.call('customer cancel', `/api/bookings/${lc.bookingId}/cancel`, { cookie: customers[lc.customer]!.cookie, key: idempotencyKey });
  const workerCall = (action: string, lc: Lifecycle, verb: string, json: unknown = {}, idempotencyKey?: string) =>
    api.call(action, `/api/worker/jobs/${lc.bookingId}/${verb}`, { cookie: workers[lc.worker!]!.cookie, json, key: idempotencyKey });
  const assign = (lc: Lifecycle) => adminCall('assign', lc, 'assign', { workerId: workers[lc.worker!]!.userId });
  /** Assign, accept, on my way: the worker is en route. */
  async function dispatch(lc: Lifecycle): Promise<boolean> {
    if ((await assign(lc)).status !== 200) return false;
    if ((await workerCall('accept', lc, 'accept')).status !== 200) return false;
    return (await workerCall('on-my-way', lc, 'on-my-way', { etaMinutes: lc.rng.int(5, 90) })).status === 200;
  }
  const race = (lc: Lifecycle, racers: Array<() => Promise<unknown>>) => Promise.all(lc.rng.shuffle(racers).map((send) => send()));

  // --- Scenarios -------------------------------------------------------------------------------
  async function book(lc: Lifecycle) {
    const customer = customers[lc.customer]!;
    const card = await api.call('card', '/api/payments/test-mode/payment-methods', { cookie: customer.cookie, json: { number: CARDS[lc.card], expMonth: 12, expYear: 2030, cvc: '123' } });
    if (card.status !== 201) throw new Error(`card for life cycle ${lc.i}: ${card.status} ${card.text}`);
    const body = { options: lc.options, address: TEST_ADDRESS, contactPhone: '8135550123', startAt: lc.startAt, paymentMethodId: card.body.id };
    const bookingKey = key(lc, 'booking');
    const group = await api.retried({ kind: 'booking', label: `life cycle ${lc.i} booking`, customerId: customer.userId, key: bookingKey }, lc.copies, () =>
      api.call('book', '/api/bookings', { cookie: customer.cookie, json: body, key: bookingKey }),
    );
    lc.bookingId = group.answers.find((a) => a.status === 201 || a.status === 200)?.body.id ?? null;
    // Now and then the client retries once more after the answers came back: a replay too.
    if (lc.copies > 1 && lc.rng.chance(0.3)) await api.retryLater(group, () => api.call('book', '/api/bookings', { cookie: customer.cookie, json: body, key: bookingKey }));
  }

  /** 2-5 refunds at once with different keys, some retried with their key at once or later; sometimes more than was paid in all. */
  async function refunds(lc: Lifecycle) {
    const r = lc.rng;
    const view = await api.call('view', `/api/bookings/${lc.bookingId}`, { cookie: customers[lc.customer]!.cookie, method: 'GET' });
    const paid: number = view.body?.money?.paidCents ?? 0;
    if (paid <= 0) return;
    const n = r.int(2, 5);
    const overshoot = r.chance(0.4);
    const share = Math.ceil(paid / n);
    const amounts = Array.from({ length: n }, () => (overshoot ? r.int(share, Math.max(share, Math.floor(paid * 0.8))) : r.int(1, Math.max(1, Math.floor(paid / (n + 1))))));
    const copies = amounts.map(() => (r.chance(0.35) ? r.int(2, 3) : 1));
    const send = (k: number) => () => api.call('refund', `/api/admin/bookings/${lc.bookingId}/refund`, { cookie: admin!.cookie, json: { amountCents: amounts[k], reason: 'bench refund' }, key: key(lc, `refund-${k}`) });
    const groups = await Promise.all(amounts.map((_, k) => api.retried({ kind: 'refund', label: `life cycle ${lc.i} refund ${k} (${amounts[k]} of ${paid})` }, copies[k]!, send(k))));
    if (r.chance(0.3)) {
      const k = r.int(0, n - 1);
      await api.retryLater(groups[k]!, send(k));
    }
    groups.forEach((group, k) => {
      if (group.answers.some((a) => a.status === 200)) acceptedRefunds.set(lc.bookingId!, (acceptedRefunds.get(lc.bookingId!) ?? 0) + amounts[k]!);
    });
  }

  /** Admin complete vs admin no-show vs customer cancel (vs admin cancel), on a pending, confirmed or en-route booking. */
  async function raceToTheEnd(lc: Lifecycle) {
    const r = lc.rng;
    if (lc.worker !== null) {
      if (r.chance(0.5)) await dispatch(lc);
      else await assign(lc);
    }
    const actuals = actualsFor(lc, r.pick(['booked', 'over'] as const));
    const completes = r.int(1, 2);
    let noShows = r.int(0, 2);
    const cancels = r.int(0, 2);
    const adminCancel = r.chance(0.3);
    if (noShows + cancels === 0 && !adminCancel) noShows = 1;
    const cancelKey = r.chance(0.5) ? key(lc, 'cancel') : undefined;
    const waiveFee = r.chance(0.5);
    await race(lc, [
      ...Array.from({ length: completes }, (_, k) => () => adminCall('complete', lc, 'complete', actuals, key(lc, `complete-${k}`))),
      ...Array.from({ length: noShows }, (_, k) => () => adminCall('no-show', lc, 'no-show', {}, key(lc, `no-show-${k}`))),
      ...Array.from({ length: cancels }, () => () => customerCancel(lc, cancelKey)),
      ...(adminCancel ? [() => adminCall('admin cancel', lc, 'cancel', { waiveFee, reason: 'bench race' }, key(lc, 'admin-cancel'))] : []),
    ]);
    if (r.chance(0.3)) await refunds(lc);
  }

  /** The signed-in worker's start and complete racing an admin no-show. */
  async function workerVsNoShow(lc: Lifecycle) {
    const r = lc.rng;
    if (!(await dispatch(lc))) return;
    const startFirst = r.chance(0.5);
    const actuals = actualsFor(lc, r.pick(['booked', 'over'] as const));
    const completeCopies = r.int(1, 2);
    const noShows = r.int(1, 2);
    if (startFirst) await workerCall('start', lc, 'start');
    const workerSide = async () => {
      if (!startFirst && (await workerCall('start', lc, 'start')).status !== 200) return;
      // The worker's app may send complete twice with one key (a double tap): not compared, as a busy booking frees the key.
      await Promise.all(Array.from({ length: completeCopies }, () => workerCall('worker complete', lc, 'complete', actuals, key(lc, 'worker-complete'))));
    };
    await race(lc, [workerSide, ...Array.from({ length: noShows }, (_, k) => () => adminCall('no-show', lc, 'no-show', {}, key(lc, `no-show-${k}`)))]);
    if (r.chance(0.3)) await refunds(lc);
  }

  /** Completed at the booked amount or above the hold, then refunds at once. */
  async function completeThenRefund(lc: Lifecycle) {
    const done = await adminCall('complete', lc, 'complete', actualsFor(lc, lc.rng.pick(['booked', 'over'] as const)), key(lc, 'complete'));
    if (done.status === 200) await refunds(lc);
  }

  /** A final amount far above the hold waits for approval; approved (retried), raced by a cancel and a re-complete, or left for later. */
  async function farAboveHold(lc: Lifecycle, laterTasks: Array<() => Promise<void>>) {
    const r = lc.rng;
    const actuals = actualsFor(lc, 'far');
    let asked: Answer;
    if (lc.worker !== null) {
      if (!(await dispatch(lc))) return;
      if ((await workerCall('start', lc, 'start')).status !== 200) return;
      asked = await workerCall('worker complete', lc, 'complete', actuals, key(lc, 'worker-complete'));
    } else {
      asked = await adminCall('complete', lc, 'complete', actuals, key(lc, 'complete'));
    }
    if (asked.status !== 200) return;
    const choice = r.pick(['approve', 'approve', 'race', 'later', 'never'] as const);
    if (choice === 'never') return;
    if (choice === 'later') {
      // Approved on 6 December: a hold placed before 29 November has expired by then (charged off-session).
      laterTasks.push(() => approve(lc));
      return;
    }
    if (choice === 'approve') return approve(lc);
    const cancelKey = key(lc, 'cancel');
    await race(lc, [
      () => adminCall('approve-final', lc, 'approve-final', {}, key(lc, 'approve')),
      () => customerCancel(lc, cancelKey),
      () => adminCall('complete', lc, 'complete', actualsFor(lc, 'over'), key(lc, 'recomplete')),
    ]);
  }

  async function approve(lc: Lifecycle) {
    const copies = lc.rng.int(1, 3);
    const approveKey = key(lc, 'approve');
    const group = await api.retried({ kind: 'approve-final', label: `life cycle ${lc.i} approve-final` }, copies, () => adminCall('approve-final', lc, 'approve-final', {}, approveKey));
    if (group.answers.some((a) => a.status === 200) && lc.rng.chance(0.3)) await refunds(lc);
  }

  /** Cancelled before the job: the customer (maybe twice with one key) vs an admin cancel vs a no-show. */
  async function earlyCancel(lc: Lifecycle) {
    const r = lc.rng;
    const cancels = r.int(1, 2);
    const cancelKey = r.chance(0.6) ? key(lc, 'cancel') : undefined;
    const adminCancel = r.chance(0.5);
    const waiveFee = r.chance(0.5);
    const noShow = r.chance(0.25);
    await race(lc, [
      ...Array.from({ length: cancels }, () => () => customerCancel(lc, cancelKey)),
      ...(adminCancel ? [() => adminCall('admin cancel', lc, 'cancel', { waiveFee, reason: 'bench early cancel' }, key(lc, 'admin-cancel'))] : []),
      ...(noShow ? [() => adminCall('no-show', lc, 'no-show', {}, key(lc, 'no-show'))] : []),
    ]);
    if (r.chance(0.3)) await refunds(lc);
  }

  /** A customer cancels while the payment job places the deferred holds. */
  async function cancelDuringHolds(lc: Lifecycle) {
    const r = lc.rng;
    await new Promise((resolve) => setTimeout(resolve, r.int(0, 1500)));
    const cancelKey = key(lc, 'cancel');
    await race(lc, Array.from({ length: r.int(1, 2) }, () => () => customerCancel(lc, cancelKey)));
  }

  // --- Phases ----------------------------------------------------------------------------------
  const jobTotals: Record<string, number> = {};
  const jobs = async () => {
    const report: PaymentJobReport = await runPaymentJobs(t.deps);
    for (const [k, v] of Object.entries(report)) jobTotals[k] = (jobTotals[k] ?? 0) + v;
  };
  /** Runs the tasks at `at` with CLIENTS concurrent clients, and the payment jobs alongside when asked. */
  async function phase(name: string, at: Date, tasks: Array<() => Promise<void>>, withJobs = false) {
    t.setNow(at);
    const before = api.requests;
    const started = performance.now();
    await Promise.all([
      runPool(tasks, CLIENTS, (error, index) => taskErrors.push(`${name} task ${index}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)),
      withJobs ? jobs() : undefined,
    ]);
    const seconds = (performance.now() - started) / 1000;
    phaseSeconds += seconds;
    const sent = api.requests - before;
    phaseLines.push(`  ${name.padEnd(10)} ${at.toISOString().slice(0, 16)}Z ${String(tasks.length).padStart(4)} life cycles ${String(sent).padStart(5)} requests ${seconds.toFixed(1).padStart(5)} s`);
  }
  const booked = (when: (lc: Lifecycle) => boolean) => lifecycles.filter((lc) => lc.bookingId !== null && when(lc));
  const late: Array<() => Promise<void>> = [];
  const act = (lc: Lifecycle) => () => {
    switch (lc.scenario) {
      case 'race':
        return raceToTheEnd(lc);
      case 'worker':
        return workerVsNoShow(lc);
      case 'refunds':
        return completeThenRefund(lc);
      case 'approval':
        return farAboveHold(lc, late);
      case 'hold-race':
        return cancelDuringHolds(lc);
      case 'early-cancel':
        return earlyCancel(lc);
      case 'idle':
        return Promise.resolve();
    }
  };

  await phase('book', NOW, lifecycles.map((lc) => () => book(lc)));
  await phase('grace', GRACE_AT, booked((lc) => lc.scenario === 'early-cancel' && lc.cancelWhen === 'grace').map(act));
  for (const day of ALL_DAYS) {
    // Sunday 00:00 comes between Saturday's phase and Sunday's.
    if (day === '2026-11-22') {
      await phase('notice', NOTICE_AT, booked((lc) => lc.scenario === 'early-cancel' && lc.cancelWhen === 'notice').map(act));
    }
    const today = booked((lc) => (lc.scenario === 'hold-race' ? dayBefore(lc.day) === day : lc.day === day && ['race', 'worker', 'refunds', 'approval'].includes(lc.scenario)));
    await phase(day, dayPhaseAt(day), today.map(act), true);
  }
  await phase('late', LATE_AT, late, true);

  // --- Checks ----------------------------------------------------------------------------------
  const checked = await checkBookings(t, acceptedRefunds);
  const groupProblems: string[] = [];
  for (const group of api.retryGroups) {
    const first = group.answers[0]!;
    const differs = group.answers.filter((a) => a.status !== first.status || a.text !== first.text);
    if (differs.length) groupProblems.push(`${group.label}: ${group.answers.length} answers differ: ${group.answers.map((a) => `${a.status}${a.replayed ? '(replayed)' : ''} ${a.body?.code ?? a.body?.id ?? ''}`).join(', ')}`);
    if (group.kind === 'booking') {
      const [row] = await t.deps.db.select({ n: count() }).from(bookings).where(and(eq(bookings.customerId, group.customerId!), eq(bookings.idempotencyKey, group.key!)));
      const expected = group.answers.some((a) => a.status === 201 || a.status === 200) ? 1 : 0;
      if (row!.n !== expected) groupProblems.push(`${group.label}: ${row!.n} bookings for key ${group.key} (expected ${expected})`);
    }
  }
  const reconciliation = await reconcilePayments(t.deps, new Date('2026-01-01T00:00:00Z'));

  // --- Summary ---------------------------------------------------------------------------------
  const groupsOf = (kind: string) => api.retryGroups.filter((g) => g.kind === kind);
  const bookingGroups = groupsOf('booking');
  const checks: Array<[string, string[]]> = [
    ['ledger vs gateway mismatches', checked.ledgerGatewayMismatches],
    ['bookings in two final states or with money inconsistent with their final state', checked.finalStateProblems],
    ['refunds above capture (ledger or gateway)', checked.refundsAboveCapture],
    ['refunds recorded != refunds answered 200', checked.refundsNotAsAnswered],
    ['responses with status 5xx', api.serverErrors],
    [`duplicate-retry groups with more than one booking or different answers (of ${api.retryGroups.length})`, groupProblems],
    ['bench task errors', taskErrors],
  ];
  const failed = checks.some(([, problems]) => problems.length > 0) || reconciliation.mismatches > 0;

  console.log(`concurrent payment life cycles: ${LIFECYCLES} life cycles, ${CLIENTS} clients, seed ${SEED}, ${CUSTOMERS} customers, ${WORKERS} workers; in-process app on ${version.split(' on ')[0]} (${pg ? 'throwaway server' : 'TEST_DATABASE_URL'})`);
  console.log(`setup (sign-ups, workers): ${setupSeconds.toFixed(1)} s`);
  console.log('phases (name, clock, life cycles acting, requests, seconds):');
  for (const line of phaseLines) console.log(line);
  console.log(`payment jobs (run in every day phase and the late one): ${Object.entries(jobTotals).map(([k, v]) => `${k}=${v}`).join(', ')}`);
  console.log(`requests sent: ${api.requests} in ${phaseSeconds.toFixed(1)} s of phases (${(api.requests / phaseSeconds).toFixed(0)} requests/s)`);
  console.log('status codes per action:');
  for (const line of api.tallyLines()) console.log(line);
  const scenarios = lifecycles.reduce<Record<string, number>>((acc, lc) => ({ ...acc, [lc.card === 'declined' ? 'declined card' : lc.scenario]: (acc[lc.card === 'declined' ? 'declined card' : lc.scenario] ?? 0) + 1 }), {});
  console.log(`life cycles: ${Object.entries(scenarios).sort().map(([k, v]) => `${k}=${v}`).join(', ')}`);
  console.log(`bookings: ${checked.bookings} (${Object.entries(checked.statuses).sort().map(([k, v]) => `${k}=${v}`).join(', ')})`);
  console.log(`retry groups: ${bookingGroups.length} booking (${bookingGroups.reduce((n, g) => n + g.answers.length, 0)} requests), ${groupsOf('refund').length} refund, ${groupsOf('approve-final').length} approve-final`);
  console.log(`reconciliation: checked ${reconciliation.checked} gateway payments, ${reconciliation.mismatches} findings, ${reconciliation.orphansVoided} orphan holds voided`);
  console.log(`409 answers to state moves without details.status: ${api.conflictsWithoutState.length}`);
  for (const line of api.conflictsWithoutState.slice(0, 5)) console.log(`  ${line}`);
  console.log(`server error/warning log lines: ${[...serverLog.values()].reduce((n, l) => n + l.count, 0)}`);
  for (const [message, { count: n, sample }] of serverLog) console.log(`  ${n} x ${message}${sample ? ` (e.g. ${sample})` : ''}`);
  console.log('checks (each must be 0):');
  for (const [label, problems] of checks) {
    console.log(`  ${label}: ${problems.length}`);
    for (const problem of problems.slice(0, 10)) console.log(`    ${problem}`);
    if (problems.length > 10) console.log(`    ... and ${problems.length - 10} more`);
  }
  console.log(`  reconciliation findings: ${reconciliation.mismatches}`);
  return failed ? 1 : 0;
}
