import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, payments, simulatedHolds, userRoles } from '../../db/schema';
import { FakeStripe } from '../../payments/testing/fake-stripe';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 in Tampa; the bookings start Sunday 10:00 (a hold, not a saved card only).
const NOW = new Date('2026-11-21T15:00:00Z');
const START = '2026-11-22T15:00:00.000Z';
const tvOptions = { service: 'tv-installation', screenSize: '56_65', bracket: 'full_motion', wallRiskAccepted: true, limitationsAcknowledged: true };
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };

type Brand = 'visa' | 'mastercard' | 'declined';
type Caller = { cookie: string; userId: string };

interface GatewaySetup {
  env: () => Record<string, string>;
  /** A fresh card as the browser would hand it to a booking (Stripe.js, or the test-mode form). */
  newCard: (t: TestApp, caller: Caller, brand: Brand, expiry?: { expMonth: number; expYear: number }) => Promise<string>;
  start?: () => Promise<void>;
  stop?: () => Promise<void>;
}

const NUMBERS: Record<Brand, string> = { visa: '4242424242424242', mastercard: '5555555555554444', declined: '4000000000000002' };
const LAST4: Record<Brand, string> = { visa: '4242', mastercard: '4444', declined: '0002' };

const simulated: GatewaySetup = {
  env: () => ({}),
  newCard: async (t, caller, brand, expiry = { expMonth: 12, expYear: 2030 }) => {
    const response = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie: caller.cookie, json: { number: NUMBERS[brand], ...expiry, cvc: '123' } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  },
};

