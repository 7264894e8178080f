import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, user } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-21T15:00:00Z');
const tvOptions = { service: 'tv-installation', screenSize: '56_65', bracket: 'full_motion', wallRiskAccepted: true, limitationsAcknowledged: true };
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };

describe(`DELETE /api/account (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.addWorkers(3);
  });
  afterAll(() => t?.close());

  const remove = (cookie: string | undefined, confirm?: string) => t.request('/api/account', { method: 'DELETE', cookie, json: confirm === undefined ? {} : { confirm } });

  async function bookFor(cookie: string) {
    const cardResponse = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    const card = ((await cardResponse.json()) as { id: string }).id;
    const response = await t.request('/api/bookings', {
      method: 'POST',
      cookie,
      headers: { 'Idempotency-Key': `delete-test-${Math.random()}` },
      json: { options: tvOptions, address, contactPhone: '(813) 555-0123', startAt: '2026-11-22T15:00:00.000Z', paymentMethodId: card, notes: 'gate code 1234' },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it('needs a signed-in user and the typed word', async () => {
    expect((await remove(undefined, 'DELETE')).status).toBe(401);
    const { cookie } = await t.signUp();
    const unconfirmed = await remove(cookie, 'delete me');
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toMatchObject({ code: 'confirm_required', message: 'Please type DELETE to confirm.' });
  });

  it('is refused while a booking is open, then removes personal data and keeps the booking anonymised', async () => {
    const { cookie, userId, email } = await t.signUp();
    await t.request('/api/me/profile', { method: 'PATCH', cookie, json: { phone: '(813) 555-0199' } });
    const bookingId = await bookFor(cookie);
    const refused = await remove(cookie, 'DELETE');
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe('upcoming_bookings');

    await t.deps.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, bookingId));
    expect(await t.deps.gateway.listSavedCards(userId)).toHaveLength(1);
    const done = await remove(cookie, 'DELETE');
    expect(done.status).toBe(200);

    expect((await (await t.request('/api/me', { cookie })).json()).user).toBeNull();
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'correct-horse-9' } });
    expect(signIn.status).toBe(401);
    const [row] = await t.deps.db.select().from(user).where(eq(user.id, userId));
    expect(row).toMatchObject({ name: 'Deleted user', email: `deleted-${userId}@deleted.invalid`, userMetadata: {} });
    // the card saved with the booking is gone from the payment gateway too
    expect(await t.deps.gateway.listSavedCards(userId)).toEqual([]);
    const [booking] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ customerId: userId, street: '', contactPhone: '', notes: null, status: 'cancelled' });
    expect(booking!.totalCents).toBeGreaterThan(0);
    // the email is free for a new account
    await expect(t.signUp(email)).resolves.toMatchObject({ email });
  });
});
