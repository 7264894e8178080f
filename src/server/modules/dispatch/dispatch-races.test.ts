/**
 * Racing dispatch actions on the same bookings (issue #10, "noticed"): an admin assigning a
 * worker while another admin (or the customer) moves the same booking to another time that day.
 * Both take the booking's row lock and the capacity lock of the day and service
 * (workers/capacity-lock.ts); taken in opposite orders they deadlock on PostgreSQL, which aborts
 * one of them (a 500). Every path takes the booking first, then the capacity
 * (src/server/modules/bookings/reschedule.service.ts, dispatch.service.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { bookings, userRoles } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { makeWorker } from '../workers/worker-defaults';

// Saturday 2026-11-21 10:00 Tampa; jobs on Monday 2026-11-23, 8:00-19:00 Tampa (13:00-00:00 UTC).
const NOW = new Date('2026-11-21T15:00:00Z');
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
const tv = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };
const mondayAt = (utcHour: number) => `2026-11-23T${String(utcHour).padStart(2, '0')}:00:00.000Z`;

describe(`racing dispatch actions (${databaseKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  const workers: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await t.signUp('race-dispatcher@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    for (let i = 0; i < 6; i++) {
      const worker = await t.signUp(`race-worker-${i}@example.com`, { name: `Worker ${i}` });
      await makeWorker(t.deps.db, worker.userId, { skills: ['tv-installation'] });
      workers.push(worker.userId);
    }
  });
  afterAll(() => t?.close());

  it('never answers a 5xx when assigning and rescheduling the same bookings at once, and leaves each booking whole', async () => {
    const customer = await t.signUp('race-customer@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const card = (await (await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie: customer.cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } })).json()) as { id: string };
      const r = await t.request('/api/bookings', {
        method: 'POST',
        cookie: customer.cookie,
        headers: { 'Idempotency-Key': `race-booking-${i}` },
        json: { options: tv, address, contactPhone: '8135550123', startAt: mondayAt(14 + i), paymentMethodId: card.id },
      });
      expect(r.status, await r.clone().text()).toBe(201);
      ids.push(((await r.json()) as { id: string }).id);
    }

    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const calls = ids.flatMap((id, i) => [
        t.request(`/api/admin/bookings/${id}/assign`, { method: 'POST', cookie: admin.cookie, json: { workerId: workers[(i + round) % workers.length] } }),
        t.request(`/api/admin/bookings/${id}/reschedule`, { method: 'POST', cookie: admin.cookie, headers: { 'Idempotency-Key': `race-move-${round}-${i}` }, json: { startAt: mondayAt(14 + ((i + round + 1) % 6)) } }),
        t.request(`/api/bookings/${id}/reschedule`, { method: 'POST', cookie: customer.cookie, headers: { 'Idempotency-Key': `race-customer-move-${round}-${i}` }, json: { startAt: mondayAt(14 + ((i + round + 3) % 6)) } }),
      ]);
      for (const response of await Promise.all(calls)) {
        statuses.push(response.status);
        if (response.status >= 500) expect.fail(`a racing call answered ${response.status}: ${await response.text()}`);
      }
    }
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);

    // Each booking is consistent: an assigned worker means a confirmed booking, and no worker
    // holds two of these jobs at overlapping times.
    const rows = await t.deps.db.select().from(bookings).where(inArray(bookings.id, ids));
    for (const row of rows) expect(row.workerId === null ? ['pending', 'confirmed'] : ['confirmed']).toContain(row.status);
    for (const a of rows) {
      for (const b of rows) {
        if (a.id < b.id && a.workerId && a.workerId === b.workerId) expect(a.scheduledEnd <= b.scheduledStart || b.scheduledEnd <= a.scheduledStart, `${a.id} and ${b.id} overlap for one worker`).toBe(true);
      }
    }
  });
});
