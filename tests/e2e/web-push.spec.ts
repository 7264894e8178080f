import { expect, test } from '@playwright/test';
import { decryptPush, pushKeys, startLocalPushService, verifyVapid, type LocalPushService } from '../../src/server/modules/push/testing/local-push-service';
import { signUpCustomerByApi } from './support/api-auth';
import { bookTvByApi } from './support/api-booking';
import { E2E_ADMIN, E2E_WORKER } from './support/e2e-admin';
import { E2E_VAPID } from './support/e2e-push';

/**
 * Issue #15, "A Web Push end-to-end test": a worker signs in through the UI and subscribes this
 * device; a customer books; the admin signs in and assigns the job to that worker in the dispatch
 * UI; the local push endpoint the test runs receives the message, encrypted (aes128gcm) for the
 * keys the test made and signed with the server's VAPID key, and the test decrypts it: an
 * `assignment` in English that opens the worker's job.
 *
 * The subscription is made through the API with the worker page's own session, as the page does
 * after `pushManager.subscribe()`: the browser's real PushManager would register with Google's
 * push service, which an offline test machine cannot reach, and its messages could not be read
 * here. Instead the endpoint is a local node:http server standing in for the push service, and the
 * keys are ones the test generated (a browser makes the same kind: a P-256 pair and 16 auth bytes).
 * The switch itself (its states, subscribe with the server's key) is covered in
 * src/web/components/push/components/push-notifications-card.test.tsx.
 */

let push: LocalPushService;
test.beforeAll(async () => {
  push = await startLocalPushService();
});
test.afterAll(async () => {
  await push?.close();
});

test('a worker subscribes, the admin assigns a job, and the push endpoint gets the encrypted notification', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const origin = baseURL!;

  // The worker signs in through the UI and opens their settings: Chromium can take Web Push, the server is configured.
  const workerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const worker = await workerContext.newPage();
  await worker.goto('/admin/login');
  await worker.getByLabel('Email').fill(E2E_WORKER.email);
  await worker.getByLabel('Password').fill(E2E_WORKER.password);
  await worker.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(worker).toHaveURL(/\/worker$/);
  await worker.goto('/worker/settings');
  await expect(worker.getByRole('heading', { name: 'Notifications on this device' })).toBeVisible();
  await expect(worker.getByRole('switch', { name: 'Notifications on this device' })).toHaveAttribute('aria-checked', 'false');
  const config = await worker.request.get('/api/push/config');
  expect(await config.json()).toEqual({ vapidPublicKey: E2E_VAPID.publicKey });

  // This device's subscription, saved with the worker page's session (see the note above).
  const keys = pushKeys();
  const deviceId = `worker-${Date.now()}`;
  const subscribed = await worker.request.post('/api/push/subscriptions', {
    data: { channel: 'web', endpoint: push.endpoint(deviceId), keys: keys.keys, locale: 'en' },
    headers: { Origin: origin },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const devices = (await (await worker.request.get('/api/push/subscriptions')).json()) as { devices: { channel: string; deviceName: string | null }[] };
  expect(devices.devices).toContainEqual(expect.objectContaining({ channel: 'web', deviceName: expect.stringContaining('Chrome') }));

  // A customer books a TV installation for tomorrow's first free hour.
  const customerContext = await browser.newContext();
  await signUpCustomerByApi(customerContext.request, origin, { name: 'Pat Push', emailPrefix: 'push-customer', password: 'correct-horse-9' });
  const booking = await bookTvByApi(customerContext.request, origin, { dayIndex: 1, keyPrefix: 'e2e-web-push' });

  // The admin signs in and assigns the job to the worker in the dispatch UI.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin/login');
  await admin.getByLabel('Email').fill(E2E_ADMIN.email);
  await admin.getByLabel('Password').fill(E2E_ADMIN.password);
  await admin.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto(`/admin/bookings/${booking.id}`);
  await admin.getByRole('button', { name: 'Assign a technician' }).click();
  const assign = admin.getByRole('dialog');
  await assign.getByLabel('Technician', { exact: true }).selectOption({ label: E2E_WORKER.name });
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assign).toBeHidden();

  // The push service receives it: signed for its origin with the server's VAPID key, readable only with the device's keys.
  const message = await push.waitFor(deviceId, 20_000);
  expect(message.headers['content-encoding']).toBe('aes128gcm');
  expect(message.headers.urgency).toBe('high');
  const vapid = verifyVapid(message.headers.authorization, push.origin);
  expect(vapid.publicKey).toBe(E2E_VAPID.publicKey);
  expect(vapid.claims.sub).toBe(E2E_VAPID.subject);
  expect(() => decryptPush(message.body, pushKeys())).toThrow();
  const payload = JSON.parse(decryptPush(message.body, keys)) as Record<string, string>;
  expect(payload).toMatchObject({ event: 'assignment', title: 'New job: TV installation', url: `/worker?job=${booking.id}`, tag: `assignment-${booking.id}` });
  expect(payload.body).toMatch(/ in Tampa\. Open it to accept\.$/);
  // nothing about the customer beyond the job's city
  for (const personal of ['Pat Push', '8135550123', '100 N Tampa St']) expect(JSON.stringify(payload)).not.toContain(personal);
  // one message for one assignment
  expect(push.received.filter((p) => p.id === deviceId)).toHaveLength(1);

  // Turning it off on the device removes it from the server.
  const removed = await worker.request.delete('/api/push/subscriptions', { data: { endpoint: push.endpoint(deviceId) }, headers: { Origin: origin } });
  expect(removed.status()).toBe(204);

  await Promise.all([workerContext.close(), customerContext.close(), adminContext.close()]);
});
