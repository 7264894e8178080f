/**
 * What push notifications really send (issue #15), seen from a local push service the test runs
 * (a node:http server standing in for the browser's push service, and a fake of Google's OAuth
 * token endpoint and FCM v1 for the native apps):
 * - an admin assigns a job -> the worker's browser gets an aes128gcm message that decrypts with the
 *   keys the test made, signed with our VAPID key for the endpoint's origin, in the device's language;
 * - a new booking and a chat that starts waiting -> every admin's device, once per wait;
 * - a device the push service says is gone (410) is deleted; FCM's UNREGISTERED too;
 * - without the variables nothing is sent and nothing fails.
 */
import { generateKeyPairSync, verify as verifySignature } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema, type PushPayload } from '../../../domain/push-contract';
import { pushSubscriptions } from '../../db/schema';
import { moneyActors, TV_OPTIONS, type Caller } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { makeWorker } from '../workers/worker-defaults';
import { decryptPush, pushKeys, startLocalPushService, verifyVapid, type LocalPushService } from './testing/local-push-service';

// Saturday 2026-11-21 10:00 Tampa; jobs from Monday 2026-11-23 10:00 Tampa, one per day.
const NOW = new Date('2026-11-21T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const FIRST_START = Date.parse('2026-11-23T15:00:00.000Z');
const VAPID = webpush.generateVAPIDKeys();
const VAPID_ENV = { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com' };

describe(`Web Push delivery (${databaseKind})`, () => {
  let t: TestApp;
  let push: LocalPushService;
  let actors: ReturnType<typeof moneyActors>;
  let customer: Caller;
  let admin: Caller;
  let worker: Caller;
  let day = 0;

  const nextBooking = () => actors.booked(customer.cookie, TV_OPTIONS, new Date(FIRST_START + day++ * DAY).toISOString());
  /** Subscribes a device of the caller at the local push service; returns its id there and its keys. */
  async function subscribe(caller: Caller, id: string, locale: 'en' | 'es' = 'en') {
    const keys = pushKeys();
    const response = await t.request('/api/push/subscriptions', { method: 'POST', cookie: caller.cookie, json: { channel: 'web', endpoint: push.endpoint(id), keys: keys.keys, locale } });
    expect(response.status, await response.clone().text()).toBe(201);
    return keys;
  }
  const received = (id: string) => push.received.filter((p) => p.id === id);
  const open = (id: string, keys: ReturnType<typeof pushKeys>, index = 0): PushPayload => pushPayloadSchema.parse(JSON.parse(decryptPush(received(id)[index]!.body, keys)));

  beforeAll(async () => {
    push = await startLocalPushService();
    t = await createTestApp({ now: NOW, env: VAPID_ENV });
    actors = moneyActors(t);
    customer = await t.signUp();
    admin = await actors.admin();
    worker = await t.signUp();
    await makeWorker(t.deps.db, worker.userId);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it("sends the assigned worker's browser an encrypted, VAPID-signed notification of the job", async () => {
    const keys = await subscribe(worker, 'worker-en');
    const booking = await nextBooking();
    expect((await actors.post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: worker.userId })).status).toBe(200);
    await t.deps.push.idle();

    const [message] = received('worker-en');
    expect(message).toBeDefined();
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(message!.headers.urgency).toBe('high');
    expect(message!.headers.ttl).toBe(String(24 * 3600));
    expect(message!.headers.topic).toMatch(/^[\w-]{1,32}$/);
    const vapid = verifyVapid(message!.headers.authorization, push.origin, NOW);
    expect(vapid.publicKey).toBe(VAPID.publicKey);
    expect(vapid.claims.sub).toBe('mailto:ops@example.com');
    // someone else's keys cannot read it
    expect(() => decryptPush(message!.body, pushKeys())).toThrow();

    expect(open('worker-en', keys)).toEqual({
      event: 'assignment',
      title: 'New job: TV installation',
      body: 'Mon, Nov 23, 10:00 AM in Tampa. Open it to accept.',
      url: `/worker?job=${booking.id}`,
      tag: `assignment-${booking.id}`,
    });
    const [row] = await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, push.endpoint('worker-en')));
    expect(row!.lastSentAt).toEqual(NOW);
  });

  it("writes each device in its own language, and tells no one else's devices", async () => {
    const spanish = await subscribe(worker, 'worker-es', 'es');
    const other = await t.signUp();
    await makeWorker(t.deps.db, other.userId);
    await subscribe(other, 'other-worker');
    const before = push.received.length;
    const booking = await nextBooking();
    expect((await actors.post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: worker.userId })).status).toBe(200);
    await t.deps.push.idle();
    expect(open('worker-es', spanish)).toMatchObject({ event: 'assignment', title: 'Nuevo trabajo: Instalación de TV', url: `/worker?job=${booking.id}` });
    expect(received('other-worker')).toEqual([]);
    // the two devices of the worker, nothing more
    expect(push.received.slice(before).map((p) => p.id).sort()).toEqual(['worker-en', 'worker-es']);
  });

  it("tells every admin's device of a new booking, without the customer's name, phone or street", async () => {
    const keys = await subscribe(admin, 'admin-1');
    const booking = await nextBooking();
    await t.deps.push.idle();
    const payload = open('admin-1', keys);
    expect(payload).toMatchObject({ event: 'new_booking', title: 'New booking: TV installation', url: `/admin/bookings/${booking.id}` });
    expect(payload.body).toContain('Tampa');
    // the booking's id (in the link and the tag) is random hex and may hold "555" by chance
    const text = JSON.stringify(payload).replaceAll(booking.id, '');
    for (const personal of ['Test Customer', '8135550123', '100 N Tampa St', '555']) expect(text).not.toContain(personal);
  });

  it('tells admins once when a chat starts waiting, not for each message, and again after a reply', async () => {
    const keys = pushKeys();
    await t.request('/api/push/subscriptions', { method: 'POST', cookie: admin.cookie, json: { channel: 'web', endpoint: push.endpoint('admin-chat'), keys: keys.keys } });
    const started = await t.request('/api/chats', { method: 'POST', cookie: customer.cookie, json: {} });
    const chatId = ((await started.json()) as { id: string }).id;
    const say = async (cookie: string, body: string, key: string) => {
      const response = await t.request(`/api/chats/${chatId}/messages`, { method: 'POST', cookie, json: { body }, headers: { 'Idempotency-Key': key } });
      expect(response.status, await response.clone().text()).toBe(201);
    };
    await say(customer.cookie, 'Hello, is anyone there?', 'push-chat-1');
    await say(customer.cookie, 'I have a question about my TV.', 'push-chat-2');
    await t.deps.push.idle();
    expect(received('admin-chat')).toHaveLength(1);
    expect(open('admin-chat', keys)).toMatchObject({ event: 'waiting_chat', title: 'A customer is waiting in chat', url: `/admin/chats?c=${chatId}`, tag: `chat-${chatId}` });
    expect(JSON.stringify(open('admin-chat', keys))).not.toContain('TV');

    await say(admin.cookie, 'Hi! How can we help?', 'push-chat-3');
    await t.deps.push.idle();
    expect(received('admin-chat')).toHaveLength(1);
    await say(customer.cookie, 'Thanks, one more thing.', 'push-chat-4');
    await t.deps.push.idle();
    expect(received('admin-chat')).toHaveLength(2);
  });

  it('deletes a device the push service answers 410 Gone, and keeps the others', async () => {
    await subscribe(worker, 'worker-gone');
    push.answer('worker-gone', 410);
    const booking = await nextBooking();
    expect((await actors.post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: worker.userId })).status).toBe(200);
    await t.deps.push.idle();
    expect(received('worker-gone')).toHaveLength(1);
    expect(await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, push.endpoint('worker-gone')))).toEqual([]);
    expect(await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, push.endpoint('worker-en')))).toHaveLength(1);
  });

  it('keeps a device on any other failure, and the assignment still succeeds', async () => {
    await subscribe(worker, 'worker-busy');
    push.answer('worker-busy', 503);
    const booking = await nextBooking();
    expect((await actors.post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: worker.userId })).status).toBe(200);
    await t.deps.push.idle();
    expect(received('worker-busy')).toHaveLength(1);
    const [row] = await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, push.endpoint('worker-busy')));
    expect(row!.lastSentAt).toBeNull();
  });
});

