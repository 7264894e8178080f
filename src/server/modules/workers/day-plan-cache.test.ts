/**
 * Issue #16, "a property test proves that cached answers equal a fresh computation": random
 * sequences of bookings, cancellations, assignments, reschedules, availability and time-off
 * changes, a worker switched off, business-hours saves and clock moves, all through the API;
 * after every step the slots the API answers (from this process's cached day plans and settings)
 * equal a fresh computation over the database (offeredStartsOn with freshly read settings), and
 * the cached workers (booking creation's first check, decision 045) equal a fresh read, and the
 * jobs the decisive checks read under the capacity locks equal the first check's read.
 *
 * On PostgreSQL also: a second app process (its own runtime, LISTEN connection and caches) on the
 * same database sees the changes made through the first within a second, and a lost LISTEN
 * connection drops its caches.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceSlug } from '../../../domain/services';
import { businessTime, businessWeekday } from '../../../domain/slots';
import { offeredStarts } from '../../../domain/capacity';
import { contendingServices } from '../../../domain/capacity-contention';
import { createApp } from '../../app';
import { startRuntime, type Runtime } from '../../bootstrap';
import { userRoles, workerTimeOff } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import type { InMemoryBookingEventHub } from '../../realtime/booking-event-hub';
import { furnitureOptions, TEST_ADDRESS, TV_OPTIONS } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { getBusinessSettings } from '../settings/settings.service';
import { cachedWorkers, capacityCachesOf, keptOfferedStarts } from './capacity-caches';
import { loadJobsOn, loadJobsOnAfterLocks, loadWorkers, loadWorkersOn } from './capacity.repository';
import { offeredStartsOn } from './capacity.service';
import { makeWorker } from './worker-defaults';

// Saturday 2026-11-21 07:00 Tampa: today, Sunday and Monday are all bookable.
const NOW = new Date('2026-11-21T12:00:00Z');
const DATES = ['2026-11-21', '2026-11-22', '2026-11-23'];
const ASKED: { service: ServiceSlug; durationMinutes: number }[] = [
  { service: 'tv-installation', durationMinutes: 60 },
  { service: 'furniture-assembly', durationMinutes: 120 },
];
const HOURS = [
  { openMinute: 480, closeMinute: 1200 },
  { openMinute: 540, closeMinute: 1020 },
  { openMinute: 600, closeMinute: 840 },
];

type Action =
  | { kind: 'book'; furniture: boolean; date: number; slot: number }
  | { kind: 'bookWhileReading'; date: number; slot: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'assign'; pick: number; worker: number }
  | { kind: 'reschedule'; pick: number; date: number; slot: number }
  | { kind: 'availability'; worker: number; from: number; to: number; offOn: number }
  | { kind: 'active'; worker: number; active: boolean }
  | { kind: 'hours'; variant: number; closedSunday: boolean }
  | { kind: 'clock'; minutes: number };

const slotArb = fc.integer({ min: 0, max: 30 });
const dateArb = fc.integer({ min: 0, max: DATES.length - 1 });
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('book' as const), furniture: fc.boolean(), date: dateArb, slot: slotArb }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('bookWhileReading' as const), date: dateArb, slot: slotArb }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('assign' as const), pick: fc.nat(), worker: fc.integer({ min: 0, max: 1 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('reschedule' as const), pick: fc.nat(), date: dateArb, slot: slotArb }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('availability' as const), worker: fc.integer({ min: 0, max: 1 }), from: fc.integer({ min: 14, max: 24 }), to: fc.integer({ min: 26, max: 42 }), offOn: fc.integer({ min: -1, max: DATES.length - 1 }) }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('active' as const), worker: fc.integer({ min: 0, max: 1 }), active: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('hours' as const), variant: fc.integer({ min: 0, max: HOURS.length - 1 }), closedSunday: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('clock' as const), minutes: fc.integer({ min: 0, max: 600 }) }), weight: 2 },
);

interface Caller {
  cookie: string;
  userId: string;
}

/** The API calls the steps make, on one app. */
function actions(t: TestApp, people: { customer: Caller; admin: Caller; workers: Caller[] }) {
  let n = 0;
  const booked: string[] = [];
  const post = (path: string, cookie: string, json: unknown = {}) => t.request(path, { method: 'POST', cookie, json, headers: { 'Idempotency-Key': `day-plan-${++n}-${randomBytes(3).toString('hex')}` } });
  const card = async () => ((await (await post('/api/payments/test-mode/payment-methods', people.customer.cookie, { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' })).json()) as { id: string }).id;
  const slots = async (service: ServiceSlug, date: string, durationMinutes: number) =>
    ((await (await t.request(`/api/services/${service}/slots?date=${date}&durationMinutes=${durationMinutes}`)).json()) as { starts: string[] }).starts;
  /** A start the API offers (or, past the list's end, one it does not: the booking is refused). */
  const startFor = async (service: ServiceSlug, date: string, durationMinutes: number, slot: number) => (await slots(service, date, durationMinutes))[slot] ?? businessTime(date, 8 * 60 + slot * 30).toISOString();

  async function book(furniture: boolean, date: string, slot: number) {
    const options = furniture ? furnitureOptions(2) : TV_OPTIONS;
    const startAt = await startFor(furniture ? 'furniture-assembly' : 'tv-installation', date, furniture ? 120 : 60, slot);
    const r = await post('/api/bookings', people.customer.cookie, { options, address: TEST_ADDRESS, contactPhone: '8135550123', startAt, paymentMethodId: await card() });
    if (r.status === 201) booked.push(((await r.json()) as { id: string }).id);
    else expect(r.status).toBe(409);
  }

  async function hours(variant: number, closedSunday: boolean) {
    const admin = (await (await t.request('/api/admin/settings', { cookie: people.admin.cookie })).json()) as { sections: { hours: { version: number; value: object } } };
    const day = HOURS[variant]!;
    const weeklyHours = Array.from({ length: 7 }, (_, weekday) => (weekday === 0 && closedSunday ? null : day));
    const r = await t.request('/api/admin/settings/hours', {
      method: 'PUT',
      cookie: people.admin.cookie,
      json: { version: admin.sections.hours.version, value: { ...admin.sections.hours.value, weeklyHours } },
    });
    expect(r.status).toBe(200);
  }

  async function run(action: Action) {
    const pick = (i: number) => booked[i % Math.max(1, booked.length)];
    switch (action.kind) {
      case 'book':
        return book(action.furniture, DATES[action.date]!, action.slot);
      case 'bookWhileReading': {
        // Plans read while the booking commits must not outlive it.
        const date = DATES[action.date]!;
        await Promise.all([book(false, date, action.slot), ...ASKED.map((a) => slots(a.service, date, a.durationMinutes)), slots('tv-installation', date, 60)]);
        return;
      }
      case 'cancel': {
        const id = pick(action.pick);
        if (id) expect([200, 409, 422]).toContain((await post(`/api/bookings/${id}/cancel`, people.customer.cookie)).status);
        return;
      }
      case 'assign': {
        const id = pick(action.pick);
        if (id) expect([200, 409, 422]).toContain((await post(`/api/admin/bookings/${id}/assign`, people.admin.cookie, { workerId: people.workers[action.worker]!.userId })).status);
        return;
      }
      case 'reschedule': {
        const id = pick(action.pick);
        if (!id) return;
        const startAt = await startFor('tv-installation', DATES[action.date]!, 60, action.slot);
        expect([200, 409, 422]).toContain((await post(`/api/bookings/${id}/reschedule`, people.customer.cookie, { startAt })).status);
        return;
      }
      case 'availability': {
        const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: action.from * 30, endMinute: action.to * 30 }));
        const timeOff = action.offOn >= 0 ? [{ startsOn: DATES[action.offOn]!, endsOn: DATES[action.offOn]! }] : [];
        const r = await t.request('/api/worker/availability', { method: 'PUT', cookie: people.workers[action.worker]!.cookie, json: { weekly, timeOff } });
        expect(r.status).toBe(200);
        return;
      }
      case 'active': {
        const r = await t.request(`/api/admin/workers/${people.workers[action.worker]!.userId}`, { method: 'PATCH', cookie: people.admin.cookie, json: { active: action.active } });
        expect(r.status).toBe(200);
        return;
      }
      case 'hours':
        return hours(action.variant, action.closedSunday);
      case 'clock':
        t.setNow(new Date(NOW.getTime() + action.minutes * 60_000));
        return;
    }
  }

  return { run, slots, book, booked };
}

/** What a fresh computation offers now: the settings and the capacity read from the database. */
async function freshStarts(t: TestApp, service: ServiceSlug, date: string, durationMinutes: number): Promise<string[]> {
  const { slotRules } = await getBusinessSettings(t.deps.db);
  const starts = await offeredStartsOn(t.deps.db, { date, at: businessTime(date, 12 * 60), service, durationMinutes, now: t.deps.now(), rules: slotRules });
  return starts.map((s) => s.toISOString());
}

async function people(t: TestApp) {
  const customer = await t.signUp();
  const admin = await t.signUp();
  await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
  const workers = [await t.signUp(), await t.signUp()];
  await makeWorker(t.deps.db, workers[0]!.userId, { skills: ['tv-installation', 'furniture-assembly'] });
  await makeWorker(t.deps.db, workers[1]!.userId, { skills: ['tv-installation'] });
  return { customer, admin, workers };
}

describe(`slots from cached day plans (${databaseKind})`, () => {
  let t: TestApp;
  let steps: ReturnType<typeof actions>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    steps = actions(t, await people(t));
  });
  afterAll(() => t?.close());

  it('answers what a fresh computation answers after every step of random sequences of changes', async () => {
    let checks = 0;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 10 }), async (sequence) => {
        t.setNow(NOW);
        for (const action of sequence) {
          await steps.run(action);
          for (const date of DATES) {
            for (const { service, durationMinutes } of ASKED) {
              const cached = await steps.slots(service, date, durationMinutes);
              expect(cached, `${service} ${durationMinutes} min on ${date} after ${JSON.stringify(action)}`).toEqual(await freshStarts(t, service, date, durationMinutes));
              checks++;
              if (cached.length > 0) nonEmpty++;
            }
          }
          const published = (await (await t.request('/api/settings/public')).json()) as { slotRules: unknown };
          expect(published.slotRules).toEqual((await getBusinessSettings(t.deps.db)).slotRules);
          // The workers booking creation's first check takes from the cache (decision 045).
          const everyone = await loadWorkers(t.deps.db);
          expect(await cachedWorkers(t.deps.db), `workers after ${JSON.stringify(action)}`).toEqual(everyone);
          // The decisions under the capacity locks read only one date's hours and time off
          // (loadWorkersOn): the same starts and the same lock set as with every worker's week.
          const { slotRules } = await getBusinessSettings(t.deps.db);
          for (const date of DATES) {
            const jobs = await loadJobsOn(t.deps.db, businessTime(date, 12 * 60));
            // The decisive checks' read under the locks (capacity_locked_jobs, migration 0027) reads
            // the same jobs as the first check's (decision 054).
            const lockedRead = await t.deps.db.transaction((tx) => loadJobsOnAfterLocks(tx, businessTime(date, 12 * 60), [`test:${date}`]));
            const byId = (list: typeof jobs) => [...list].sort((a, b) => a.id.localeCompare(b.id));
            expect(byId(lockedRead), `jobs read under the locks on ${date}`).toEqual(byId(jobs));
            const onDate = await loadWorkersOn(t.deps.db, date);
            for (const { service, durationMinutes } of ASKED) {
              const query = { date, service, durationMinutes, jobs, rules: slotRules, now: t.deps.now() };
              expect(offeredStarts({ ...query, workers: onDate }), `${service} on ${date} from that date's workers`).toEqual(offeredStarts({ ...query, workers: everyone }));
              const contention = { date, weekday: businessWeekday(date), service };
              expect(contendingServices({ ...contention, workers: onDate })).toEqual(contendingServices({ ...contention, workers: everyone }));
            }
          }
        }
      }),
      // The first run books Sunday's first start, so the property always meets a booking (random
      // sequences alone can, rarely, book nothing: every start asked past the day's list).
      { numRuns: 10, endOnFailure: true, examples: [[[{ kind: 'book', furniture: false, date: 1, slot: 0 }]]] },
    );
    // The answers came from kept plans, and were not all empty lists (the first run, which books
    // Sunday's first start, always leaves starts to offer; how many random runs do is left to chance:
    // a sequence that closes the days or moves the clock past them offers none, so no share is asked).
    expect(capacityCachesOf(t.deps.db)!.dayPlans.size).toBeGreaterThan(0);
    expect(await capacityCachesOf(t.deps.db)!.workers.get('', () => Promise.reject(new Error('the workers were not kept')))).toEqual(await loadWorkers(t.deps.db));
    expect(checks).toBeGreaterThan(0);
    expect(nonEmpty).toBeGreaterThan(0);
    expect(steps.booked.length).toBeGreaterThan(0);
  }, 300_000);
});

