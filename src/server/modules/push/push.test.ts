/**
 * The push devices through the API (issue #15): only workers and admins (customers 403, signed
 * out 401) read the VAPID key and keep their devices; bad input is a 400 with field details; the
 * same endpoint subscribed again updates the device, by another account moves it there; a caller
 * removes only their own devices; http endpoints are refused in production.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { pushSubscriptions, userRoles } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { makeWorker } from '../workers/worker-defaults';
import { pushKeys } from './testing/local-push-service';

const VAPID = webpush.generateVAPIDKeys();
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const webDevice = (id: string, locale: 'en' | 'es' = 'en') => ({ channel: 'web', endpoint: `https://push.example.com/send/${id}`, keys: pushKeys().keys, locale });

describe(`push devices API (${databaseKind})`, () => {
  let t: TestApp;
  let worker: { cookie: string; userId: string };
  let otherWorker: { cookie: string; userId: string };
  let admin: { cookie: string; userId: string };
  let customer: { cookie: string; userId: string };

  const subscribe = (cookie: string | undefined, json: unknown, userAgent = ANDROID_CHROME) => t.request('/api/push/subscriptions', { method: 'POST', cookie, json, headers: { 'User-Agent': userAgent } });
  const devices = async (cookie: string) => ((await (await t.request('/api/push/subscriptions', { cookie })).json()) as { devices: { id: string; channel: string; platform: string; deviceName: string | null }[] }).devices;
  const unsubscribe = (cookie: string | undefined, endpoint: unknown) => t.request('/api/push/subscriptions', { method: 'DELETE', cookie, json: { endpoint } });

  beforeAll(async () => {
    t = await createTestApp({ env: { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com' } });
    worker = await t.signUp();
    await makeWorker(t.deps.db, worker.userId);
    otherWorker = await t.signUp();
    await makeWorker(t.deps.db, otherWorker.userId);
    admin = await t.signUp();
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    customer = await t.signUp();
  });
  afterAll(() => t?.close());

  it('answers the VAPID public key to workers and admins, 403 to customers and 401 signed out', async () => {
    for (const cookie of [worker.cookie, admin.cookie]) {
      const response = await t.request('/api/push/config', { cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ vapidPublicKey: VAPID.publicKey });
    }
    expect((await t.request('/api/push/config', { cookie: customer.cookie })).status).toBe(403);
    expect((await t.request('/api/push/config')).status).toBe(401);
  });

  it('refuses customers and signed-out callers on every device route, storing nothing', async () => {
    const device = webDevice('refused');
    expect((await subscribe(customer.cookie, device)).status).toBe(403);
    expect((await subscribe(undefined, device)).status).toBe(401);
    expect((await t.request('/api/push/subscriptions', { cookie: customer.cookie })).status).toBe(403);
    expect((await unsubscribe(customer.cookie, device.endpoint)).status).toBe(403);
    expect((await unsubscribe(undefined, device.endpoint)).status).toBe(401);
    expect(await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
  });

  it('subscribes a browser with a device name from the User-Agent, and updates it when sent again', async () => {
    const device = webDevice('w1');
    const first = await subscribe(worker.cookie, device);
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created).toMatchObject({ channel: 'web', platform: 'web', deviceName: 'Chrome · Android' });
    const again = await subscribe(worker.cookie, { ...device, keys: pushKeys().keys, locale: 'es' });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(created.id);
    const [row] = await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row).toMatchObject({ userId: worker.userId, locale: 'es' });
    expect(await devices(worker.cookie)).toEqual([expect.objectContaining({ id: created.id })]);
  });

  it('stores a native app token (fcm) for an admin, with its platform', async () => {
    const response = await subscribe(admin.cookie, { channel: 'fcm', token: 'fcm-token-admin-0123456789', platform: 'ios', locale: 'es' }, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148');
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ channel: 'fcm', platform: 'ios' });
    expect(await devices(admin.cookie)).toEqual([expect.objectContaining({ channel: 'fcm', platform: 'ios' })]);
  });

  it('moves a device subscribed again by another account to that account', async () => {
    const device = webDevice('shared-tablet');
    expect((await subscribe(worker.cookie, device)).status).toBe(201);
    const moved = await subscribe(otherWorker.cookie, device);
    expect(moved.status).toBe(200);
    expect((await devices(otherWorker.cookie)).map((d) => d.id)).toContain((await moved.json()).id);
    expect((await devices(worker.cookie)).map((d) => d.id)).not.toContain((await devices(otherWorker.cookie))[0]!.id);
    const rows = await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([otherWorker.userId]);
  });

  it('removes only the caller\'s own device: another account\'s is 404 and stays', async () => {
    const device = webDevice('to-remove');
    expect((await subscribe(worker.cookie, device)).status).toBe(201);
    const stranger = await unsubscribe(otherWorker.cookie, device.endpoint);
    expect(stranger.status).toBe(404);
    expect(await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toHaveLength(1);
    expect((await unsubscribe(worker.cookie, device.endpoint)).status).toBe(204);
    expect(await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
    expect((await unsubscribe(worker.cookie, device.endpoint)).status).toBe(404);
  });

  it('answers 400 with field details for bad input, storing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ channel: 'web', endpoint: 'not a url', keys: pushKeys().keys }, 'endpoint'],
      [{ channel: 'web', endpoint: 'ftp://push.example.com/x', keys: pushKeys().keys }, 'endpoint'],
      [{ channel: 'web', endpoint: 'https://push.example.com/no-keys' }, 'keys'],
      [{ channel: 'web', endpoint: 'https://push.example.com/bad-key', keys: { p256dh: 'not base64!', auth: 'abc' } }, 'keys.p256dh'],
      [{ channel: 'fcm', token: 'short', platform: 'android' }, 'token'],
      [{ channel: 'fcm', token: 'fcm-token-0123456789', platform: 'windows' }, 'platform'],
      [{ channel: 'sms', endpoint: 'x' }, 'channel'],
      [{ channel: 'fcm', token: 'token with spaces ✓ 0123', platform: 'ios' }, 'token'],
      [{ channel: 'fcm', token: 'x'.repeat(2049), platform: 'ios' }, 'token'],
      // under 2048 characters, over 2048 bytes: more than the unique index holds
      [{ channel: 'web', endpoint: `https://push.example.com/${'é'.repeat(1500)}`, keys: pushKeys().keys }, 'endpoint'],
    ];
    for (const [body, field] of cases) {
      const response = await subscribe(worker.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await response.json();
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.details), JSON.stringify(body)).toContain(field);
    }
    expect((await unsubscribe(worker.cookie, '')).status).toBe(400);
  });

  it('refuses a plain-http endpoint in production with a clear field error in the caller\'s language, and accepts it elsewhere', async () => {
    const local = { channel: 'web', endpoint: 'http://127.0.0.1:9/push/local', keys: pushKeys().keys };
    // the same runtime, answering as a production server would
    const production = createApp({ ...t.deps, config: { ...t.deps.config, nodeEnv: 'production' } });
    const headers = { Origin: t.config.publicUrl, Cookie: worker.cookie, 'Content-Type': 'application/json', 'Accept-Language': 'es' };
    const refused = await production.request('/api/push/subscriptions', { method: 'POST', headers, body: JSON.stringify(local) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'validation_failed', details: { endpoint: 'La dirección de las notificaciones push debe usar https.' } });
    expect(await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, local.endpoint))).toEqual([]);
    const https = await production.request('/api/push/subscriptions', { method: 'POST', headers, body: JSON.stringify(webDevice('prod-https')) });
    expect(https.status).toBe(201);
    expect((await subscribe(worker.cookie, local)).status).toBe(201);
  });

  it('answers a null key when Web Push is not configured', async () => {
    const bare = await createTestApp();
    try {
      const staff = await bare.signUp();
      await makeWorker(bare.deps.db, staff.userId);
      expect(await (await bare.request('/api/push/config', { cookie: staff.cookie })).json()).toEqual({ vapidPublicKey: null });
    } finally {
      await bare.close();
    }
  });
});

describe('push configuration', () => {
  const base = { NODE_ENV: 'test' };
  it('takes the VAPID variables all together, as one key pair, with a mailto: or https: subject', () => {
    expect(loadConfig({ ...base, VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'https://book.example.com/contact' }).push.webPush).toEqual({
      publicKey: VAPID.publicKey,
      privateKey: VAPID.privateKey,
      subject: 'https://book.example.com/contact',
    });
    expect(loadConfig(base).push).toEqual({ webPush: null, fcm: null });
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: VAPID.publicKey })).toThrow(/set all three or none/);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: webpush.generateVAPIDKeys().privateKey, VAPID_SUBJECT: 'mailto:a@b.co' })).toThrow(/not one key pair/);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
  });

  it('takes FCM with a project and a service account, and refuses FCM_API_BASE in production', () => {
    const account = JSON.stringify({ client_email: 'push@p.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n' });
    expect(loadConfig({ ...base, FCM_PROJECT_ID: 'tampa-handyman', FCM_SERVICE_ACCOUNT_JSON: account }).push.fcm).toMatchObject({ projectId: 'tampa-handyman', clientEmail: 'push@p.iam.gserviceaccount.com', apiBase: null });
    expect(() => loadConfig({ ...base, FCM_PROJECT_ID: 'tampa-handyman' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ ...base, FCM_PROJECT_ID: 'tampa-handyman', FCM_SERVICE_ACCOUNT_JSON: '{"client_email":1}' })).toThrow(/no client_email and private_key/);
    expect(() => loadConfig({ ...base, FCM_PROJECT_ID: 'tampa-handyman', FCM_SERVICE_ACCOUNT_JSON: '/nonexistent/key.json' })).toThrow(/no readable file/);
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'a-Long-and-random-secret-0123456789-xyzXYZ', FCM_API_BASE: 'http://127.0.0.1:1' })).toThrow(/FCM_API_BASE: for tests only/);
  });
});
