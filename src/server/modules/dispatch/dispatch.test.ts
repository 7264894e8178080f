import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, userRoles, workerTimeOff } from '../../db/schema';
import { makeWorker } from '../workers/worker-defaults';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 Tampa; jobs on Monday 2026-11-23.
const NOW = new Date('2026-11-21T15:00:00Z');
const MONDAY = '2026-11-23';
const MONDAY_10 = '2026-11-23T15:00:00.000Z';
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
const tv = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };
const furniture = { service: 'furniture-assembly', productName: 'Bookcase', estimatedHours: 2 };

describe(`scheduling and dispatch (${databaseKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  let customer: { cookie: string; userId: string };
  let wes: { cookie: string; userId: string };
  let wanda: { cookie: string; userId: string };
  let n = 0;

  async function card(cookie: string) {
    const r = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    return ((await r.json()) as { id: string }).id;
  }
  async function book(options: object, startAt: string, cookie = customer.cookie) {
    return t.request('/api/bookings', {
      method: 'POST',
      cookie,
      headers: { 'Idempotency-Key': `dispatch-key-${++n}` },
      json: { options, address, contactPhone: '8135550123', startAt, paymentMethodId: await card(cookie) },
    });
  }
  const post = (path: string, cookie: string, json: object = {}) => t.request(path, { method: 'POST', cookie, json });
  const get = async (path: string, cookie: string) => (await t.request(path, { cookie })).json();
  const slots = async (service: string, date: string, minutes: number) => (await get(`/api/services/${service}/slots?date=${date}&durationMinutes=${minutes}`, customer.cookie)).starts as string[];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await t.signUp('dispatcher@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    customer = await t.signUp('customer@example.com', { name: 'Carla Customer' });
    wes = await t.signUp('wes@example.com', { name: 'Wes' });
    wanda = await t.signUp('wanda@example.com', { name: 'Wanda' });
  });
  afterAll(() => t?.close());

  it('offers no slot until a skilled worker is available', async () => {
    expect(await slots('tv-installation', MONDAY, 60)).toEqual([]);
    await makeWorker(t.deps.db, wes.userId, { skills: ['tv-installation', 'furniture-assembly'] });
    const starts = await slots('tv-installation', MONDAY, 60);
    expect(starts[0]).toBe('2026-11-23T13:00:00.000Z'); // 8:00 Tampa
    expect(starts.at(-1)).toBe('2026-11-24T00:00:00.000Z'); // 19:00 Tampa
    expect(await slots('painting', MONDAY, 240)).toEqual([]); // nobody paints yet
  });

  it('removes a booked time and the travel buffer around it from the one worker', async () => {
    const r = await book(tv, MONDAY_10);
    expect(r.status).toBe(201);
    const starts = await slots('tv-installation', MONDAY, 60);
    // 10:00-11:00 is taken; with the 30-minute buffer no job may end after 9:30 or start before 11:30.
    expect(starts).not.toContain('2026-11-23T14:00:00.000Z'); // 9:00-10:00 ends inside the buffer
    expect(starts).toContain('2026-11-23T13:30:00.000Z'); // 8:30-9:30 ends 30 minutes before 10:00
    expect(starts).not.toContain('2026-11-23T16:00:00.000Z'); // 11:00 is inside the buffer
    expect(starts).toContain('2026-11-23T16:30:00.000Z'); // 11:30 fits
  });

  it("honours a worker's time off", async () => {
    await t.deps.db.insert(workerTimeOff).values({ userId: wes.userId, startsOn: '2026-11-24', endsOn: '2026-11-24', note: 'dentist' });
    expect(await slots('tv-installation', '2026-11-24', 60)).toEqual([]);
    expect((await slots('tv-installation', '2026-11-25', 60)).length).toBeGreaterThan(0);
  });

  it('refuses a start that was free a moment ago with 409 and the fresh starts', async () => {
    const taken = await book(tv, MONDAY_10);
    expect(taken.status).toBe(409);
    const body = await taken.json();
    expect(body.code).toBe('slot_unavailable');
    expect(body.details.availableStarts.split(',')).toContain('2026-11-23T16:30:00.000Z');
    // The alternatives are the starts the slots page lists, whether the day's plan was kept or not.
    const listed = await slots('tv-installation', MONDAY, 60);
    expect(body.details.availableStarts.split(',')).toEqual(listed);
    const again = await (await book(tv, MONDAY_10)).json();
    expect(again.details.availableStarts.split(',')).toEqual(listed);
    expect(listed).not.toContain(MONDAY_10);
  });

  it('assigns only a skilled worker who is free, and refuses conflicts', async () => {
    await makeWorker(t.deps.db, wanda.userId, { skills: ['painting'] });
    const r = await book(furniture, '2026-11-23T18:00:00.000Z'); // 13:00-15:00 Tampa
    const booking = await r.json();
    const detail = await get(`/api/admin/bookings/${booking.id}`, admin.cookie);
    expect(detail.assignableWorkers.map((w: { id: string }) => w.id)).toEqual([wes.userId]);
    expect(detail.booking.customer).toMatchObject({ name: 'Carla Customer', email: 'customer@example.com', phone: '+18135550123' });

    const wrong = await post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: wanda.userId });
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).code).toBe('worker_unavailable');

    const ok = await post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: wes.userId, etaAt: '2026-11-23T17:55:00.000Z' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'confirmed', worker: { id: wes.userId, name: 'Wes' }, etaAt: '2026-11-23T17:55:00.000Z' });

    // The 10:00 TV job overlaps nothing, but another job at 13:30 would clash with Wes's 13:00-15:00.
    const clash = await book({ ...furniture, estimatedHours: 1 }, '2026-11-23T18:30:00.000Z');
    expect(clash.status).toBe(409);
  });

  it('records first contact once, against the 5-10 minute promise', async () => {
    const booking = await (await book(tv, '2026-11-25T15:00:00.000Z')).json();
    t.setNow(new Date(NOW.getTime() + 7 * 60_000));
    const list = await get('/api/admin/bookings?view=unassigned', admin.cookie);
    expect(list.bookings.find((b: { id: string }) => b.id === booking.id).minutesSincePlaced).toBe(7);
    const first = await (await post(`/api/admin/bookings/${booking.id}/contacted`, admin.cookie)).json();
    t.setNow(new Date(NOW.getTime() + 9 * 60_000));
    const again = await (await post(`/api/admin/bookings/${booking.id}/contacted`, admin.cookie)).json();
    expect(again.contactedAt).toBe(first.contactedAt);
    t.setNow(NOW);
  });

  it('finds bookings by customer name, email, phone and reference', async () => {
    const booking = await (await book(tv, '2026-11-25T18:00:00.000Z')).json();
    for (const q of ['carla', 'customer@example', '555-0123', booking.reference.toLowerCase()]) {
      const found = await get(`/api/admin/bookings?view=upcoming&q=${encodeURIComponent(q)}`, admin.cookie);
      expect(found.bookings.map((b: { id: string }) => b.id), q).toContain(booking.id);
    }
    const none = await get('/api/admin/bookings?view=upcoming&q=nobody-like-this', admin.cookie);
    expect(none.bookings).toEqual([]);
  });

  it("runs the worker's day in order and captures the final amount at completion", async () => {
    const booking = await (await book(furniture, '2026-11-26T14:00:00.000Z')).json(); // Thursday 9:00-11:00
    await post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: wes.userId });
    const jobs = await get('/api/worker/jobs', wes.cookie);
    const job = jobs.jobs.find((j: { id: string }) => j.id === booking.id);
    expect(job).toMatchObject({ customer: { name: 'Carla Customer', phone: '+18135550123' }, address: { street: '100 N Tampa St' } });

    t.setNow(new Date('2026-11-26T13:00:00Z')); // the job's day, within its start window (two hours before)
    expect((await post(`/api/worker/jobs/${booking.id}/start`, wes.cookie)).status).toBe(200); // confirmed -> in_progress is allowed
    const early = await post(`/api/worker/jobs/${booking.id}/on-my-way`, wes.cookie, { etaMinutes: 20 });
    expect(early.status).toBe(409); // in_progress -> en_route is not
    expect((await early.json()).code).toBe('transition_not_allowed');

    const second = await (await book(tv, '2026-11-26T17:00:00.000Z')).json(); // Thursday 12:00
    await post(`/api/admin/bookings/${second.id}/assign`, admin.cookie, { workerId: wes.userId });
    expect((await post(`/api/worker/jobs/${second.id}/accept`, wes.cookie)).status).toBe(200);
    t.setNow(new Date('2026-11-26T16:30:00Z'));
    const onWay = await (await post(`/api/worker/jobs/${second.id}/on-my-way`, wes.cookie, { etaMinutes: 25 })).json();
    expect(onWay).toMatchObject({ status: 'en_route', etaAt: '2026-11-26T16:55:00.000Z' });
    expect((await post(`/api/worker/jobs/${second.id}/start`, wes.cookie)).status).toBe(200);

    const done = await (await post(`/api/worker/jobs/${booking.id}/complete`, wes.cookie, { actualHours: 2 })).json();
    expect(done).toMatchObject({ status: 'completed', money: { capturedCents: 7525, paidCents: 7525 } });
    const customerView = await get(`/api/bookings/${booking.id}`, customer.cookie);
    expect(customerView).toMatchObject({ status: 'completed', worker: { name: 'Wes' }, final: { totalCents: 7525 } });
    t.setNow(NOW);
  });

  it("keeps workers to their own jobs and out of admin routes, and customers out of dispatch", async () => {
    const booking = await (await book(tv, '2026-11-27T15:00:00.000Z')).json();
    await post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: wes.userId });
    expect((await post(`/api/worker/jobs/${booking.id}/accept`, wanda.cookie)).status).toBe(404);
    expect((await post(`/api/worker/jobs/${booking.id}/complete`, wanda.cookie, {})).status).toBe(404);
    expect((await t.request('/api/admin/bookings', { cookie: wes.cookie })).status).toBe(403);
    expect((await post(`/api/admin/bookings/${booking.id}/assign`, wes.cookie, { workerId: wes.userId })).status).toBe(403);
    expect((await t.request('/api/admin/workers', { cookie: wes.cookie })).status).toBe(403);
    expect((await t.request('/api/admin/bookings', { cookie: customer.cookie })).status).toBe(403);
    expect((await post(`/api/admin/bookings/${booking.id}/contacted`, customer.cookie)).status).toBe(403);
    expect((await t.request('/api/worker/jobs', { cookie: customer.cookie })).status).toBe(403);
    expect((await t.request('/api/admin/bookings')).status).toBe(401);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.acceptedAt).toBeNull();
  });

  it('lets a worker edit availability and time off, refusing overlaps', async () => {
    const bad = await t.request('/api/worker/availability', { method: 'PUT', cookie: wanda.cookie, json: { weekly: [{ weekday: 1, startMinute: 480, endMinute: 720 }, { weekday: 1, startMinute: 600, endMinute: 900 }], timeOff: [] } });
    expect(bad.status).toBe(400);
    expect(Object.values((await bad.json()).details)).toContain('Time ranges on the same day must not overlap.');
    const ok = await t.request('/api/worker/availability', { method: 'PUT', cookie: wanda.cookie, json: { weekly: [{ weekday: 1, startMinute: 480, endMinute: 720 }], timeOff: [{ startsOn: '2026-12-24', endsOn: '2026-12-26', note: 'holidays' }] } });
    expect(await ok.json()).toMatchObject({ weekly: [{ weekday: 1, startMinute: 480, endMinute: 720 }], timeOff: [{ startsOn: '2026-12-24', endsOn: '2026-12-26', note: 'holidays' }] });
    // Wanda now paints only Mondays 8:00-12:00: a 4-hour room fits at 8:00 only.
    expect(await slots('painting', '2026-11-30', 240)).toEqual(['2026-11-30T13:00:00.000Z']);
  });
});

describe.runIf(databaseKind === 'postgres')('the last free slot under 50 concurrent requests (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.addWorkers(1, { skills: ['tv-installation'] });
  });
  afterAll(() => t?.close());

  it('gives exactly one booking and 49 clear 409s with fresh slots', async () => {
    // Fill Monday so exactly one TV start is left: the worker is only on shift 8:00-9:00.
    await t.deps.db.execute(`update worker_availability set start_minute = 480, end_minute = 540`);
    const customers = await Promise.all(Array.from({ length: 50 }, (_, i) => t.signUp(`racer-${i}@example.com`)));
    const cards = await Promise.all(
      customers.map(async (c) => ((await (await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie: c.cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } })).json()) as { id: string }).id),
    );
    const responses = await Promise.all(
      customers.map((c, i) =>
        t.request('/api/bookings', {
          method: 'POST',
          cookie: c.cookie,
          headers: { 'Idempotency-Key': `race-for-the-slot-${i}` },
          json: { options: tv, address, contactPhone: '8135550123', startAt: '2026-11-23T13:00:00.000Z', paymentMethodId: cards[i] },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const refusal = await responses.find((r) => r.status === 409)!.json();
    expect(refusal).toMatchObject({ code: 'slot_unavailable', message: 'That time is no longer available. Please choose another time.' });
    expect(refusal.details).toHaveProperty('availableStarts');
    const rows = await t.deps.db.select().from(bookings).where(eq(bookings.scheduledStart, new Date('2026-11-23T13:00:00.000Z')));
    expect(rows).toHaveLength(1);
    // The 49 losers' holds were released.
    const holds = await t.deps.db.execute(`select status, count(*)::int as n from simulated_holds group by status order by status`);
    expect((holds as unknown as { rows: { status: string; n: number }[] }).rows).toEqual([
      { status: 'canceled', n: 49 },
      { status: 'requires_capture', n: 1 },
    ]);
  }, 120_000);
});