describe(`a booking notice and the day plans (${databaseKind})`, () => {
  let t: TestApp;
  let steps: ReturnType<typeof actions>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    steps = actions(t, await people(t));
  });
  afterAll(() => t?.close());

  it('drops the plan of the date a booking notice names, without reading the booking back', async () => {
    const { slotRules } = await getBusinessSettings(t.deps.db);
    const kept = (date: string) => keptOfferedStarts(t.deps.db, { date, service: 'tv-installation', durationMinutes: 60, now: NOW, rules: slotRules });
    // On PostgreSQL the set-up's own notices (the workers made in beforeAll) arrive a moment later
    // and drop every plan: ask until the three dates' plans are kept and stay kept for 250 ms.
    const allKept = () => DATES.every((date) => kept(date) !== undefined);
    const deadline = Date.now() + 5000;
    do {
      for (const date of DATES) await steps.slots('tv-installation', date, 60);
      await new Promise((resolve) => setTimeout(resolve, 250));
    } while (!allKept() && Date.now() < deadline);
    expect(DATES.map((date) => kept(date) !== undefined)).toEqual([true, true, true]);
    // A notice as the booking_events trigger sends it (migration 0028), for a booking this database
    // has no row of: read back, it would name no date and drop nothing.
    (t.deps.bookingEvents as InMemoryBookingEventHub).publish({ eventId: randomUUID(), bookingId: randomUUID(), type: 'rescheduled', status: 'pending', customerId: null, workerId: null, scheduledStart: businessTime(DATES[1]!, 10 * 60) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(DATES.map((date) => kept(date) !== undefined)).toEqual([true, false, true]);
    // The next slots request plans that date afresh.
    expect(await steps.slots('tv-installation', DATES[1]!, 60)).toEqual(await freshStarts(t, 'tv-installation', DATES[1]!, 60));
    expect(kept(DATES[1]!)).toBeDefined();
  });
});

