/**
 * Chat messages live (issue #13), on both databases: a sent message is announced by the
 * `pg_notify` of its transaction and arrives on GET /api/events as `event: chat_message` with
 * `id: <seq>` to the conversation's customer, the job's assigned worker and admins only (an
 * internal note to admins only); a stream reopened with Last-Event-ID first replays what the
 * caller missed, without the notes they may not see.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { openEventStream, seedBooking, type SseEvent } from '../../realtime/testing/booking-fixtures';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { makeWorker } from '../workers/worker-defaults';

interface Caller {
  cookie: string;
  userId: string;
}

type Stream = Awaited<ReturnType<typeof openEventStream>>;

/** The next chat_message event of a stream (booking events in between are skipped). */
async function nextChat(stream: Stream, timeoutMs = 2000): Promise<SseEvent> {
  for (;;) {
    const event = await stream.next(timeoutMs);
    if (event.event === 'chat_message') return event;
  }
}

/** Waits a moment and returns the chat events that arrived (to prove one did not). */
async function chatEventsAfterPause(stream: Stream, ms = 400): Promise<SseEvent[]> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return stream.events.filter((e) => e.event === 'chat_message');
}

describe(`chat messages live (${databaseKind})`, () => {
  let t: TestApp;
  let server: ServerType;
  let origin: string;
  let customer: Caller;
  let other: Caller;
  let worker: Caller;
  let admin: Caller;
  let conversationId: string;
  let n = 0;

  const send = async (who: Caller, body: string, internal = false) => {
    const r = await t.request(`/api/chats/${conversationId}/messages`, { method: 'POST', cookie: who.cookie, json: { body, internal }, headers: { 'Idempotency-Key': `live-send-${++n}` } });
    expect(r.status).toBe(201);
    return (await r.json()) as { id: string; seq: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    customer = await t.signUp();
    other = await t.signUp();
    worker = await t.signUp();
    admin = await t.signUp();
    await makeWorker(t.deps.db, worker.userId);
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const booking = await seedBooking(t.deps.db, customer.userId, { status: 'confirmed', workerId: worker.userId });
    const started = await t.request('/api/chats', { method: 'POST', cookie: customer.cookie, json: { bookingId: booking.id } });
    conversationId = ((await started.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it("sends a message to the conversation's customer, worker and admins, and a note to admins only", async () => {
    const streams = await Promise.all([customer, worker, admin, other].map((who) => openEventStream(origin, who.cookie)));
    const [forCustomer, forWorker, forAdmin, forOther] = streams as [Stream, Stream, Stream, Stream];
    try {
      await Promise.all(streams.map((s) => s.opened));
      const message = await send(worker, 'On my way');
      for (const stream of [forCustomer, forWorker, forAdmin]) {
        const event = await nextChat(stream);
        expect(event).toEqual({ event: 'chat_message', id: String(message.seq), data: JSON.stringify({ conversationId, messageId: message.id, seq: message.seq }) });
      }
      const note = await send(admin, 'Worker is late again', true);
      expect((await nextChat(forAdmin)).id).toBe(String(note.seq));
      expect((await chatEventsAfterPause(forCustomer)).map((e) => e.id)).toEqual([String(message.seq)]);
      expect((await chatEventsAfterPause(forWorker, 0)).map((e) => e.id)).toEqual([String(message.seq)]);
      expect(await chatEventsAfterPause(forOther, 0)).toEqual([]);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });

  it('replays what a reconnecting stream missed after its Last-Event-ID, notes only to admins', async () => {
    const seen = await send(customer, 'Before the drop');
    const missed = await send(admin, 'Sent while you were away');
    const note = await send(admin, 'Note while away', true);
    const forCustomer = await openEventStream(origin, customer.cookie, { 'Last-Event-ID': String(seen.seq) });
    const forAdmin = await openEventStream(origin, admin.cookie, { 'Last-Event-ID': String(seen.seq) });
    try {
      expect((await nextChat(forCustomer)).id).toBe(String(missed.seq));
      expect([(await nextChat(forAdmin)).id, (await nextChat(forAdmin)).id]).toEqual([String(missed.seq), String(note.seq)]);
      // and live messages follow, once each
      const live = await send(customer, 'Back again');
      expect((await nextChat(forCustomer)).id).toBe(String(live.seq));
      expect((await nextChat(forAdmin)).id).toBe(String(live.seq));
      expect((await chatEventsAfterPause(forCustomer)).map((e) => e.id)).toEqual([String(missed.seq), String(live.seq)]);
    } finally {
      await Promise.all([forCustomer.close(), forAdmin.close()]);
    }
  });

  it('replays nothing of a conversation that is not the caller\'s', async () => {
    const stream = await openEventStream(origin, other.cookie, { 'Last-Event-ID': '0' });
    try {
      await stream.opened;
      expect(await chatEventsAfterPause(stream)).toEqual([]);
    } finally {
      await stream.close();
    }
  });
});
