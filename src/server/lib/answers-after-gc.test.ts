/**
 * An answer the server read before handing it back (the idempotency store, the sign-in throttle)
 * stays whole however long the client takes to read it. Node's fetch cancels the stream behind a
 * cloned Response once that Response object is garbage-collected, and Hono re-wraps an answer
 * (`new Response(old.body, old)`) when a middleware sets a header afterwards: a cloned answer was
 * then cancelled under the client by the next collection ("Body is unusable" on a created booking,
 * seen once in CI under load). The collections are forced here, so the test fails every time on
 * that code, not once in a hundred runs.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';
import { TEST_ADDRESS, TV_OPTIONS } from '../test/money-actors';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

/** Collects twice with a pause between, so finalization callbacks of the first collection run. */
async function collectGarbage() {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 20));
  gc();
  await new Promise((resolve) => setTimeout(resolve, 20));
}

// Saturday 2026-11-21 10:00 in Tampa; the bookings are for Monday 10:00.
const NOW = new Date('2026-11-21T15:00:00Z');
const START = '2026-11-23T15:00:00.000Z';

describe(`answers read by the server stay readable by the client (${databaseKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.addWorkers(6);
  });
  afterAll(() => t?.close());

  const book = (cookie: string, key: string, paymentMethodId: string) =>
    t.request('/api/bookings', {
      method: 'POST',
      cookie,
      headers: { 'Idempotency-Key': key },
      json: { options: TV_OPTIONS, address: TEST_ADDRESS, contactPhone: '(813) 555-0123', startAt: START, paymentMethodId },
    });

  async function newCard(cookie: string) {
    const response = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it('hands back a created booking and its replay whole after collections', async () => {
    const customer = await t.signUp();
    const card = await newCard(customer.cookie);
    const created = await Promise.all([book(customer.cookie, 'gc-booking-first', card), book(customer.cookie, 'gc-booking-second', card)]);
    const replay = await book(customer.cookie, 'gc-booking-first', card);
    await collectGarbage();

    expect(created.map((response) => response.status)).toEqual([201, 201]);
    const bodies = (await Promise.all(created.map((response) => response.json()))) as Array<{ id: string; status: string }>;
    expect(bodies.map((body) => body.status)).toEqual(['pending', 'pending']);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await replay.json()) as { id: string }).id).toBe(bodies[0]!.id);
  });

  it('hands back a refused sign-in whole after collections', async () => {
    const customer = await t.signUp();
    const refused = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: customer.email, password: 'not-the-password' } });
    await collectGarbage();

    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'invalid_email_or_password' });
  });
});
