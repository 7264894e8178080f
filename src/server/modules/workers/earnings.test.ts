import { inArray, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { bookings, tips, userRoles } from '../../db/schema';
import { makeWorker } from './worker-defaults';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Booked on Saturday 2026-11-21; read on Tuesday 2026-11-24 15:00 Tampa.
const BOOKED_AT = new Date('2026-11-21T15:00:00Z');
const READ_AT = new Date('2026-11-24T20:00:00Z');
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
const tv = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };

interface Earnings {
  sharePercent: number;
  today: { from: string; jobs: number; earningsCents: number; tipCents: number; shareCents: number; labourCents: number };
  week: { from: string; jobs: number; earningsCents: number };
  month: { from: string; jobs: number; earningsCents: number };
  jobs: { reference: string; date: string; labourCents: number; shareCents: number; tipCents: number; earningsCents: number }[];
}

describe(`worker earnings (${databaseKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  let customer: { cookie: string; userId: string };
  let wes: { cookie: string; userId: string };
  let wanda: { cookie: string; userId: string };
  const refs: Record<string, string> = {};
  let n = 0;

  /** A TV job booked through the API, then (fixture) completed by `workerId` at `completedAt`. */
  async function completedJob(name: string, workerId: string, completedAt: string, finalSubtotalCents: number | null, tip?: { cents: number; status: string }) {
    const pm = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie: customer.cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    const r = await t.request('/api/bookings', {
      method: 'POST',
      cookie: customer.cookie,
      headers: { 'Idempotency-Key': `earnings-key-${++n}` },
      json: { options: tv, address, contactPhone: '8135550123', startAt: `2026-11-2${2 + (n % 2)}T${13 + n}:00:00.000Z`, paymentMethodId: ((await pm.json()) as { id: string }).id },
    });
    expect(r.status, await r.clone().text()).toBe(201);
    const booking = (await r.json()) as { id: string; reference: string };
    await t.deps.db.update(bookings).set({ status: 'completed', workerId, completedAt: new Date(completedAt), finalSubtotalCents }).where(eq(bookings.id, booking.id));
    if (tip) await t.deps.db.insert(tips).values({ bookingId: booking.id, customerId: customer.userId, workerId, amountCents: tip.cents, status: tip.status, idempotencyKey: `tip-${booking.id}` });
    refs[name] = booking.reference;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: BOOKED_AT });
    admin = await t.signUp('earnings-admin@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    customer = await t.signUp('earnings-customer@example.com');
    wes = await t.signUp('earnings-wes@example.com', { name: 'Wes' });
    wanda = await t.signUp('earnings-wanda@example.com', { name: 'Wanda' });
    await makeWorker(t.deps.db, wes.userId, { skills: ['tv-installation'] });
    await makeWorker(t.deps.db, wanda.userId, { skills: ['tv-installation'] });
    // TV installation: $45.00 labour (subtotal before tax)
    await completedJob('today', wes.userId, '2026-11-24T16:00:00Z', 4500, { cents: 1000, status: 'succeeded' });
    await completedJob('monday', wes.userId, '2026-11-23T16:00:00Z', 4525, { cents: 500, status: 'failed' });
    await completedJob('early November', wes.userId, '2026-11-02T16:00:00Z', null);
    await completedJob('October', wes.userId, '2026-10-30T16:00:00Z', 4500, { cents: 700, status: 'succeeded' });
    await completedJob("Wanda's", wanda.userId, '2026-11-24T17:00:00Z', 4500, { cents: 2000, status: 'succeeded' });
    t.setNow(READ_AT);
  });
  afterAll(() => t?.close());

  it("totals today's, this week's and this month's completed jobs: 70% of labour, half a cent up, plus succeeded tips", async () => {
    const r = await t.request('/api/worker/earnings', { cookie: wes.cookie });
    expect(r.status).toBe(200);
    const body = (await r.json()) as Earnings;
    expect(body.sharePercent).toBe(70);
    // today: 70% of $45.00 = $31.50, + $10.00 tip
    expect(body.today).toEqual({ from: '2026-11-24', jobs: 1, labourCents: 4500, shareCents: 3150, tipCents: 1000, earningsCents: 4150 });
    // Monday: 70% of $45.25 = $31.675 -> $31.68; the failed tip counts for nothing
    expect(body.week).toMatchObject({ from: '2026-11-23', jobs: 2, earningsCents: 4150 + 3168 });
    // early November: no final amount, the booked $45.00 -> $31.50; October and Wanda's job are not his
    expect(body.month).toMatchObject({ from: '2026-11-01', jobs: 3, earningsCents: 4150 + 3168 + 3150 });
    expect(body.jobs.map((j) => j.reference)).toEqual([refs.today, refs.monday, refs['early November']]);
  });

  it('follows the share setting', async () => {
    const current = (await (await t.request('/api/admin/settings/job-rules', { cookie: admin.cookie })).json().catch(() => null)) as { version?: number } | null;
    const version = current?.version ?? 0;
    const saved = await t.request('/api/admin/settings/job-rules', { method: 'PUT', cookie: admin.cookie, json: { version, value: { startWindowMinutes: 120, minJobMinutes: 15, arrivalWindowMinutes: 60, workerSharePercent: 50 } } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const body = (await (await t.request('/api/worker/earnings', { cookie: wes.cookie })).json()) as Earnings;
    expect(body.sharePercent).toBe(50);
    expect(body.today).toMatchObject({ shareCents: 2250, earningsCents: 3250 });
    const back = await t.request('/api/admin/settings/job-rules', { method: 'PUT', cookie: admin.cookie, json: { version: version + 1, value: { startWindowMinutes: 120, minJobMinutes: 15, arrivalWindowMinutes: 60, workerSharePercent: 70 } } });
    expect(back.status).toBe(200);
  });

  it('exports one CSV row per completed job of the period, newest first', async () => {
    const r = await t.request('/api/worker/earnings.csv', { cookie: wes.cookie });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="earnings-month-2026-11-01.csv"');
    const rows = parse(await r.text(), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      { date: '2026-11-24', reference: refs.today, service: 'TV installation', labour: '45.00', share: '31.50', tip: '10.00', earnings: '41.50' },
      { date: '2026-11-23', reference: refs.monday, service: 'TV installation', labour: '45.25', share: '31.68', tip: '0.00', earnings: '31.68' },
      { date: '2026-11-02', reference: refs['early November'], service: 'TV installation', labour: '45.00', share: '31.50', tip: '0.00', earnings: '31.50' },
    ]);
    const week = parse(await (await t.request('/api/worker/earnings.csv?period=week', { cookie: wes.cookie })).text(), { columns: true }) as unknown[];
    expect(week).toHaveLength(2);
    expect((await t.request('/api/worker/earnings.csv?period=year', { cookie: wes.cookie })).status).toBe(400);
  });

  it("lets an admin read any worker's earnings; 404 for someone who is not a worker", async () => {
    const r = await t.request(`/api/admin/workers/${wanda.userId}/earnings`, { cookie: admin.cookie });
    expect(r.status).toBe(200);
    expect(((await r.json()) as Earnings).today).toMatchObject({ jobs: 1, earningsCents: 3150 + 2000 });
    expect((await t.request(`/api/admin/workers/${customer.userId}/earnings`, { cookie: admin.cookie })).status).toBe(404);
  });

  it('answers only the worker themself: 401 signed out, 403 for a customer or an admin on the worker route, 403 for a worker on the admin route', async () => {
    expect((await t.request('/api/worker/earnings')).status).toBe(401);
    expect((await t.request('/api/worker/earnings', { cookie: customer.cookie })).status).toBe(403);
    expect((await t.request('/api/worker/earnings.csv', { cookie: customer.cookie })).status).toBe(403);
    expect((await t.request(`/api/admin/workers/${wanda.userId}/earnings`, { cookie: wes.cookie })).status).toBe(403);
    // the jobs stay each worker's own
    const wandas = (await (await t.request('/api/worker/earnings', { cookie: wanda.cookie })).json()) as Earnings;
    expect(wandas.jobs.map((j) => j.reference)).toEqual([refs["Wanda's"]]);
    expect(await t.deps.db.select().from(tips).where(inArray(tips.status, ['succeeded']))).toHaveLength(3);
  });
});
