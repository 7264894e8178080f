import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { makeWorker } from '../workers/worker-defaults';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import type { CustomerHistory } from '../../../domain/customer-history-contract';

// Saturday 2026-11-21 10:00 Tampa; jobs on Monday 2026-11-23 and Tuesday 2026-11-24.
const NOW = new Date('2026-11-21T15:00:00Z');
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
const tv = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };

describe(`admin customer history (${databaseKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  let carla: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };
  let wes: { cookie: string; userId: string };
  const booked: Record<string, { id: string; reference: string }> = {};
  let n = 0;

  async function book(cookie: string, startAt: string, notes?: string) {
    const pm = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    const r = await t.request('/api/bookings', {
      method: 'POST',
      cookie,
      headers: { 'Idempotency-Key': `history-key-${++n}` },
      json: { options: tv, address, contactPhone: '8135550123', startAt, notes, paymentMethodId: ((await pm.json()) as { id: string }).id },
    });
    expect(r.status, await r.clone().text()).toBe(201);
    return (await r.json()) as { id: string; reference: string };
  }
  const post = async (path: string, cookie: string, json: object, headers: Record<string, string> = {}) => t.request(path, { method: 'POST', cookie, json, headers });
  const history = (id: string, cookie = admin.cookie) => t.request(`/api/admin/customers/${id}/history`, { cookie });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await t.signUp('history-admin@example.com', { name: 'Ada Admin' });
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    carla = await t.signUp('history-carla@example.com', { name: 'Carla Customer' });
    other = await t.signUp('history-other@example.com', { name: 'Otto Other' });
    wes = await t.signUp('history-wes@example.com', { name: 'Wes' });
    await makeWorker(t.deps.db, wes.userId, { skills: ['tv-installation'] });

    booked.monday = await book(carla.cookie, '2026-11-23T15:00:00.000Z', 'Gate code 1234');
    booked.tuesday = await book(carla.cookie, '2026-11-24T15:00:00.000Z');
    booked.others = await book(other.cookie, '2026-11-24T17:00:00.000Z', 'Not Carla');
    expect((await post(`/api/admin/bookings/${booked.monday.id}/assign`, admin.cookie, { workerId: wes.userId })).status).toBe(200);
    expect((await post(`/api/admin/bookings/${booked.tuesday.id}/cancel`, admin.cookie, { waiveFee: true, reason: 'Customer called to cancel' })).status).toBe(200);

    const chat = (await (await post('/api/chats', carla.cookie, { bookingId: booked.monday.id })).json()) as { id: string };
    expect((await post(`/api/chats/${chat.id}/messages`, carla.cookie, { body: 'Can you come earlier?' }, { 'Idempotency-Key': 'history-chat-1' })).status).toBe(201);
    expect((await post(`/api/chats/${chat.id}/messages`, admin.cookie, { body: 'Prefers mornings', internal: true }, { 'Idempotency-Key': 'history-chat-2' })).status).toBe(201);
  });
  afterAll(() => t?.close());

  it("shows one customer's bookings, payments, chats and notes, and nobody else's", async () => {
    const r = await history(carla.userId);
    expect(r.status).toBe(200);
    const body = (await r.json()) as CustomerHistory;
    expect(body.customer).toMatchObject({ id: carla.userId, name: 'Carla Customer', email: 'history-carla@example.com' });

    // newest appointment first, with status and technician
    expect(body.bookings.map((b) => [b.reference, b.status, b.workerName])).toEqual([
      [booked.tuesday!.reference, 'cancelled', null],
      [booked.monday!.reference, 'confirmed', 'Wes'],
    ]);

    // the ledger of her bookings only: the holds placed, and the cancelled one's release
    const references = new Set(body.payments.map((p) => p.reference));
    expect(references).toEqual(new Set([booked.monday!.reference, booked.tuesday!.reference]));
    expect(body.payments.filter((p) => p.kind === 'hold_placed')).toHaveLength(2);
    expect(body.payments.some((p) => p.reference === booked.tuesday!.reference && p.kind === 'voided')).toBe(true);

    // the chat on the Monday booking, the internal note marked
    expect(body.chats).toHaveLength(1);
    expect(body.chats[0]).toMatchObject({ bookingReference: booked.monday!.reference });
    expect(body.chats[0]!.messages.map((m) => [m.senderRole, m.body, m.internal])).toEqual([
      ['customer', 'Can you come earlier?', false],
      ['admin', 'Prefers mornings', true],
    ]);

    // her booking note and the reason given when it was cancelled; never the other customer's
    expect(body.notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reference: booked.monday!.reference, source: 'booking', text: 'Gate code 1234' }),
        expect.objectContaining({ reference: booked.tuesday!.reference, source: 'event', authorRole: 'admin', text: 'Customer called to cancel' }),
      ]),
    );
    expect(JSON.stringify(body)).not.toContain('Not Carla');
    expect(JSON.stringify(body)).not.toContain(booked.others!.reference);
  });

  it('answers 404 for an unknown id', async () => {
    const r = await history('no-such-user');
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers admins only: 401 signed out, 403 for a worker or the customer themself', async () => {
    expect((await t.request(`/api/admin/customers/${carla.userId}/history`)).status).toBe(401);
    expect((await history(carla.userId, wes.cookie)).status).toBe(403);
    expect((await history(carla.userId, carla.cookie)).status).toBe(403);
  });
});
