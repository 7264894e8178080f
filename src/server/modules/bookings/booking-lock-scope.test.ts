/**
 * The capacity lock's scope under concurrency (issue #16, docs/decisions/031-booking-lock-scope.md):
 * bookings, reschedules and assignments lock only the services linked to theirs that day
 * (src/server/modules/workers/capacity-lock.ts), and races still leave no double booking.
 *
 * "Double bookings" here are the day's active jobs that no assignment at all can serve (an exact
 * search over the workers' skills, shifts, time off and travel buffer, assigned jobs kept on their
 * worker), so the count does not depend on the greedy plan. Each scenario has its own Tampa
 * weekday and its own workers, on duty only on that weekday; the starts used (8:00, 9:30 and
 * 11:00, one-hour jobs, 30-minute buffer) never clash with each other, so a worker on 8:00-12:00
 * has three places a day. Where skills differ, each start has one service or one worker, so the
 * greedy plan (src/domain/capacity.ts) is exact there and any overbooking is the lock's. These tests fail when the lock is too narrow: one lock per service lets the
 * overlapping-skills and merging-workers races overbook; no lock lets every race overbook.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignableWorkers, type CapacityRules, type ScheduledJob, type WorkerCapacity } from '../../../domain/capacity';
import type { ServiceSlug } from '../../../domain/services';
import { bookings, userRoles, workerAvailability, workerTimeOff } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { getBusinessSettings } from '../settings/settings.service';
import { loadJobsOn, loadWorkers } from '../workers/capacity.repository';
import { makeWorker } from '../workers/worker-defaults';

// Saturday 2026-11-21 10:00 Tampa (UTC-5 until March).
const NOW = new Date('2026-11-21T15:00:00Z');
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
const tv = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };
const furniture = { service: 'furniture-assembly', productName: 'Bookcase', estimatedHours: 1 };
const painting = { service: 'painting', rooms: 1, paintSupplier: 'company', colorCode: 'SW 7005' };
const ALL: ServiceSlug[] = ['tv-installation', 'furniture-assembly', 'painting'];
/** 8:00, 9:30 and 11:00 Tampa on a November date, as UTC instants. */
const startsOn = (date: string) => [`${date}T13:00:00.000Z`, `${date}T14:30:00.000Z`, `${date}T16:00:00.000Z`] as const;

/** Jobs no assignment can serve: the day's jobs minus the most that workers can take at once. */
function unservable(workers: readonly WorkerCapacity[], jobs: readonly ScheduledJob[], rules: CapacityRules): number {
  const sorted = [...jobs].sort((a, b) => a.start.getTime() - b.start.getTime());
  // Jobs apart by more than the buffer never compete: search each run of close jobs on its own.
  const runs: ScheduledJob[][] = [];
  let runEnd = -Infinity;
  for (const job of sorted) {
    if (job.start.getTime() >= runEnd + rules.bufferMinutes * 60_000) runs.push([]);
    runs.at(-1)!.push(job);
    runEnd = Math.max(runEnd, job.end.getTime());
  }
  return runs.reduce((sum, run) => sum + leastMissed(workers, run, rules), 0);
}

function leastMissed(workers: readonly WorkerCapacity[], run: readonly ScheduledJob[], rules: CapacityRules): number {
  let best = Infinity;
  const placed: ScheduledJob[] = [];
  const search = (i: number, missed: number) => {
    if (missed >= best) return;
    if (i === run.length) {
      best = missed;
      return;
    }
    const job = run[i]!;
    const takers = assignableWorkers({ job: { ...job, workerId: null }, workers, jobs: placed, rules }).filter((id) => !job.workerId || id === job.workerId);
    for (const workerId of takers) {
      placed.push({ ...job, workerId });
      search(i + 1, missed);
      placed.pop();
      if (best === 0) return;
    }
    search(i + 1, missed + 1);
  };
  search(0, 0);
  return best;
}