describe.skipIf(databaseKind !== 'postgres')('slots in a second app process on the same PostgreSQL', () => {
  let t: TestApp;
  let other: Runtime;
  let otherApp: ReturnType<typeof createApp>;
  let steps: ReturnType<typeof actions>;
  let crew: Awaited<ReturnType<typeof people>>;
  const MONDAY = '2026-11-23';

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    crew = await people(t);
    steps = actions(t, crew);
    const { name } = ((await t.deps.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    other = await startRuntime(t.config, { url: url.toString() }, { logger: createLogger('silent'), now: () => t.deps.now() });
    otherApp = createApp(other.deps);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const otherSlots = async (date = MONDAY) => ((await (await otherApp.request(`/api/services/tv-installation/slots?date=${date}&durationMinutes=60`)).json()) as { starts: string[] }).starts;
  /** Waits (up to 1 s) until the other process answers what a fresh computation answers. */
  async function otherCatchesUp(date = MONDAY) {
    const deadline = Date.now() + 1000;
    let fresh: string[] = [];
    let seen: string[] = [];
    while (Date.now() < deadline) {
      fresh = await freshStarts(t, 'tv-installation', date, 60);
      seen = await otherSlots(date);
      if (JSON.stringify(seen) === JSON.stringify(fresh)) return seen;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toEqual(fresh);
    return seen;
  }
  /** A change made in SQL behind both apps' backs (announced to nobody): only a cache misses it. */
  const unannouncedTimeOff = (on: boolean) =>
    on
      ? t.deps.db.insert(workerTimeOff).values(crew.workers.map((w) => ({ userId: w.userId, startsOn: MONDAY, endsOn: MONDAY, note: 'behind the caches' })))
      : t.deps.db.delete(workerTimeOff).where(and(eq(workerTimeOff.startsOn, MONDAY), eq(workerTimeOff.note, 'behind the caches')));

  it('keeps its own plan, and drops it when the first process books, changes availability or saves the hours', async () => {
    const before = await otherSlots();
    expect(before.length).toBeGreaterThan(0);
    // The second process answers from its cache: a change nobody announced is not seen there.
    await unannouncedTimeOff(true);
    expect(await otherSlots()).toEqual(before);
    await unannouncedTimeOff(false);

    // A booking through the first process: both workers busy at that hour takes the start away.
    await steps.book(false, MONDAY, 4);
    await steps.book(false, MONDAY, 4);
    const afterBookings = await otherCatchesUp();
    expect(afterBookings).not.toEqual(before);

    await steps.run({ kind: 'availability', worker: 0, from: 16, to: 30, offOn: 2 });
    await otherCatchesUp();
    await steps.run({ kind: 'hours', variant: 2, closedSunday: true });
    await otherCatchesUp();
    const published = (await (await otherApp.request('/api/settings/public')).json()) as { slotRules: { weeklyHours: unknown[] } };
    expect(published.slotRules.weeklyHours[0]).toBeNull();
  });

  it('drops every plan when its LISTEN connection is lost (changes sent meanwhile are missed)', async () => {
    const before = await otherSlots();
    await unannouncedTimeOff(true);
    expect(await otherSlots()).toEqual(before);
    const { name } = ((await t.deps.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!;
    await t.deps.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and application_name = 'handyman-realtime'`);
    const seen = await otherCatchesUp();
    expect(seen).toEqual([]);
    await unannouncedTimeOff(false);
    // Back to caching once LISTEN is restored (500 ms later): the first process's changes reach it again.
    await new Promise((r) => setTimeout(r, 1500));
    await steps.run({ kind: 'availability', worker: 1, from: 14, to: 40, offOn: -1 });
    await otherCatchesUp();
  });
});
