/**
 * Typing and live read receipts (issue #13), on both databases: `POST /api/chats/{id}/typing`
 * reaches the conversation's other participants as `event: chat_typing` (never the typist, a
 * stranger, or a worker who is not on the job), at most once per 2 s per typist; read marks that
 * move (reading, marking read, sending) reach the other side as `event: chat_receipt`, and marks
 * that do not move announce nothing. A signed-out guest's stream gets the team's typing and
 * receipts of their conversation, and the guest's typing reaches the team.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { openEventStream, seedBooking, waitFor } from '../../realtime/testing/booking-fixtures';
import { createTestApp, databaseKind, sessionCookie, type TestApp } from '../../test/test-app';
import { makeWorker } from '../workers/worker-defaults';

interface Caller {
  cookie: string;
  userId: string;
}

type Stream = Awaited<ReturnType<typeof openEventStream>>;

const NOW = new Date('2026-11-21T15:00:00Z');

/** The data of a stream's events of one kind, parsed. */
const dataOf = (stream: Stream, event: string) => stream.events.filter((e) => e.event === event).map((e) => JSON.parse(e.data) as Record<string, unknown>);
const pause = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`chat typing and read receipts live (${databaseKind})`, () => {
  let t: TestApp;
  let server: ServerType;
  let origin: string;
  let customer: Caller;
  let stranger: Caller;
  let worker: Caller;
  let otherWorker: Caller;
  let admin: Caller;
  let conversationId: string;
  let clock = NOW.getTime();
  let n = 0;

  const typing = (who: Caller | null, id = conversationId) => t.request(`/api/chats/${id}/typing`, { method: 'POST', cookie: who?.cookie });
  const send = async (who: Caller, body: string, internal = false) => {
    const r = await t.request(`/api/chats/${conversationId}/messages`, { method: 'POST', cookie: who.cookie, json: { body, internal }, headers: { 'Idempotency-Key': `activity-${++n}` } });
    expect(r.status).toBe(201);
    return (await r.json()) as { id: string; seq: number };
  };
  /** Streams for everyone, opened; closed after `body`. */
  const withStreams = async (body: (s: Record<'customer' | 'stranger' | 'worker' | 'otherWorker' | 'admin', Stream>) => Promise<void>) => {
    const who = { customer, stranger, worker, otherWorker, admin };
    const streams = Object.fromEntries(await Promise.all(Object.entries(who).map(async ([name, caller]) => [name, await openEventStream(origin, caller.cookie)] as const))) as Record<keyof typeof who, Stream>;
    try {
      await Promise.all(Object.values(streams).map((s) => s.opened));
      await body(streams);
    } finally {
      await Promise.all(Object.values(streams).map((s) => s.close()));
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    customer = await t.signUp();
    stranger = await t.signUp();
    worker = await t.signUp(undefined, { name: 'Walt Worker' });
    otherWorker = await t.signUp();
    admin = await t.signUp(undefined, { name: 'Dana Admin' });
    await makeWorker(t.deps.db, worker.userId);
    await makeWorker(t.deps.db, otherWorker.userId);
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const booking = await seedBooking(t.deps.db, customer.userId, { status: 'confirmed', workerId: worker.userId });
    const started = await t.request('/api/chats', { method: 'POST', cookie: customer.cookie, json: { bookingId: booking.id } });
    conversationId = ((await started.json()) as { id: string }).id;
  });
  beforeEach(() => {
    // each test starts well past the last typing notice's throttle window
    clock += 60_000;
    t.setNow(new Date(clock));
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it("sends typing to the conversation's other participants only, never to the typist, a stranger or a worker not on the job", async () => {
    await withStreams(async (s) => {
      expect((await typing(customer)).status).toBe(204);
      const fromCustomer = { conversationId, senderRole: 'customer', senderName: 'Test Customer' };
      await waitFor(() => dataOf(s.admin, 'chat_typing').length === 1 && dataOf(s.worker, 'chat_typing').length === 1, 3000, 'typing to admin and worker');
      expect(dataOf(s.admin, 'chat_typing')).toEqual([fromCustomer]);
      expect(dataOf(s.worker, 'chat_typing')).toEqual([fromCustomer]);

      expect((await typing(admin)).status).toBe(204);
      const fromAdmin = { conversationId, senderRole: 'admin', senderName: 'Dana Admin' };
      await waitFor(() => dataOf(s.customer, 'chat_typing').length === 1 && dataOf(s.worker, 'chat_typing').length === 2, 3000, 'typing to customer and worker');
      expect(dataOf(s.customer, 'chat_typing')).toEqual([fromAdmin]);
      expect(dataOf(s.worker, 'chat_typing')[1]).toEqual(fromAdmin);

      await pause();
      expect(dataOf(s.admin, 'chat_typing')).toEqual([fromCustomer]); // not their own
      expect(dataOf(s.stranger, 'chat_typing')).toEqual([]);
      expect(dataOf(s.otherWorker, 'chat_typing')).toEqual([]);
      // typing is not a message: nothing else moved
      for (const stream of Object.values(s)) expect(stream.events.filter((e) => e.event === 'chat_message' || e.event === 'chat_receipt')).toEqual([]);
    });
  });

  it('refuses typing to callers who may not send: 401 signed out, 404 for a stranger and a worker not on the job', async () => {
    expect((await typing(null)).status).toBe(401);
    expect((await typing(stranger)).status).toBe(404);
    expect((await typing(otherWorker)).status).toBe(404);
    expect((await typing(customer, '7d0c2f4e-8a61-4b9e-9c3d-5e2a1f0b6c7d')).status).toBe(404);
  });

  it('announces a typist at most once every 2 seconds', async () => {
    await withStreams(async (s) => {
      expect((await typing(worker)).status).toBe(204);
      t.setNow(new Date(clock + 1_500));
      expect((await typing(worker)).status).toBe(204); // answered, dropped
      await waitFor(() => dataOf(s.customer, 'chat_typing').length >= 1, 3000, 'first typing');
      await pause();
      expect(dataOf(s.customer, 'chat_typing')).toHaveLength(1);
      t.setNow(new Date(clock + 2_500));
      expect((await typing(worker)).status).toBe(204);
      await waitFor(() => dataOf(s.customer, 'chat_typing').length === 2, 3000, 'typing again after 2 s');
      expect(dataOf(s.customer, 'chat_typing')[1]).toEqual({ conversationId, senderRole: 'worker', senderName: 'Walt Worker' });
    });
  });

  it('moves read receipts live to the other side, and only when a mark moved', async () => {
    await withStreams(async (s) => {
      const question = await send(customer, 'Is the worker on the way?');
      // sending marks the customer's own message read: the team hears the customer's marks
      await waitFor(() => dataOf(s.admin, 'chat_receipt').length === 1 && dataOf(s.worker, 'chat_receipt').length === 1, 3000, 'customer receipt after sending');
      expect(dataOf(s.admin, 'chat_receipt')).toEqual([{ conversationId, side: 'customer', deliveredSeq: question.seq, readSeq: question.seq }]);

      // the admin opens the conversation: the team's marks move (delivered, and read by answering)
      const read = await t.request(`/api/chats/${conversationId}/messages`, { cookie: admin.cookie });
      expect(read.status).toBe(200);
      await waitFor(() => dataOf(s.customer, 'chat_receipt').length === 1, 3000, 'team delivered');
      const teamDelivered = dataOf(s.customer, 'chat_receipt')[0]!;
      expect(teamDelivered).toMatchObject({ conversationId, side: 'team', deliveredSeq: question.seq });
      expect((await t.request(`/api/chats/${conversationId}/read`, { method: 'POST', cookie: admin.cookie, json: { seq: question.seq } })).status).toBe(200);
      await waitFor(() => dataOf(s.customer, 'chat_receipt').length === 2, 3000, 'team read');
      expect(dataOf(s.customer, 'chat_receipt')[1]).toEqual({ conversationId, side: 'team', deliveredSeq: question.seq, readSeq: question.seq });

      // reading again moves nothing: nothing is announced
      expect((await t.request(`/api/chats/${conversationId}/read`, { method: 'POST', cookie: admin.cookie, json: { seq: question.seq } })).status).toBe(200);
      expect((await t.request(`/api/chats/${conversationId}/messages`, { cookie: admin.cookie })).status).toBe(200);

      // the team answers; the customer receives it (delivered) and reads it
      const answer = await send(admin, 'Yes, 10 minutes away');
      await waitFor(() => dataOf(s.customer, 'chat_receipt').length === 3, 3000, 'team marks after answering');
      expect(dataOf(s.customer, 'chat_receipt')[2]).toEqual({ conversationId, side: 'team', deliveredSeq: answer.seq, readSeq: answer.seq });
      expect((await t.request(`/api/chats/${conversationId}/messages?after=${question.seq}`, { cookie: customer.cookie })).status).toBe(200);
      await waitFor(() => dataOf(s.admin, 'chat_receipt').length === 2, 3000, 'customer delivered');
      expect(dataOf(s.admin, 'chat_receipt')[1]).toEqual({ conversationId, side: 'customer', deliveredSeq: answer.seq, readSeq: question.seq });
      expect((await t.request(`/api/chats/${conversationId}/read`, { method: 'POST', cookie: customer.cookie, json: { seq: answer.seq } })).status).toBe(200);
      await waitFor(() => dataOf(s.worker, 'chat_receipt').length === 3, 3000, 'customer read, to the worker');
      expect(dataOf(s.worker, 'chat_receipt')[2]).toEqual({ conversationId, side: 'customer', deliveredSeq: answer.seq, readSeq: answer.seq });

      await pause();
      expect(dataOf(s.customer, 'chat_receipt')).toHaveLength(3);
      expect(dataOf(s.admin, 'chat_receipt')).toHaveLength(3);
      expect(dataOf(s.stranger, 'chat_receipt')).toEqual([]);
      expect(dataOf(s.otherWorker, 'chat_receipt')).toEqual([]);
    });
  });

  it("sends a guest the team's typing and receipts of their conversation, and the guest's typing to the team", async () => {
    const started = await t.request('/api/chats/guest', { method: 'POST', json: { name: 'Gina Guest', email: 'gina@example.com' } });
    expect(started.status).toBe(201);
    const guestChat = ((await started.json()) as { id: string }).id;
    const guestCookie = sessionCookie(started);
    const guest = await openEventStream(origin, guestCookie);
    const forAdmin = await openEventStream(origin, admin.cookie);
    const forCustomer = await openEventStream(origin, customer.cookie);
    try {
      await Promise.all([guest.opened, forAdmin.opened, forCustomer.opened]);
      expect((await typing(admin, guestChat)).status).toBe(204);
      await waitFor(() => dataOf(guest, 'chat_typing').length === 1, 3000, 'admin typing to the guest');
      expect(dataOf(guest, 'chat_typing')).toEqual([{ conversationId: guestChat, senderRole: 'admin', senderName: 'Dana Admin' }]);

      expect((await t.request(`/api/chats/${guestChat}/typing`, { method: 'POST', cookie: guestCookie })).status).toBe(204);
      await waitFor(() => dataOf(forAdmin, 'chat_typing').length === 1, 3000, 'guest typing to the admin');
      expect(dataOf(forAdmin, 'chat_typing')).toEqual([{ conversationId: guestChat, senderRole: 'guest', senderName: null }]);
      // another conversation's typist cannot use the guest's
      expect((await t.request(`/api/chats/${conversationId}/typing`, { method: 'POST', cookie: guestCookie })).status).toBe(404);

      const r = await t.request(`/api/chats/${guestChat}/messages`, { method: 'POST', cookie: guestCookie, json: { body: 'Hi there' }, headers: { 'Idempotency-Key': `activity-${++n}` } });
      const { seq } = (await r.json()) as { seq: number };
      expect((await t.request(`/api/chats/${guestChat}/read`, { method: 'POST', cookie: admin.cookie, json: { seq } })).status).toBe(200);
      await waitFor(() => dataOf(guest, 'chat_receipt').length === 1, 3000, 'team receipt to the guest');
      expect(dataOf(guest, 'chat_receipt')).toEqual([{ conversationId: guestChat, side: 'team', deliveredSeq: seq, readSeq: seq }]);
      await pause();
      expect(dataOf(guest, 'chat_typing')).toHaveLength(1);
      expect(dataOf(forCustomer, 'chat_typing')).toEqual([]);
      expect(dataOf(forCustomer, 'chat_receipt')).toEqual([]);
    } finally {
      await Promise.all([guest.close(), forAdmin.close(), forCustomer.close()]);
    }
  });
});