let fake: FakeStripe | null = null;
const stripe: GatewaySetup = {
  start: async () => {
    fake = await FakeStripe.start({ now: NOW });
  },
  stop: async () => {
    await fake?.close();
  },
  env: () => ({ STRIPE_SECRET_KEY: 'sk_test_fake', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_test_fake', STRIPE_API_BASE: fake!.url }),
  newCard: async (_t, _caller, brand, expiry) => fake!.createPaymentMethod(brand === 'declined' ? 'chargeDeclined' : brand, expiry),
};

describe.each([
  ['simulated', simulated],
  ['stripe', stripe],
] as const)(`/api/account/payment-methods on the %s gateway (${databaseKind})`, (gatewayName, setup) => {
  let t: TestApp;
  let customer: Caller;
  let keyCounter = 0;

  beforeAll(async () => {
    await setup.start?.();
    t = await createTestApp({ now: NOW, env: setup.env() });
    expect(t.deps.gateway.name).toBe(gatewayName);
    await t.addWorkers(40);
    customer = await t.signUp();
  });
  afterAll(async () => {
    await t?.close();
    await setup.stop?.();
  });

  const list = (caller?: Caller) => t.request('/api/account/payment-methods', { cookie: caller?.cookie });
  const setDefault = (id: string, caller?: Caller) => t.request(`/api/account/payment-methods/${encodeURIComponent(id)}/default`, { method: 'PUT', cookie: caller?.cookie });
  const remove = (id: string, caller?: Caller) => t.request(`/api/account/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE', cookie: caller?.cookie });
  const book = (caller: Caller, paymentMethodId: string) =>
    t.request('/api/bookings', {
      method: 'POST',
      cookie: caller.cookie,
      headers: { 'Idempotency-Key': `payment-methods-test-${gatewayName}-${++keyCounter}` },
      json: { options: tvOptions, address, contactPhone: '(813) 555-0123', startAt: START, paymentMethodId },
    });

  /** Books with a fresh card, which the gateway keeps as a saved card; `settle` cancels the booking so no money stays open on it. */
  async function saveCardByBooking(caller: Caller, brand: Brand = 'visa', options: { settle?: boolean } = {}) {
    const response = await book(caller, await setup.newCard(t, caller, brand));
    expect(response.status).toBe(201);
    const booking = (await response.json()) as { id: string };
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    if (options.settle ?? true) expect((await t.request(`/api/bookings/${booking.id}/cancel`, { method: 'POST', cookie: caller.cookie })).status).toBe(200);
    return { cardId: payment!.paymentMethodRef!, bookingId: booking.id };
  }

  const ids = (body: Array<{ id: string; is_default: boolean }>) => body.map((card) => [card.id, card.is_default]);

  it('needs a signed-in user', async () => {
    expect((await list()).status).toBe(401);
    expect((await setDefault('pm_x')).status).toBe(401);
    expect((await remove('pm_x')).status).toBe(401);
  });

  it('lists the saved cards with the newest as default until one is chosen, sets the default, and removes cards', async () => {
    const owner = await t.signUp();
    expect(await (await list(owner)).json()).toEqual([]);
    const visa = await saveCardByBooking(owner, 'visa');
    t.setNow(new Date(NOW.getTime() + 60_000));
    fake?.advanceTime(60);
    const mastercard = await saveCardByBooking(owner, 'mastercard');

    const listed = await list(owner);
    expect(listed.status).toBe(200);
    const expYear = gatewayName === 'stripe' ? fake!.now().getUTCFullYear() + 3 : 2030;
    expect(await listed.json()).toEqual([
      { id: mastercard.cardId, brand: 'mastercard', last4: LAST4.mastercard, exp_month: 12, exp_year: expYear, is_default: true },
      { id: visa.cardId, brand: 'visa', last4: LAST4.visa, exp_month: 12, exp_year: expYear, is_default: false },
    ]);

    const chosen = await setDefault(visa.cardId, owner);
    expect(chosen.status).toBe(200);
    expect(ids(await chosen.json())).toEqual([
      [visa.cardId, true],
      [mastercard.cardId, false],
    ]);
    expect(ids(await (await list(owner)).json())).toEqual([
      [visa.cardId, true],
      [mastercard.cardId, false],
    ]);

    // Removing the default: the newest remaining card becomes the default.
    const removed = await remove(visa.cardId, owner);
    expect(removed.status).toBe(204);
    expect(ids(await (await list(owner)).json())).toEqual([[mastercard.cardId, true]]);
    expect((await remove(visa.cardId, owner)).status).toBe(404);
    expect((await setDefault(visa.cardId, owner)).status).toBe(404);
    expect((await remove(mastercard.cardId, owner)).status).toBe(204);
    expect(await (await list(owner)).json()).toEqual([]);
  });

  it('marks the newest card default when the chosen one is gone from the gateway', async () => {
    const owner = await t.signUp();
    const older = await saveCardByBooking(owner, 'visa');
    const newer = await saveCardByBooking(owner, 'mastercard');
    expect((await setDefault(older.cardId, owner)).status).toBe(200);
    // Removed at the gateway itself (e.g. in the Stripe Dashboard), not through our route.
    await t.deps.gateway.removeSavedCard(owner.userId, older.cardId);
    expect(ids(await (await list(owner)).json())).toEqual([[newer.cardId, true]]);
  });

  it('keeps a card whose booking still holds money (409), and lets it go once the hold is released', async () => {
    const { cardId, bookingId } = await saveCardByBooking(customer, 'visa', { settle: false });
    const refused = await remove(cardId, customer);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'payment_method_in_use', message: "This card is used by a booking and can't be removed." });
    const spanish = await t.request(`/api/account/payment-methods/${cardId}`, { method: 'DELETE', cookie: customer.cookie, headers: { 'Accept-Language': 'es' } });
    expect(await spanish.json()).toMatchObject({ code: 'payment_method_in_use', message: 'Esta tarjeta la usa una reserva y no se puede eliminar.' });
    expect(ids(await (await list(customer)).json())).toContainEqual([cardId, true]);

    expect((await t.request(`/api/bookings/${bookingId}/cancel`, { method: 'POST', cookie: customer.cookie })).status).toBe(200);
    expect((await remove(cardId, customer)).status).toBe(204);
    expect(ids(await (await list(customer)).json())).not.toContainEqual([cardId, expect.anything()]);
  });

  it("keeps one customer's cards out of another's reach", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { cardId } = await saveCardByBooking(owner);
    const otherCard = await saveCardByBooking(other);

    expect(ids(await (await list(other)).json())).toEqual([[otherCard.cardId, true]]);
    const notYours = await setDefault(cardId, other);
    expect(notYours.status).toBe(404);
    expect(await notYours.json()).toMatchObject({ code: 'not_found' });
    expect((await remove(cardId, other)).status).toBe(404);
    expect((await setDefault('pm_unknown', other)).status).toBe(404);
    expect((await remove('pm_unknown', other)).status).toBe(404);
    expect(ids(await (await list(owner)).json())).toEqual([[cardId, true]]);
  });

  it('shows workers and admins their own cards only', async () => {
    const owner = await t.signUp();
    const { cardId } = await saveCardByBooking(owner);
    for (const role of ['worker', 'admin'] as const) {
      const staff = await t.signUp();
      await t.deps.db.insert(userRoles).values({ userId: staff.userId, role });
      expect(await (await list(staff)).json()).toEqual([]);
      const own = await saveCardByBooking(staff, 'mastercard');
      expect(ids(await (await list(staff)).json())).toEqual([[own.cardId, true]]);
      expect((await setDefault(cardId, staff)).status).toBe(404);
      expect((await remove(cardId, staff)).status).toBe(404);
      expect((await setDefault(own.cardId, staff)).status).toBe(200);
    }
    expect(ids(await (await list(owner)).json())).toEqual([[cardId, true]]);
  });

  it('books again with a saved card by its listed id; another customer using that id gets 400 and nothing is booked or held', async () => {
    const owner = await t.signUp();
    await saveCardByBooking(owner);
    const [saved] = (await (await list(owner)).json()) as Array<{ id: string; last4: string }>;

    const second = await book(owner, saved!.id);
    expect(second.status).toBe(201);
    expect(await second.json()).toMatchObject({ status: 'pending', payment: { status: 'authorized', cardLast4: saved!.last4 } });

    const thief = await t.signUp();
    const holdsBefore = gatewayName === 'simulated' ? (await t.deps.db.select({ n: count() }).from(simulatedHolds))[0]!.n : fake!.allPaymentIntents().length;
    const stolen = await book(thief, saved!.id);
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ code: 'payment_method_not_found', details: { paymentMethodId: expect.any(String) } });
    const holdsAfter = gatewayName === 'simulated' ? (await t.deps.db.select({ n: count() }).from(simulatedHolds))[0]!.n : fake!.allPaymentIntents().length;
    expect(holdsAfter).toBe(holdsBefore);
    expect((await t.deps.db.select({ n: count() }).from(bookings).where(eq(bookings.customerId, thief.userId)))[0]!.n).toBe(0);
    expect(await (await list(thief)).json()).toEqual([]);
  });

  // Issue #14: a card is saved only after a successful hold, and once per card number.
  const refOf = async (bookingId: string) => (await t.deps.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0]!.paymentMethodRef;

  it('never saves a declined card, nor makes it the default', async () => {
    const owner = await t.signUp();
    const declinedFirst = await book(owner, await setup.newCard(t, owner, 'declined'));
    expect(declinedFirst.status).toBe(402);
    expect(await declinedFirst.json()).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect(await (await list(owner)).json()).toEqual([]);

    const visa = await saveCardByBooking(owner, 'visa');
    t.setNow(new Date(NOW.getTime() + 60_000));
    fake?.advanceTime(60);
    expect((await book(owner, await setup.newCard(t, owner, 'declined'))).status).toBe(402);
    expect((await book(owner, await setup.newCard(t, owner, 'declined'))).status).toBe(402);
    t.setNow(NOW);
    const listed = (await (await list(owner)).json()) as Array<{ id: string; last4: string; is_default: boolean }>;
    expect(listed.map((card) => [card.id, card.last4, card.is_default])).toEqual([[visa.cardId, '4242', true]]);
  });

  it('lists a card typed three times once, with the newest expiry, and books all three on it', async () => {
    const owner = await t.signUp();
    const year = gatewayName === 'stripe' ? fake!.now().getUTCFullYear() : 2030;
    const bookingIds: string[] = [];
    for (const expYear of [year + 3, year + 5, year + 4]) {
      const response = await book(owner, await setup.newCard(t, owner, 'visa', { expMonth: 12, expYear }));
      expect(response.status).toBe(201);
      bookingIds.push(((await response.json()) as { id: string }).id);
    }
    const listed = (await (await list(owner)).json()) as Array<{ id: string; last4: string; exp_year: number; is_default: boolean }>;
    expect(listed.map((card) => [card.last4, card.exp_year, card.is_default])).toEqual([['4242', year + 5, true]]);
    for (const bookingId of bookingIds) expect(await refOf(bookingId)).toBe(listed[0]!.id);
    // Typing a different card still adds it.
    await saveCardByBooking(owner, 'mastercard');
    expect(((await (await list(owner)).json()) as unknown[]).length).toBe(2);
  });

  it('saves one card when bookings with the same new card run at once', async () => {
    const owner = await t.signUp();
    const typed = await Promise.all(Array.from({ length: 5 }, () => setup.newCard(t, owner, 'visa')));
    const responses = await Promise.all(typed.map((paymentMethodId) => book(owner, paymentMethodId)));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const listed = (await (await list(owner)).json()) as Array<{ id: string; last4: string }>;
    expect(listed.map((card) => card.last4)).toEqual(['4242']);
    for (const response of responses) expect(await refOf(((await response.json()) as { id: string }).id)).toBe(listed[0]!.id);
  });

  it('refuses a removed card for a later booking', async () => {
    const owner = await t.signUp();
    const { cardId } = await saveCardByBooking(owner);
    expect((await remove(cardId, owner)).status).toBe(204);
    const again = await book(owner, cardId);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'payment_method_not_found' });
  });
});
