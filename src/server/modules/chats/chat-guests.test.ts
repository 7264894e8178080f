/**
 * Guest chats through the API (issue #13), on both databases: a signed-out visitor starts a
 * conversation with a name and an email or a phone (400 with translated field details otherwise),
 * gets the `chat_guest` cookie, reads and writes through the ordinary message routes (someone
 * else's cookie: 404), follows the conversation live on GET /api/events, and is limited per IP.
 * A guest's read marks are kept on the conversation: reading and marking read move the team's
 * receipts (HTTP and live `chat_receipt`), never back and never past the last message.
 * On sign-in the conversation joins the account by cookie or by a verified email — never by an
 * unverified one — carrying the guest's marks into chat_reads; a customer who deletes their
 * account loses their conversations.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatReads, conversations, user, userRoles } from '../../db/schema';
import { openEventStream, waitFor, type SseEvent } from '../../realtime/testing/booking-fixtures';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-21T15:00:00Z');

interface Caller {
  cookie: string;
  userId: string;
}

/** A guest: their `chat_guest` cookie (name=value) and conversation. */
interface Guest {
  cookie: string;
  token: string;
  id: string;
}

type Stream = Awaited<ReturnType<typeof openEventStream>>;

describe(`guest chats (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  let server: ServerType;
  let origin: string;
  let n = 0;
  let ip = 0;

  const call = (method: string, path: string, cookie: string | undefined, json?: unknown, headers: Record<string, string> = {}) =>
    t.request(path, { method, cookie, json, headers: { 'X-Forwarded-For': `198.51.100.${++ip % 250}`, ...headers } });
  const ok = async (response: Response | Promise<Response>, status = 200) => {
    const r = await response;
    const text = await r.text();
    expect(r.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const send = (cookie: string | undefined, id: string, json: unknown, key = `guest-test-${++n}`) =>
    call('POST', `/api/chats/${id}/messages`, cookie, json, { 'Idempotency-Key': key });
  const setCookieOf = (response: Response, name: string) => response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  const startGuest = async (json: Record<string, unknown> = {}): Promise<Guest> => {
    const response = await call('POST', '/api/chats/guest', undefined, { name: 'Gina Guest', email: 'gina@example.com', ...json });
    const body = await ok(response, 201);
    const token = setCookieOf(response, 'chat_guest')!.split(';')[0]!.slice('chat_guest='.length);
    return { cookie: `chat_guest=${token}`, token, id: body.id };
  };
  const conversationRow = async (id: string) => (await t.deps.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { TRUST_PROXY: 'true' } });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    admin = await t.signUp();
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  describe('starting', () => {
    it('asks for a name and an email or a phone, with field details in the caller\'s language', async () => {
      const noName = await ok(call('POST', '/api/chats/guest', undefined, { email: 'a@example.com' }), 400);
      expect(noName).toMatchObject({ code: 'validation_failed', details: { name: 'Please tell us your name.' } });
      const noContact = await ok(call('POST', '/api/chats/guest', undefined, { name: 'Ana' }), 400);
      expect(noContact.details).toEqual({ email: 'Please give an email or a phone number so we can answer you.' });
      const inSpanish = await ok(call('POST', '/api/chats/guest', undefined, { name: '  ', phone: '(813) 555-0142' }, { 'Accept-Language': 'es' }), 400);
      expect(inSpanish.details).toEqual({ name: 'Dinos tu nombre.' });
      const badEmail = await ok(call('POST', '/api/chats/guest', undefined, { name: 'Ana', email: 'not-an-email' }), 400);
      expect(badEmail.details).toEqual({ email: 'Please enter a valid email address.' });
      const extra = await ok(call('POST', '/api/chats/guest', undefined, { name: 'Ana', email: 'a@example.com', customerId: 'someone' }), 400);
      expect(extra).toMatchObject({ code: 'validation_failed', details: { _: expect.any(String) } }); // an unknown field
      expect(await t.deps.db.select().from(conversations)).toEqual([]);
    });

    it('starts a conversation, sets an HttpOnly chat_guest cookie for 30 days and keeps only its hash', async () => {
      const response = await call('POST', '/api/chats/guest', undefined, { name: 'Pat Phone', phone: '(813) 555-0142', language: 'es' });
      const body = await ok(response, 201);
      expect(body).toMatchObject({ status: 'open', guest: true, customer: { id: null, name: 'Pat Phone', email: null }, language: 'es', bookingId: null, lastMessage: null });
      expect(body.customerPhone).toEqual(expect.stringContaining('813'));
      const cookie = setCookieOf(response, 'chat_guest')!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\/api/);
      expect(cookie).toMatch(/Max-Age=2592000/);
      expect(cookie).not.toMatch(/Secure/); // Secure in production only
      const token = cookie.split(';')[0]!.slice('chat_guest='.length);
      const row = await conversationRow(body.id);
      expect(row.guestTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(token);
    });

    it('answers the open conversation the cookie already names (200), and GET /api/chats/guest reads it', async () => {
      const guest = await startGuest();
      const again = await call('POST', '/api/chats/guest', guest.cookie, { name: 'Gina again', email: 'other@example.com' });
      expect((await ok(again, 200)).id).toBe(guest.id);
      expect(setCookieOf(again, 'chat_guest')).toBeUndefined();
      expect((await ok(call('GET', '/api/chats/guest', guest.cookie))).id).toBe(guest.id);
      await ok(call('GET', '/api/chats/guest', undefined), 404);
      await ok(call('GET', '/api/chats/guest', 'chat_guest=forged-token'), 404);
      // a closed one is not reused: a new conversation and a new cookie
      await ok(call('POST', `/api/admin/chats/${guest.id}/close`, admin.cookie));
      const fresh = await call('POST', '/api/chats/guest', guest.cookie, { name: 'Gina Guest', email: 'gina@example.com' });
      const freshBody = await ok(fresh, 201);
      expect(freshBody.id).not.toBe(guest.id);
      expect(setCookieOf(fresh, 'chat_guest')).toBeDefined();
    });

    it('lets one IP address start 10 conversations an hour (429 with Retry-After after that)', async () => {
      const from = { 'X-Forwarded-For': '203.0.113.77' };
      for (let i = 0; i < 10; i++) await ok(call('POST', '/api/chats/guest', undefined, { name: `Guest ${i}`, email: 'many@example.com' }, from), 201);
      const refused = await call('POST', '/api/chats/guest', undefined, { name: 'One more', email: 'many@example.com' }, from);
      expect((await ok(refused, 429)).code).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // another address is not affected
      await ok(call('POST', '/api/chats/guest', undefined, { name: 'Elsewhere', email: 'many@example.com' }, { 'X-Forwarded-For': '203.0.113.78' }), 201);
    });
  });

  describe('writing as a guest', () => {
    it('sends, reads and marks read through the message routes, with idempotent sends', async () => {
      const guest = await startGuest({ name: 'Wanda Writer' });
      const first = await send(guest.cookie, guest.id, { body: 'Can you hang a TV today?' }, 'guest-key-1');
      const message = await ok(first, 201);
      expect(message).toMatchObject({ conversationId: guest.id, senderId: null, senderRole: 'guest', senderName: 'Wanda Writer', body: 'Can you hang a TV today?', attachment: null });
      const replay = await send(guest.cookie, guest.id, { body: 'Can you hang a TV today?' }, 'guest-key-1');
      expect((await ok(replay, 200)).id).toBe(message.id);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect((await ok(send(guest.cookie, guest.id, { body: 'Something else' }, 'guest-key-1'), 422)).code).toBe('idempotency_key_reused');
      expect(await t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, guest.id))).toHaveLength(1);

      // the team sees it waiting and answers; a note stays with the team
      const inbox = (await ok(call('GET', '/api/admin/chats', admin.cookie))).conversations.find((c: { id: string }) => c.id === guest.id);
      expect(inbox).toMatchObject({ guest: true, customer: { id: null, name: 'Wanda Writer' }, waitingMinutes: 0, unreadCount: 1 });
      const reply = await ok(send(admin.cookie, guest.id, { body: 'Yes, at 3 pm.' }), 201);
      await ok(send(admin.cookie, guest.id, { body: 'Guest seems keen', internal: true }), 201);
      await ok(send(guest.cookie, guest.id, { body: 'Note?', internal: true }), 403);

      const read = await ok(call('GET', `/api/chats/${guest.id}/messages`, guest.cookie));
      expect(read.messages.map((m: { body: string }) => m.body)).toEqual(['Can you hang a TV today?', 'Yes, at 3 pm.']);
      // the team has read the guest's message (its reply marked it)
      expect(read.receipts.readSeq).toBeGreaterThanOrEqual(message.seq);
      expect((await ok(call('GET', '/api/chats/guest', guest.cookie))).unreadCount).toBe(1);
      expect(await ok(call('POST', `/api/chats/${guest.id}/read`, guest.cookie, { seq: reply.seq }))).toEqual({ conversationId: guest.id, lastReadSeq: reply.seq, unreadCount: 0 });
    });

    it("refuses another guest's conversation (404) and a signed-out caller without the cookie (401)", async () => {
      const mine = await startGuest();
      const theirs = await startGuest();
      await ok(send(mine.cookie, mine.id, { body: 'Hello' }), 201);
      await ok(call('GET', `/api/chats/${mine.id}/messages`, theirs.cookie), 404);
      await ok(send(theirs.cookie, mine.id, { body: 'Sneaky' }), 404);
      await ok(call('POST', `/api/chats/${mine.id}/read`, theirs.cookie, { seq: 0 }), 404);
      await ok(call('GET', `/api/chats/${mine.id}/messages`, 'chat_guest=forged-token'), 404);
      expect((await ok(call('GET', `/api/chats/${mine.id}/messages`, undefined), 401)).code).toBe('unauthenticated');
      // a signed-in stranger is no participant either
      const stranger = await t.signUp();
      await ok(call('GET', `/api/chats/${mine.id}/messages`, stranger.cookie), 404);
    });

    it('limits a guest per conversation (30 messages a minute)', async () => {
      const guest = await startGuest();
      for (let i = 0; i < 30; i++) await ok(send(guest.cookie, guest.id, { body: `Message ${i}` }), 201);
      const refused = await send(guest.cookie, guest.id, { body: 'One too many' });
      expect((await ok(refused, 429)).code).toBe('rate_limited');
      // another guest's conversation has its own count
      const other = await startGuest();
      await ok(send(other.cookie, other.id, { body: 'Hi' }), 201);
    });
  });

  describe("a guest's read receipts", () => {
    /** The `chat_receipt` events of one conversation a stream got, parsed. */
    const receiptsOf = (stream: Stream, conversationId: string) =>
      stream.events.filter((e) => e.event === 'chat_receipt').map((e) => JSON.parse(e.data) as Record<string, unknown>).filter((d) => d.conversationId === conversationId);
    const teamReceipts = async (id: string) => (await ok(call('GET', `/api/chats/${id}/messages`, admin.cookie))).receipts;

    it('moves the team\'s receipts when the guest sends, reads and marks read (HTTP and live), never back', async () => {
      const guest = await startGuest({ name: 'Rita Reader' });
      const stream = await openEventStream(origin, admin.cookie);
      try {
        await stream.opened;
        // the guest's own message is read by them
        const question = await ok(send(guest.cookie, guest.id, { body: 'Is 4 pm possible?' }), 201);
        await waitFor(() => receiptsOf(stream, guest.id).length === 1, 3000, 'receipt after the guest sent');
        expect(receiptsOf(stream, guest.id)).toEqual([{ conversationId: guest.id, side: 'customer', deliveredSeq: question.seq, readSeq: question.seq }]);

        const reply = await ok(send(admin.cookie, guest.id, { body: 'Yes, 4 pm works.' }), 201);
        await ok(send(admin.cookie, guest.id, { body: 'Book Walt', internal: true }), 201);
        expect(await teamReceipts(guest.id)).toEqual({ deliveredSeq: question.seq, readSeq: question.seq });

        // reading delivers what the guest may see (the note is not theirs)
        await ok(call('GET', `/api/chats/${guest.id}/messages`, guest.cookie));
        await waitFor(() => receiptsOf(stream, guest.id).length === 2, 3000, 'delivered to the guest');
        expect(receiptsOf(stream, guest.id)[1]).toEqual({ conversationId: guest.id, side: 'customer', deliveredSeq: reply.seq, readSeq: question.seq });
        expect(await teamReceipts(guest.id)).toEqual({ deliveredSeq: reply.seq, readSeq: question.seq });
        expect((await ok(call('GET', '/api/chats/guest', guest.cookie))).unreadCount).toBe(1);

        // marking read: stored, answered, announced
        expect(await ok(call('POST', `/api/chats/${guest.id}/read`, guest.cookie, { seq: reply.seq }))).toEqual({ conversationId: guest.id, lastReadSeq: reply.seq, unreadCount: 0 });
        await waitFor(() => receiptsOf(stream, guest.id).length === 3, 3000, 'read by the guest');
        expect(receiptsOf(stream, guest.id)[2]).toEqual({ conversationId: guest.id, side: 'customer', deliveredSeq: reply.seq, readSeq: reply.seq });
        expect(await teamReceipts(guest.id)).toEqual({ deliveredSeq: reply.seq, readSeq: reply.seq });
        expect((await ok(call('GET', '/api/chats/guest', guest.cookie))).unreadCount).toBe(0);

        // never back, and nothing announced when nothing moved
        expect(await ok(call('POST', `/api/chats/${guest.id}/read`, guest.cookie, { seq: 0 }))).toEqual({ conversationId: guest.id, lastReadSeq: reply.seq, unreadCount: 0 });
        await ok(call('GET', `/api/chats/${guest.id}/messages`, guest.cookie));

        // never past the last message; a later reply is unread again
        const later = await ok(send(admin.cookie, guest.id, { body: 'See you then.' }), 201);
        expect((await ok(call('GET', '/api/chats/guest', guest.cookie))).unreadCount).toBe(1);
        expect(await ok(call('POST', `/api/chats/${guest.id}/read`, guest.cookie, { seq: later.seq + 1000 }))).toEqual({ conversationId: guest.id, lastReadSeq: later.seq, unreadCount: 0 });
        await waitFor(() => receiptsOf(stream, guest.id).length === 4, 3000, 'read up to the last message');
        expect(receiptsOf(stream, guest.id)[3]).toEqual({ conversationId: guest.id, side: 'customer', deliveredSeq: later.seq, readSeq: later.seq });
        expect(await conversationRow(guest.id)).toMatchObject({ guestLastReadSeq: later.seq, guestLastDeliveredSeq: later.seq });
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(receiptsOf(stream, guest.id)).toHaveLength(4);
      } finally {
        await stream.close();
      }
    });

    it("keeps each guest's marks to their own conversation", async () => {
      const reader = await startGuest();
      const other = await startGuest();
      const reply = await ok(send(admin.cookie, reader.id, { body: 'Hello reader' }), 201);
      await ok(send(admin.cookie, other.id, { body: 'Hello other' }), 201);
      await ok(call('POST', `/api/chats/${reader.id}/read`, reader.cookie, { seq: reply.seq }));
      await ok(call('POST', `/api/chats/${reader.id}/read`, other.cookie, { seq: reply.seq }), 404);
      expect(await teamReceipts(reader.id)).toEqual({ deliveredSeq: reply.seq, readSeq: reply.seq });
      expect(await teamReceipts(other.id)).toEqual({ deliveredSeq: 0, readSeq: 0 });
    });
  });

  describe('joining an account', () => {
    it('joins by the chat_guest cookie when the visitor signs in, and the old cookie names nothing any more', async () => {
      const guest = await startGuest({ name: 'Jo Joiner', email: 'jo-guest@example.com' });
      await ok(send(guest.cookie, guest.id, { body: 'Before I had an account' }), 201);
      await ok(send(admin.cookie, guest.id, { body: 'Welcome!' }), 201);
      const account = await t.signUp('jo-account@example.com', { name: 'Jo Account' });
      const list = await call('GET', '/api/chats', `${account.cookie}; ${guest.cookie}`);
      const joined = (await ok(list)).conversations.find((c: { id: string }) => c.id === guest.id);
      expect(joined).toMatchObject({ guest: false, customer: { id: account.userId, name: 'Jo Account', email: 'jo-account@example.com' }, unreadCount: 1 });
      expect(setCookieOf(list, 'chat_guest')).toMatch(/Max-Age=0/);
      expect(await conversationRow(guest.id)).toMatchObject({ customerId: account.userId, guestTokenHash: null });

      // the customer reads the guest's messages as theirs; the guest cookie alone gets nothing
      const messages = (await ok(call('GET', `/api/chats/${guest.id}/messages`, account.cookie))).messages;
      expect(messages.map((m: { senderRole: string; body: string }) => [m.senderRole, m.body])).toEqual([
        ['guest', 'Before I had an account'],
        ['admin', 'Welcome!'],
      ]);
      await ok(call('GET', '/api/chats/guest', guest.cookie), 404);
      await ok(call('GET', `/api/chats/${guest.id}/messages`, guest.cookie), 404);
      await ok(send(account.cookie, guest.id, { body: 'Now signed in' }), 201);
    });

    it("carries the guest's read marks into the customer's (the greater of both), so receipts and unread counts survive", async () => {
      const guest = await startGuest({ name: 'Marta Marks', email: 'marta-guest@example.com' });
      await ok(send(guest.cookie, guest.id, { body: 'Do you fix fences?' }), 201);
      const first = await ok(send(admin.cookie, guest.id, { body: 'We do.' }), 201);
      await ok(call('POST', `/api/chats/${guest.id}/read`, guest.cookie, { seq: first.seq }));
      const second = await ok(send(admin.cookie, guest.id, { body: 'When suits you?' }), 201);
      await ok(call('GET', `/api/chats/${guest.id}/messages`, guest.cookie)); // delivered, not read

      const account = await t.signUp('marta-account@example.com');
      const joined = (await ok(call('GET', '/api/chats', `${account.cookie}; ${guest.cookie}`))).conversations.find((c: { id: string }) => c.id === guest.id);
      expect(joined).toMatchObject({ guest: false, unreadCount: 1 });
      const [mark] = await t.deps.db.select().from(chatReads).where(eq(chatReads.conversationId, guest.id)).then((rows) => rows.filter((r) => r.userId === account.userId));
      expect(mark).toMatchObject({ lastReadSeq: first.seq, lastDeliveredSeq: second.seq });
      expect((await ok(call('GET', `/api/chats/${guest.id}/messages`, admin.cookie))).receipts).toEqual({ deliveredSeq: second.seq, readSeq: first.seq });

      // a row the user already had keeps what is greater, per mark
      const other = await startGuest({ name: 'Marta again', email: 'marta-guest@example.com' });
      const answer = await ok(send(admin.cookie, other.id, { body: 'Hi again' }), 201);
      await ok(call('POST', `/api/chats/${other.id}/read`, other.cookie, { seq: answer.seq }));
      await t.deps.db.insert(chatReads).values({ conversationId: other.id, userId: account.userId, lastReadSeq: 0, lastDeliveredSeq: answer.seq + 5 });
      await ok(call('GET', '/api/chats', `${account.cookie}; ${other.cookie}`));
      const [carried] = await t.deps.db.select().from(chatReads).where(eq(chatReads.conversationId, other.id)).then((rows) => rows.filter((r) => r.userId === account.userId));
      expect(carried).toMatchObject({ lastReadSeq: answer.seq, lastDeliveredSeq: answer.seq + 5 });
    });

    it('joins by email only once the account email is verified (case-insensitive)', async () => {
      const guest = await startGuest({ name: 'Vera', email: 'Vera.Verified@Example.com' });
      const account = await t.signUp('vera.verified@example.com');
      const before = await ok(call('GET', '/api/chats', account.cookie));
      expect(before.conversations.map((c: { id: string }) => c.id)).not.toContain(guest.id);
      expect((await conversationRow(guest.id)).customerId).toBeNull();
      // the guest still reaches it with their cookie
      await ok(call('GET', '/api/chats/guest', guest.cookie));

      await t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, account.userId));
      const after = await ok(call('POST', '/api/chats', account.cookie, {}), 200);
      expect(after).toMatchObject({ id: guest.id, guest: false, customer: { id: account.userId } });
      expect(await conversationRow(guest.id)).toMatchObject({ customerId: account.userId, guestTokenHash: null });
    });

    it('never joins by an unverified email (anyone can sign up with an address)', async () => {
      const guest = await startGuest({ name: 'Una', email: 'una@example.com' });
      await ok(send(guest.cookie, guest.id, { body: 'Private question' }), 201);
      const impostor = await t.signUp('una@example.com');
      expect((await ok(call('GET', '/api/chats', impostor.cookie))).conversations).toEqual([]);
      await ok(call('POST', '/api/chats', impostor.cookie, {}), 201);
      await ok(call('GET', `/api/chats/${guest.id}/messages`, impostor.cookie), 404);
      expect((await conversationRow(guest.id)).customerId).toBeNull();
      expect((await ok(call('GET', `/api/chats/${guest.id}/messages`, guest.cookie))).messages).toHaveLength(1);
    });
  });

  describe('live', () => {
    const nextChat = async (stream: Stream): Promise<SseEvent> => {
      for (;;) {
        const event = await stream.next(2000);
        if (event.event === 'chat_message') return event;
      }
    };
    const pause = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

    it("delivers the guest's conversation's messages only (no notes, no booking or error events), with Last-Event-ID replay", async () => {
      const guest = await startGuest();
      const other = await startGuest();
      const customer = await t.signUp();
      const customerChat = (await ok(call('POST', '/api/chats', customer.cookie, {}), 201)).id;
      const stream = await openEventStream(origin, guest.cookie);
      try {
        await stream.opened;
        const reply = await ok(send(admin.cookie, guest.id, { body: 'Hello guest' }), 201);
        expect(await nextChat(stream)).toEqual({ event: 'chat_message', id: String(reply.seq), data: JSON.stringify({ conversationId: guest.id, messageId: reply.id, seq: reply.seq }) });
        await ok(send(admin.cookie, guest.id, { body: 'A note', internal: true }), 201);
        await ok(send(admin.cookie, other.id, { body: 'To the other guest' }), 201);
        await ok(send(customer.cookie, customerChat, { body: 'A customer' }), 201);
        await t.request('/api/errors', { method: 'POST', json: { error_message: 'Some failure', error_type: 'TypeError' } });
        await pause();
        // (the team's typing and read receipts in this conversation may come too: chat-activity tests)
        const others = stream.events.filter((e) => e.event !== 'chat_typing' && e.event !== 'chat_receipt');
        expect(others.map((e) => [e.event, e.id])).toEqual([['chat_message', String(reply.seq)]]);
      } finally {
        await stream.close();
      }
      const missed = await ok(send(admin.cookie, guest.id, { body: 'While you were away' }), 201);
      await ok(send(admin.cookie, guest.id, { body: 'Away note', internal: true }), 201);
      const replay = await openEventStream(origin, guest.cookie, { 'Last-Event-ID': '0' });
      try {
        const ids = [(await nextChat(replay)).id, (await nextChat(replay)).id];
        expect(ids).toEqual([expect.any(String), String(missed.seq)]);
        await pause();
        expect(replay.events.filter((e) => e.event === 'chat_message')).toHaveLength(2);
      } finally {
        await replay.close();
      }
    });

    it('refuses a stream without a session or a valid guest cookie (401)', async () => {
      expect((await call('GET', '/api/events', undefined)).status).toBe(401);
      expect((await call('GET', '/api/events', 'chat_guest=forged-token')).status).toBe(401);
    });
  });

  it("deletes a customer's conversations with their account", async () => {
    const guest = await startGuest({ email: 'leaving@example.com' });
    await ok(send(guest.cookie, guest.id, { body: 'As a guest' }), 201);
    const account = await t.signUp('leaving-account@example.com');
    await ok(call('GET', '/api/chats', `${account.cookie}; ${guest.cookie}`));
    const own = (await ok(call('POST', '/api/chats', account.cookie, {}), 200)).id;
    await ok(send(account.cookie, own, { body: 'My address is 1 Main St' }), 201);
    await ok(send(admin.cookie, own, { body: 'Thanks' }), 201);
    const stays = await startGuest();
    await ok(call('DELETE', '/api/account', account.cookie, { confirm: 'DELETE' }));
    expect(await t.deps.db.select().from(conversations).where(eq(conversations.customerId, account.userId))).toEqual([]);
    expect(await t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, own))).toEqual([]);
    expect(await conversationRow(stays.id)).toBeDefined();
  });
});
