/**
 * Chats through the API (issue #13, first server slice), on both databases: who may read and
 * write which conversation (customer: own; worker: their active job's only; admin: all), the
 * message rules (1..2000 characters, plain text, a required Idempotency-Key), idempotent sends
 * (also ten copies at once), internal notes that customers and workers never see, read marks
 * and unread counts, the admins' inbox with its waiting minutes, and the per-user send limit.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, chatMessages, conversations, userRoles } from '../../db/schema';
import { recordEvent, seedBooking } from '../../realtime/testing/booking-fixtures';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { makeWorker } from '../workers/worker-defaults';
import { CHAT_SEND_LIMIT } from './chats.service';

const NOW = new Date('2026-11-21T15:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

interface Caller {
  cookie: string;
  userId: string;
}

describe(`chats API (${databaseKind})`, () => {
  let t: TestApp;
  let customer: Caller;
  let other: Caller;
  let worker: Caller;
  let otherWorker: Caller;
  let admin: Caller;
  let secondAdmin: Caller;
  let bookingId: string;
  let n = 0;

  const call = (method: string, path: string, who: Caller | null, json?: unknown, headers: Record<string, string> = {}) =>
    t.request(path, { method, cookie: who?.cookie, json, headers });
  const send = (who: Caller | null, conversationId: string, json: unknown, key = `chat-test-${++n}`) =>
    call('POST', `/api/chats/${conversationId}/messages`, who, json, { 'Idempotency-Key': key });
  const ok = async (response: Response | Promise<Response>, status = 200) => {
    const r = await response;
    const text = await r.text();
    expect(r.status, text).toBe(status);
    return JSON.parse(text);
  };
  const start = async (who: Caller, json: unknown = {}) => (await ok(call('POST', '/api/chats', who, json), 201)).id as string;
  const messagesOf = async (who: Caller, id: string) => (await ok(call('GET', `/api/chats/${id}/messages`, who))).messages as { id: string; body: string; seq: number; internal: boolean; senderRole: string }[];
  const summaryOf = async (who: Caller, id: string) => ((await ok(call('GET', '/api/chats', who))).conversations as { id: string; unreadCount: number; lastMessage: { body: string } | null }[]).find((c) => c.id === id);
  const inboxEntry = async (who: Caller, id: string, filter = 'open') => ((await ok(call('GET', `/api/admin/chats?filter=${filter}`, who))).conversations as { id: string; waitingMinutes: number | null; unreadCount: number; status: string; assignedAdmin: { id: string } | null; customer: { id: string }; bookingId: string | null; lastMessage: { body: string; internal: boolean } | null }[]).find((c) => c.id === id);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    customer = await t.signUp();
    other = await t.signUp();
    worker = await t.signUp();
    otherWorker = await t.signUp();
    admin = await t.signUp();
    secondAdmin = await t.signUp();
    await makeWorker(t.deps.db, worker.userId);
    await makeWorker(t.deps.db, otherWorker.userId);
    await t.deps.db.insert(userRoles).values([
      { userId: admin.userId, role: 'admin' },
      { userId: secondAdmin.userId, role: 'admin' },
    ]);
    bookingId = (await seedBooking(t.deps.db, customer.userId, { status: 'confirmed', workerId: worker.userId })).id;
  });
  afterAll(() => t?.close());

  describe('who may start, read and write', () => {
    it('refuses every chat route to a signed-out caller (401) and the inbox to non-admins (403)', async () => {
      const id = await start(customer);
      for (const [method, path] of [
        ['POST', '/api/chats'],
        ['GET', '/api/chats'],
        ['GET', `/api/chats/${id}/messages`],
        ['POST', `/api/chats/${id}/messages`],
        ['POST', `/api/chats/${id}/read`],
        ['GET', '/api/admin/chats'],
        ['POST', `/api/admin/chats/${id}/close`],
      ] as const) {
        expect((await call(method, path, null, method === 'POST' ? {} : undefined, { 'Idempotency-Key': `anon-${++n}` })).status, `${method} ${path}`).toBe(401);
      }
      for (const who of [customer, worker]) expect((await call('GET', '/api/admin/chats', who)).status).toBe(403);
      expect((await call('POST', `/api/admin/chats/${id}/close`, customer)).status).toBe(403);
    });

    it('starts one open conversation per booking (a second start opens the same), and never on someone else\'s booking', async () => {
      const first = await ok(call('POST', '/api/chats', customer, { bookingId }), 201);
      expect(first).toMatchObject({ bookingId, status: 'open', customer: { id: customer.userId }, unreadCount: 0, waitingMinutes: null, lastMessage: null });
      const again = await ok(call('POST', '/api/chats', customer, { bookingId }), 200);
      expect(again.id).toBe(first.id);

      const before = await t.deps.db.select().from(conversations);
      const refused = await call('POST', '/api/chats', other, { bookingId });
      expect(refused.status).toBe(404);
      expect(await t.deps.db.select().from(conversations)).toEqual(before);
      expect((await call('POST', '/api/chats', other, { bookingId: randomUUID() })).status).toBe(404);
    });

    it('lets the customer, the assigned worker and admins in, and answers 404 to anyone else', async () => {
      const id = (await ok(call('POST', '/api/chats', customer, { bookingId }), 200)).id as string;
      await ok(send(customer, id, { body: 'Is the worker on the way?' }), 201);
      await ok(send(worker, id, { body: 'Leaving now' }), 201);
      await ok(send(admin, id, { body: 'He will be there at 10' }), 201);
      for (const who of [customer, worker, admin]) expect((await messagesOf(who, id)).map((m) => m.senderRole)).toEqual(['customer', 'worker', 'admin']);
      for (const who of [other, otherWorker]) {
        expect((await call('GET', `/api/chats/${id}/messages`, who)).status).toBe(404);
        expect((await send(who, id, { body: 'let me in' })).status).toBe(404);
        expect((await call('POST', `/api/chats/${id}/read`, who, { seq: 1 })).status).toBe(404);
        expect((await ok(call('GET', '/api/chats', who))).conversations).toEqual([]);
      }
      expect((await messagesOf(customer, id))).toHaveLength(3);
      // an id that is no conversation
      expect((await call('GET', `/api/chats/${randomUUID()}/messages`, admin)).status).toBe(404);
      expect((await call('GET', '/api/chats/not-a-uuid/messages', admin)).status).toBe(404);
    });

    it('keeps a worker in a job\'s conversation only while assigned and the job is active', async () => {
      const job = await seedBooking(t.deps.db, customer.userId, { status: 'confirmed', workerId: worker.userId });
      const id = await start(customer, { bookingId: job.id });
      expect((await ok(call('GET', '/api/chats', worker))).conversations.map((c: { id: string }) => c.id)).toContain(id);
      expect((await call('GET', `/api/chats/${id}/messages`, worker)).status).toBe(200);

      // reassigned: the new worker joins, the old one leaves
      await recordEvent(t.deps.db, job, 'assigned', { workerId: otherWorker.userId });
      expect((await call('GET', `/api/chats/${id}/messages`, worker)).status).toBe(404);
      expect((await send(worker, id, { body: 'still here?' })).status).toBe(404);
      expect((await ok(call('GET', '/api/chats', worker))).conversations.map((c: { id: string }) => c.id)).not.toContain(id);
      expect((await call('GET', `/api/chats/${id}/messages`, otherWorker)).status).toBe(200);

      // completed: the worker leaves too
      await recordEvent(t.deps.db, job, 'completed', { status: 'completed' });
      expect((await call('GET', `/api/chats/${id}/messages`, otherWorker)).status).toBe(404);
      expect((await ok(call('GET', '/api/chats', otherWorker))).conversations.map((c: { id: string }) => c.id)).not.toContain(id);
      // the customer and admins keep it
      expect((await call('GET', `/api/chats/${id}/messages`, customer)).status).toBe(200);
      expect((await call('GET', `/api/chats/${id}/messages`, admin)).status).toBe(200);
    });
  });

  describe('message rules', () => {
    let id: string;
    beforeAll(async () => {
      id = await start(other);
    });

    it('refuses an empty, blank or 2001-character message and a bad booking id with the field (400), and takes 2000 characters', async () => {
      for (const body of ['', '   \n ', 'x'.repeat(2001), ` ${'y'.repeat(2001)} `]) {
        const refused = await ok(send(other, id, { body }), 400);
        expect(refused.code).toBe('validation_failed');
        expect(refused.details.body).toEqual(expect.any(String));
      }
      const missing = await ok(send(other, id, {}), 400);
      expect(Object.keys(missing.details)).toEqual(['body']);
      const wrongType = await ok(send(other, id, { body: 'hi', internal: 'yes' }), 400);
      expect(Object.keys(wrongType.details)).toEqual(['internal']);
      const badBooking = await ok(call('POST', '/api/chats', other, { bookingId: 'not-a-uuid' }), 400);
      expect(Object.keys(badBooking.details)).toEqual(['bookingId']);
      const badSeq = await ok(call('POST', `/api/chats/${id}/read`, other, { seq: -1 }), 400);
      expect(Object.keys(badSeq.details)).toEqual(['seq']);
      expect((await messagesOf(other, id))).toEqual([]);

      const longest = await ok(send(other, id, { body: `  ${'z'.repeat(2000)}  ` }), 201);
      expect(longest.body).toBe('z'.repeat(2000));
    });

    it('stores text as given, markup included (the web escapes it)', async () => {
      const sent = await ok(send(other, id, { body: '<b>bold</b> & https://example.com' }), 201);
      expect((await messagesOf(other, id)).at(-1)!.body).toBe('<b>bold</b> & https://example.com');
      expect(sent.body).toBe('<b>bold</b> & https://example.com');
    });

    it('needs an Idempotency-Key', async () => {
      const refused = await ok(call('POST', `/api/chats/${id}/messages`, other, { body: 'no key' }), 400);
      expect(refused.code).toBe('idempotency_key_required');
    });

    it('answers a retried send with the first message, and refuses the key for another text (422)', async () => {
      const first = await ok(send(other, id, { body: 'Once' }, 'retry-key-1'), 201);
      const retry = await send(other, id, { body: 'Once' }, 'retry-key-1');
      expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
      expect(await ok(retry, 200)).toEqual(first);
      expect((await ok(send(other, id, { body: 'Twice' }, 'retry-key-1'), 422)).code).toBe('idempotency_key_reused');
      expect((await messagesOf(other, id)).filter((m) => m.body === 'Once' || m.body === 'Twice')).toHaveLength(1);
    });

    it('stores one message for ten copies sent at once with the same key', async () => {
      const responses = await Promise.all(Array.from({ length: 10 }, () => send(other, id, { body: 'Ten at once' }, 'concurrent-key')));
      const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() })));
      expect(bodies.filter((b) => b.status === 201)).toHaveLength(1);
      expect(bodies.filter((b) => b.status === 200)).toHaveLength(9);
      expect(new Set(bodies.map((b) => b.body.id)).size).toBe(1);
      expect(await t.deps.db.select().from(chatMessages).where(eq(chatMessages.body, 'Ten at once'))).toHaveLength(1);
    });

    it(`limits a user to ${CHAT_SEND_LIMIT.max} messages a minute (429 with Retry-After)`, async () => {
      const chatty = await t.signUp();
      const own = await start(chatty);
      for (let i = 0; i < CHAT_SEND_LIMIT.max; i++) await ok(send(chatty, own, { body: `message ${i}` }), 201);
      const refused = await send(chatty, own, { body: 'one too many' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await messagesOf(chatty, own))).toHaveLength(CHAT_SEND_LIMIT.max);
      t.setNow(minutes(2));
      try {
        await ok(send(chatty, own, { body: 'after the wait' }), 201);
      } finally {
        t.setNow(NOW);
      }
    });
  });

  describe('internal notes', () => {
    it('are shown to admins only and never counted or listed for the customer or the worker', async () => {
      const job = await seedBooking(t.deps.db, customer.userId, { status: 'en_route', workerId: worker.userId });
      const id = await start(customer, { bookingId: job.id });
      await ok(send(customer, id, { body: 'Hello' }), 201);
      await ok(send(customer, id, { body: 'Can you come earlier?' }), 201);
      const note = await ok(send(admin, id, { body: 'Customer was rude last time', internal: true }), 201);
      expect(note.internal).toBe(true);

      for (const who of [customer, worker]) {
        expect((await messagesOf(who, id)).map((m) => m.body)).toEqual(['Hello', 'Can you come earlier?']);
        const summary = await summaryOf(who, id);
        expect(summary!.lastMessage!.body).toBe('Can you come earlier?');
      }
      expect((await summaryOf(customer, id))!.unreadCount).toBe(0);
      expect((await messagesOf(admin, id)).map((m) => m.body)).toEqual(['Hello', 'Can you come earlier?', 'Customer was rude last time']);
      const entry = await inboxEntry(admin, id);
      expect(entry!.lastMessage).toMatchObject({ body: 'Customer was rude last time', internal: true });
      // a note is not an answer: the customer still waits
      expect(entry!.waitingMinutes).toBe(0);

      for (const who of [customer, worker]) {
        const refused = await ok(send(who, id, { body: 'sneaky note', internal: true }), 403);
        expect(refused.code).toBe('forbidden');
      }
      expect((await messagesOf(admin, id)).map((m) => m.body)).not.toContain('sneaky note');
    });
  });

  describe('read marks and unread counts', () => {
    it('counts the team\'s messages the customer has not read, and the customer\'s for admins', async () => {
      const id = await start(customer, { bookingId: (await seedBooking(t.deps.db, customer.userId)).id });
      await ok(send(customer, id, { body: 'Question one' }), 201);
      await ok(send(customer, id, { body: 'Question two' }), 201);
      expect((await inboxEntry(admin, id))!.unreadCount).toBe(2);
      expect((await inboxEntry(secondAdmin, id))!.unreadCount).toBe(2);
      const a1 = await ok(send(admin, id, { body: 'Answer one' }), 201);
      const a2 = await ok(send(admin, id, { body: 'Answer two' }), 201);
      // answering reads what came before; another admin's replies are not unread customer messages
      expect((await inboxEntry(admin, id))!.unreadCount).toBe(0);
      expect((await inboxEntry(secondAdmin, id))!.unreadCount).toBe(2);
      expect((await summaryOf(customer, id))!.unreadCount).toBe(2);

      expect(await ok(call('POST', `/api/chats/${id}/read`, customer, { seq: a1.seq }))).toEqual({ conversationId: id, lastReadSeq: a1.seq, unreadCount: 1 });
      // never back
      expect((await ok(call('POST', `/api/chats/${id}/read`, customer, { seq: 0 }))).lastReadSeq).toBe(a1.seq);
      // never past the last message
      expect(await ok(call('POST', `/api/chats/${id}/read`, customer, { seq: a2.seq + 1000 }))).toEqual({ conversationId: id, lastReadSeq: a2.seq, unreadCount: 0 });
      expect((await summaryOf(customer, id))!.unreadCount).toBe(0);

      const messages = await messagesOf(secondAdmin, id);
      expect((await ok(call('POST', `/api/chats/${id}/read`, secondAdmin, { seq: messages[0]!.seq }))).unreadCount).toBe(1);
      expect((await inboxEntry(secondAdmin, id))!.unreadCount).toBe(1);
      // a new customer message after the mark
      await ok(send(customer, id, { body: 'Thanks' }), 201);
      expect((await inboxEntry(admin, id))!.unreadCount).toBe(1);
      expect((await inboxEntry(secondAdmin, id))!.unreadCount).toBe(2);
    });
  });

  describe('the admins\' inbox', () => {
    it('shows the minutes since the first unanswered customer message until the team answers', async () => {
      const id = await start(other, { bookingId: (await seedBooking(t.deps.db, other.userId)).id });
      await ok(send(other, id, { body: 'Anyone there?' }), 201);
      t.setNow(minutes(3));
      await ok(send(other, id, { body: 'Hello?' }), 201);
      t.setNow(minutes(11));
      try {
        const waiting = await inboxEntry(admin, id);
        expect(waiting).toMatchObject({ waitingMinutes: 11, customer: { id: other.userId }, status: 'open', lastMessage: { body: 'Hello?' } });
        await ok(send(admin, id, { body: 'Sorry, here now' }), 201);
        expect((await inboxEntry(admin, id))!.waitingMinutes).toBeNull();
        t.setNow(minutes(12));
        await ok(send(other, id, { body: 'Great' }), 201);
        t.setNow(minutes(18));
        expect((await inboxEntry(admin, id))!.waitingMinutes).toBe(6);
      } finally {
        t.setNow(NOW);
      }
    });

    it('assigns to admins only, filters mine, closes and reopens (a customer message reopens too)', async () => {
      const asker = await t.signUp();
      const id = await start(asker);
      await ok(send(asker, id, { body: 'Help with my account' }), 201);
      const refused = await ok(call('POST', `/api/admin/chats/${id}/assign`, admin, { adminId: worker.userId }), 422);
      expect(refused.code).toBe('assignee_not_admin');
      expect((await ok(call('POST', `/api/admin/chats/${id}/assign`, admin, { adminId: secondAdmin.userId }))).assignedAdmin.id).toBe(secondAdmin.userId);
      expect(await inboxEntry(secondAdmin, id, 'mine')).toBeDefined();
      expect(await inboxEntry(admin, id, 'mine')).toBeUndefined();
      expect((await ok(call('POST', `/api/admin/chats/${randomUUID()}/assign`, admin, { adminId: null }), 404)).code).toBe('not_found');

      expect((await ok(call('POST', `/api/admin/chats/${id}/close`, admin))).status).toBe('closed');
      expect(await inboxEntry(admin, id, 'open')).toBeUndefined();
      expect((await inboxEntry(admin, id, 'closed'))!.waitingMinutes).toBeNull();
      expect((await ok(call('POST', `/api/admin/chats/${id}/reopen`, admin))).status).toBe('open');
      await ok(call('POST', `/api/admin/chats/${id}/close`, admin));
      await ok(send(asker, id, { body: 'One more thing' }), 201);
      expect((await inboxEntry(admin, id, 'open'))!.status).toBe('open');
      expect((await ok(call('POST', `/api/admin/chats/${id}/assign`, admin, { adminId: null }))).assignedAdmin).toBeNull();
      expect((await ok(call('GET', '/api/admin/chats?filter=everything', admin), 400)).details).toHaveProperty('query.filter');
    });
  });

  it('keeps bookings untouched by chats', async () => {
    const [row] = await t.deps.db.select({ status: bookings.status, workerId: bookings.workerId }).from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toEqual({ status: 'confirmed', workerId: worker.userId });
  });
});
