import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 in Tampa (EST); Sunday 10:00 and 14:00 are offered starts.
const NOW = new Date('2026-11-21T15:00:00Z');
const SUNDAY_10 = '2026-11-22T15:00:00.000Z';
const SUNDAY_14 = '2026-11-22T19:00:00.000Z';
const tvOptions = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };
const home = { street: '4202 W Kennedy Blvd', city: 'Tampa', state: 'FL', zip: '33609' };

/** Defect 6 of issue #14: a booking remembers its address (when asked) and its phone. */
describe(`a booking remembers the address and phone (${databaseKind})`, () => {
  let t: TestApp;
  let keyCounter = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.addWorkers(10);
  });
  afterAll(() => t?.close());

  async function customerWithCard() {
    const customer = await t.signUp();
    const response = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie: customer.cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(response.status).toBe(201);
    return { ...customer, card: ((await response.json()) as { id: string }).id };
  }

  function book(customer: { cookie: string; card: string }, body: Record<string, unknown>) {
    return t.request('/api/bookings', {
      method: 'POST',
      cookie: customer.cookie,
      headers: { 'Idempotency-Key': `remember-${++keyCounter}-${Date.now()}` },
      json: { options: tvOptions, address: home, contactPhone: '(813) 555-0123', startAt: SUNDAY_10, paymentMethodId: customer.card, ...body },
    });
  }

  const addresses = async (cookie: string) => (await (await t.request('/api/account/addresses', { cookie })).json()) as Array<Record<string, unknown>>;
  const profilePhone = async (cookie: string) => ((await (await t.request('/api/me', { cookie })).json()) as { profile: { phone: string | null } }).profile.phone;

  it('with "save this address" the address becomes the default saved address, once however often it is booked', async () => {
    const customer = await customerWithCard();
    expect((await book(customer, { saveAddress: true })).status).toBe(201);
    // the same address typed differently is the same address
    expect((await book(customer, { saveAddress: true, startAt: SUNDAY_14, address: { ...home, street: '  4202 w kennedy  blvd ' } })).status).toBe(201);

    expect(await addresses(customer.cookie)).toEqual([{ id: expect.any(String), ...home, unit: null, is_default: true }]);
  });

  it('a second, different address is saved beside the first, which stays the default', async () => {
    const customer = await customerWithCard();
    await book(customer, { saveAddress: true });
    const office = { street: '100 N Tampa St', unit: 'Suite 200', city: 'Tampa', state: 'FL', zip: '33602' };
    expect((await book(customer, { saveAddress: true, startAt: SUNDAY_14, address: office })).status).toBe(201);

    const saved = await addresses(customer.cookie);
    expect(saved.map((a) => [a.street, a.unit, a.is_default])).toEqual([[home.street, null, true], [office.street, 'Suite 200', false]]);
  });

  it('without the box ticked nothing is saved', async () => {
    const customer = await customerWithCard();
    expect((await book(customer, {})).status).toBe(201);
    expect((await book(customer, { saveAddress: false, startAt: SUNDAY_14 })).status).toBe(201);
    expect(await addresses(customer.cookie)).toEqual([]);
  });

  it('the booking phone fills an empty profile phone, and never replaces one', async () => {
    const customer = await customerWithCard();
    expect(await profilePhone(customer.cookie)).toBeNull();
    await book(customer, { contactPhone: '(813) 555-0123' });
    expect(await profilePhone(customer.cookie)).toBe('+18135550123');

    await book(customer, { contactPhone: '727-555-0199', startAt: SUNDAY_14 });
    expect(await profilePhone(customer.cookie)).toBe('+18135550123');
  });

  it('a booking that is refused remembers nothing', async () => {
    const customer = await customerWithCard();
    const refused = await book(customer, { saveAddress: true, address: { ...home, zip: '90210' } });
    expect(refused.status).toBe(422);
    const declined = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie: customer.cookie, json: { number: '4000000000000002', expMonth: 12, expYear: 2030, cvc: '123' } });
    const declinedCard = ((await declined.json()) as { id: string }).id;
    expect((await book({ ...customer, card: declinedCard }, { saveAddress: true })).status).toBe(402);

    expect(await addresses(customer.cookie)).toEqual([]);
    expect(await profilePhone(customer.cookie)).toBeNull();
  });
});
