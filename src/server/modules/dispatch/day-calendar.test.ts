import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { makeWorker } from '../workers/worker-defaults';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 Tampa; jobs on Monday 2026-11-23 10:00 Tampa.
const NOW = new Date('2026-11-21T15:00:00Z');
const MONDAY = '2026-11-23';
const MONDAY_10 = '2026-11-23T15:00:00.000Z';
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
const tv = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };

interface Calendar {
  date: string;
  dayStart: string;
  dayEnd: string;
  workers: { id: string; name: string }[];
  jobs: { id: string; reference: string; scheduledStart: string; worker: { id: string } | null }[];
}

describe(`admin day calendar (${databaseKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  let customer: { cookie: string; userId: string };
  let wes: { cookie: string; userId: string };
  let wanda: { cookie: string; userId: string };
  let n = 0;

  async function book(startAt: string) {
    const pm = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie: customer.cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    const r = await t.request('/api/bookings', {
      method: 'POST',
      cookie: customer.cookie,
      headers: { 'Idempotency-Key': `calendar-key-${++n}` },
      json: { options: tv, address, contactPhone: '8135550123', startAt, paymentMethodId: ((await pm.json()) as { id: string }).id },
    });
    expect(r.status).toBe(201);
    return (await r.json()) as { id: string };
  }
  const calendar = async (query = '', cookie = admin.cookie) => t.request(`/api/admin/calendar${query}`, { cookie });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await t.signUp('calendar-admin@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    customer = await t.signUp('calendar-customer@example.com', { name: 'Carla Customer' });
    wes = await t.signUp('calendar-wes@example.com', { name: 'Wes' });
    wanda = await t.signUp('calendar-wanda@example.com', { name: 'Wanda' });
    await makeWorker(t.deps.db, wes.userId, { skills: ['tv-installation'] });
    await makeWorker(t.deps.db, wanda.userId, { skills: ['tv-installation'] });
  });
  afterAll(() => t?.close());

  it("shows today's Tampa date when none is asked for, with every active worker by name", async () => {
    const r = await calendar();
    expect(r.status).toBe(200);
    const body = (await r.json()) as Calendar;
    expect(body.date).toBe('2026-11-21');
    expect(body.dayStart).toBe('2026-11-21T05:00:00.000Z'); // Tampa midnight (EST)
    expect(body.dayEnd).toBe('2026-11-22T05:00:00.000Z');
    expect(body.workers.map((w) => w.name)).toEqual(['Wanda', 'Wes']);
    expect(body.jobs).toEqual([]);
  });

  it("lists the day's jobs unassigned; assigning one moves it to the worker's row and a clash on the same worker is refused", async () => {
    const first = await book(MONDAY_10);
    const second = await book(MONDAY_10);
    let body = (await (await calendar(`?date=${MONDAY}`)).json()) as Calendar;
    expect(body.jobs.map((j) => j.id).sort()).toEqual([first.id, second.id].sort());
    expect(body.jobs.every((j) => j.worker === null)).toBe(true);

    const assign = (id: string, workerId: string) => t.request(`/api/admin/bookings/${id}/assign`, { method: 'POST', cookie: admin.cookie, json: { workerId } });
    expect((await assign(first.id, wes.userId)).status).toBe(200);
    const clash = await assign(second.id, wes.userId);
    expect(clash.status).toBe(409);
    expect(await clash.json()).toMatchObject({ code: 'worker_unavailable', message: "That worker isn't free for this job (skill, shift, time off or another job too close)." });

    body = (await (await calendar(`?date=${MONDAY}`)).json()) as Calendar;
    expect(body.jobs.find((j) => j.id === first.id)?.worker?.id).toBe(wes.userId);
    expect(body.jobs.find((j) => j.id === second.id)?.worker).toBeNull();

    // moving the first job to Wanda frees Wes for the second
    expect((await assign(first.id, wanda.userId)).status).toBe(200);
    expect((await assign(second.id, wes.userId)).status).toBe(200);
    // another day shows none of them
    expect(((await (await calendar('?date=2026-11-24')).json()) as Calendar).jobs).toEqual([]);
  });

  it('refuses a malformed or impossible date with 400 and the translated message', async () => {
    for (const date of ['tomorrow', '2026-13-01', '2026-02-30', '9999-12-31']) {
      const r = await calendar(`?date=${date}`);
      expect(r.status, date).toBe(400);
      expect(await r.json()).toMatchObject({ code: 'validation_failed', details: { 'query.date': 'Please enter a valid date.' } });
    }
  });

  it('answers admins only: 401 signed out, 403 for a worker or a customer', async () => {
    expect((await t.request('/api/admin/calendar')).status).toBe(401);
    expect((await calendar('', wes.cookie)).status).toBe(403);
    expect((await calendar('', customer.cookie)).status).toBe(403);
  });
});