describe(`the capacity lock's scope under concurrency (${databaseKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  const customers: { cookie: string; card: string }[] = [];
  let n = 0;

  /** A worker on duty only on `weekday`, by default 8:00-12:00 Tampa (three one-hour jobs with the buffer). */
  async function worker(skills: ServiceSlug[], weekday: number, options: { signIn?: boolean; shift?: [number, number] } = {}) {
    const account = options.signIn ? await t.signUp(`lock-worker-${++n}@example.com`) : { userId: (await t.addWorkers(1, { skills }))[0]!, cookie: '' };
    if (options.signIn) await makeWorker(t.deps.db, account.userId, { skills });
    const [startMinute, endMinute] = options.shift ?? [480, 720];
    await t.deps.db.delete(workerAvailability).where(eq(workerAvailability.userId, account.userId));
    await t.deps.db.insert(workerAvailability).values({ userId: account.userId, weekday, startMinute, endMinute });
    return account;
  }
  const book = (i: number, options: object, startAt: string) =>
    t.request('/api/bookings', {
      method: 'POST',
      cookie: customers[i % customers.length]!.cookie,
      headers: { 'Idempotency-Key': `lock-scope-${++n}` },
      json: { options, address, contactPhone: '8135550123', startAt, paymentMethodId: customers[i % customers.length]!.card },
    });
  async function doubleBookings(date: string) {
    const rules = (await getBusinessSettings(t.deps.db)).slotRules;
    const jobs = await loadJobsOn(t.deps.db, new Date(`${date}T17:00:00Z`));
    return { jobs: jobs.length, double: unservable(await loadWorkers(t.deps.db), jobs, rules) };
  }
  /** Every answer is a success or a clean 409; returns the successes. */
  async function outcome(responses: Response[], success = 201) {
    for (const r of responses) if (r.status !== success && r.status !== 409) expect.fail(`answered ${r.status}: ${await r.text()}`);
    return responses.filter((r) => r.status === success).length;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await t.signUp('lock-scope-admin@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    // Separate customers: one customer's bookings queue on their profile row, which would hide a race.
    for (let i = 0; i < 26; i++) {
      const c = await t.signUp(`lock-scope-customer-${i}@example.com`);
      const r = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie: c.cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
      customers.push({ cookie: c.cookie, card: ((await r.json()) as { id: string }).id });
    }
  }, 120_000);
  afterAll(() => t?.close());

  it('never overbooks a worker shared by TV and furniture, while painting keeps its own worker', async () => {
    const date = '2026-11-23'; // Monday
    await worker(['tv-installation', 'furniture-assembly'], 1);
    await worker(['painting'], 1);
    const starts = startsOn(date);
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => book(i, tv, starts[i % 3])),
      ...Array.from({ length: 10 }, (_, i) => book(10 + i, furniture, starts[i % 3])),
      ...Array.from({ length: 4 }, (_, i) => book(20 + i, painting, starts[0])),
    ]);
    expect(await outcome(responses.slice(0, 20))).toBe(3); // one worker, three places
    expect(await outcome(responses.slice(20))).toBe(1); // one painter, one four-hour room
    expect(await doubleBookings(date)).toEqual({ jobs: 4, double: 0 });
  }, 120_000);

  // A worker change that links TV and furniture through a third worker while the bookings race: the
  // bookings that read the changed worker must lock both services (reads of the old state lock one
  // each, and then only the specialists can take their jobs). The specialists cover one start each,
  // so at 11:00 the joining worker is the only one: TV and furniture race for that one place.
  it.each([
    { change: 'skills added', date: '2026-11-24', weekday: 2 },
    { change: 'time off removed', date: '2026-11-25', weekday: 3 },
    { change: 'a day of availability added', date: '2026-11-26', weekday: 4 },
  ])('never overbooks when $change links two services mid-race', async ({ change, date, weekday }) => {
    await worker(['tv-installation'], weekday, { shift: [480, 540] }); // 8:00-9:00
    await worker(['furniture-assembly'], weekday, { shift: [570, 630] }); // 9:30-10:30
    const joining = await worker(change === 'skills added' ? ['painting'] : ALL, weekday, { signIn: true });
    if (change === 'time off removed') await t.deps.db.insert(workerTimeOff).values({ userId: joining.userId, startsOn: date, endsOn: date });
    if (change === 'a day of availability added') await t.deps.db.delete(workerAvailability).where(eq(workerAvailability.userId, joining.userId));
    const [eight, nineThirty, eleven] = startsOn(date);
    const apply =
      change === 'skills added'
        ? t.request('/api/worker/settings', { method: 'PATCH', cookie: joining.cookie, json: { skills: ALL } })
        : t.request('/api/worker/availability', { method: 'PUT', cookie: joining.cookie, json: { weekly: [{ weekday, startMinute: 480, endMinute: 720 }], timeOff: [] } });
    // The first wave races the change; the second starts when it is answered, while the first may still run.
    const secondWave = apply.then(async (changed) => {
      expect(changed.status).toBe(200);
      return Promise.all([...Array.from({ length: 8 }, (_, i) => book(8 + i, tv, eleven)), ...Array.from({ length: 8 }, (_, i) => book(16 + i, furniture, eleven))]);
    });
    const firstWave = Promise.all([
      ...Array.from({ length: 4 }, (_, i) => book(i, tv, eight)),
      ...Array.from({ length: 4 }, (_, i) => book(4 + i, furniture, nineThirty)),
      book(24, tv, eleven),
      book(25, furniture, eleven),
    ]);
    const responses = (await Promise.all([firstWave, secondWave])).flat();
    const created = await outcome(responses);
    expect(created).toBeGreaterThanOrEqual(2); // the specialists' places
    expect(created).toBeLessThanOrEqual(5); // two at 8:00, two at 9:30, one at 11:00
    expect((await doubleBookings(date)).double).toBe(0);
  }, 120_000);

  it('lets exactly one of many reschedules and new bookings into the last slot', async () => {
    const date = '2026-11-27'; // Friday: one worker, 8:00 and 9:30 taken, 11:00 left
    const from = '2026-11-28'; // Saturday: the jobs to move
    await worker(['tv-installation'], 5);
    for (let i = 0; i < 3; i++) await worker(['tv-installation'], 6);
    const [eight, nineThirty, eleven] = startsOn(date);
    expect((await book(0, tv, eight)).status).toBe(201);
    expect((await book(1, tv, nineThirty)).status).toBe(201);
    const moving: string[] = [];
    for (let i = 0; i < 9; i++) {
      const r = await book(2 + i, tv, startsOn(from)[i % 3]);
      expect(r.status, await r.clone().text()).toBe(201);
      moving.push(((await r.json()) as { id: string }).id);
    }
    const responses = await Promise.all([
      ...moving.map((id) => t.request(`/api/admin/bookings/${id}/reschedule`, { method: 'POST', cookie: admin.cookie, headers: { 'Idempotency-Key': `lock-move-${id}` }, json: { startAt: eleven } })),
      ...Array.from({ length: 9 }, (_, i) => book(12 + i, tv, eleven)),
    ]);
    const moved = await outcome(responses.slice(0, 9), 200);
    const created = await outcome(responses.slice(9));
    expect(moved + created).toBe(1);
    expect(await doubleBookings(date)).toEqual({ jobs: 3, double: 0 });
    for (const r of responses.filter((r) => r.status === 409)) expect(((await r.json()) as { code: string }).code).toBe('slot_unavailable');
  }, 120_000);

  it('keeps assignments, reschedules and new bookings of one day from overbooking it', async () => {
    const date = '2026-11-29'; // Sunday: two TV workers, four waiting jobs at 8:00 and 9:30
    const [a, b] = [(await worker(['tv-installation'], 0)).userId, (await worker(['tv-installation'], 0)).userId];
    const [eight, nineThirty, eleven] = startsOn(date);
    const waiting: string[] = [];
    for (const [i, start] of [eight, eight, nineThirty, nineThirty].entries()) {
      const r = await book(i, tv, start);
      expect(r.status).toBe(201);
      waiting.push(((await r.json()) as { id: string }).id);
    }
    const responses = await Promise.all([
      ...waiting.map((id, i) => t.request(`/api/admin/bookings/${id}/assign`, { method: 'POST', cookie: admin.cookie, json: { workerId: i % 2 ? a : b } })),
      ...waiting.slice(0, 2).map((id) => t.request(`/api/admin/bookings/${id}/reschedule`, { method: 'POST', cookie: admin.cookie, headers: { 'Idempotency-Key': `lock-assign-move-${id}` }, json: { startAt: eleven } })),
      ...Array.from({ length: 12 }, (_, i) => book(4 + i, tv, [eight, nineThirty, eleven][i % 3]!)),
    ]);
    await outcome(responses.slice(0, 6), 200);
    await outcome(responses.slice(6));
    const { jobs, double } = await doubleBookings(date);
    expect(double).toBe(0);
    expect(jobs).toBeLessThanOrEqual(6);
    // An assigned job sits on a worker who can take it beside that worker's other assigned jobs.
    const rows = await t.deps.db.select().from(bookings).where(and(inArray(bookings.id, waiting), inArray(bookings.status, ['pending', 'confirmed'])));
    for (const row of rows) expect(row.workerId === null ? 'pending' : 'confirmed').toBe(row.status);
  }, 120_000);
});