describe(`push without configuration (${databaseKind})`, () => {
  it('sends nothing and the request succeeds', async () => {
    const push = await startLocalPushService();
    const t = await createTestApp({ now: NOW });
    try {
      const actors = moneyActors(t);
      const customer = await t.signUp();
      const admin = await actors.admin();
      const worker = await t.signUp();
      await makeWorker(t.deps.db, worker.userId);
      // a device saved while Web Push was configured elsewhere, or before the keys were removed
      const subscribed = await t.request('/api/push/subscriptions', { method: 'POST', cookie: worker.cookie, json: { channel: 'web', endpoint: push.endpoint('unconfigured'), keys: pushKeys().keys } });
      expect(subscribed.status).toBe(201);
      const booking = await actors.booked(customer.cookie, TV_OPTIONS, new Date(FIRST_START).toISOString());
      expect((await actors.post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: worker.userId })).status).toBe(200);
      await t.deps.push.idle();
      expect(await t.deps.push.deliver({ event: 'assignment', bookingId: booking.id })).toEqual({ sent: 0, removed: 0, failed: 0 });
      expect(push.received).toEqual([]);
    } finally {
      await t.close();
      await push.close();
    }
  });
});

/** A fake of Google's OAuth token endpoint (`/token`) and FCM HTTP v1 (`/v1/projects/{p}/messages:send`). */
async function startFakeFcm(publicKeyPem: string) {
  const tokens: { assertion: string; claims: Record<string, unknown> }[] = [];
  const messages: { project: string; authorization: string | undefined; message: Record<string, any> }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      if (req.method === 'POST' && req.url === '/token') {
        const assertion = new URLSearchParams(body).get('assertion') ?? '';
        const [h, c, s] = assertion.split('.') as [string, string, string];
        const valid = verifySignature('RSA-SHA256', Buffer.from(`${h}.${c}`), publicKeyPem, Buffer.from(s, 'base64url'));
        if (!valid) return void res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"invalid_grant"}');
        tokens.push({ assertion, claims: JSON.parse(Buffer.from(c, 'base64url').toString()) });
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ access_token: 'fake-access-token', expires_in: 3600, token_type: 'Bearer' }));
      }
      const match = /^\/v1\/projects\/([\w-]+)\/messages:send$/.exec(req.url ?? '');
      if (req.method === 'POST' && match) {
        const { message } = JSON.parse(body) as { message: Record<string, any> };
        messages.push({ project: match[1]!, authorization: req.headers.authorization, message });
        if (req.headers.authorization !== 'Bearer fake-access-token') return void res.writeHead(401).end();
        if (String(message.token).startsWith('gone-')) {
          const error = { error: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } };
          return void res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify(error));
        }
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ name: `projects/${match[1]}/messages/1` }));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tokens, messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe(`FCM delivery to the native apps (${databaseKind})`, () => {
  it('sends through FCM v1 with a service-account token, and deletes UNREGISTERED tokens', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const fcm = await startFakeFcm(publicKey);
    const account = JSON.stringify({ type: 'service_account', client_email: 'push@tampa-test.iam.gserviceaccount.com', private_key: privateKey });
    const t = await createTestApp({ now: NOW, env: { FCM_PROJECT_ID: 'tampa-test', FCM_SERVICE_ACCOUNT_JSON: account, FCM_API_BASE: fcm.origin } });
    try {
      const actors = moneyActors(t);
      const customer = await t.signUp();
      const admin = await actors.admin();
      const worker = await t.signUp();
      await makeWorker(t.deps.db, worker.userId);
      const token = 'android-token-0123456789';
      for (const json of [
        { channel: 'fcm', token, platform: 'android', locale: 'es' },
        { channel: 'fcm', token: 'gone-ios-token-0123456789', platform: 'ios' },
      ]) expect((await t.request('/api/push/subscriptions', { method: 'POST', cookie: worker.cookie, json })).status).toBe(201);

      const booking = await actors.booked(customer.cookie, TV_OPTIONS, new Date(FIRST_START).toISOString());
      expect((await actors.post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: worker.userId })).status).toBe(200);
      await t.deps.push.idle();

      expect(fcm.tokens).toHaveLength(1); // one token for both sends (cached)
      expect(fcm.tokens[0]!.claims).toMatchObject({ iss: 'push@tampa-test.iam.gserviceaccount.com', scope: 'https://www.googleapis.com/auth/firebase.messaging' });
      const android = fcm.messages.find((m) => m.message.token === token)!;
      expect(android.project).toBe('tampa-test');
      expect(android.authorization).toBe('Bearer fake-access-token');
      expect(android.message).toMatchObject({
        notification: { title: 'Nuevo trabajo: Instalación de TV' },
        data: { event: 'assignment', url: `/worker?job=${booking.id}`, tag: `assignment-${booking.id}` },
        android: { priority: 'HIGH', ttl: '86400s' },
        apns: { headers: { 'apns-priority': '10' } },
      });
      const rows = await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, worker.userId));
      expect(rows.map((r) => r.endpoint)).toEqual([token]);
      expect(rows[0]!.lastSentAt).toEqual(NOW);
    } finally {
      await t.close();
      await fcm.close();
    }
  });
});
