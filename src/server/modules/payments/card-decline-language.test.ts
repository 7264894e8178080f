/**
 * Issue #14, defect 13: a Spanish customer whose card is declined reads why in Spanish (the
 * decline code mapped to our locale key), never the gateway's English words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { moneyActors, TV_OPTIONS } from '../../test/money-actors';

// Saturday 2026-11-21 10:00 in Tampa.
const NOW = new Date('2026-11-21T15:00:00Z');
const TOMORROW = '2026-11-22T15:00:00.000Z';
const NEXT_WEEK = '2026-11-30T15:00:00.000Z';

describe(`card declines in the customer's language (${databaseKind})`, () => {
  let t: TestApp;
  let money: ReturnType<typeof moneyActors>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    money = moneyActors(t);
    await t.addWorkers(4);
  });
  afterAll(() => t?.close());

  async function bookWith(number: string, startAt: string, lang: string) {
    const customer = await t.signUp();
    const card = await money.card(customer.cookie, number);
    return t.request('/api/bookings', {
      method: 'POST',
      cookie: customer.cookie,
      headers: { 'Idempotency-Key': `decline-${number}-${startAt}-${lang}-${Math.random()}`, 'Accept-Language': lang },
      json: money.bookingBody(TV_OPTIONS, startAt, card),
    });
  }

  it.each([
    ['4000000000000002', TOMORROW, 'Su tarjeta fue rechazada.'],
    ['4000000000009995', TOMORROW, 'Su tarjeta no tiene fondos suficientes.'],
    ['4000000000000002', NEXT_WEEK, 'Su tarjeta fue rechazada.'],
    ['4000000000009995', NEXT_WEEK, 'Su tarjeta no tiene fondos suficientes.'],
  ])('card %s for %s: "%s", in Spanish, with no English in the answer', async (number, startAt, spanish) => {
    const response = await bookWith(number, startAt, 'es-US,es;q=0.9');
    expect(response.status).toBe(402);
    const body = await response.json();
    expect(body).toMatchObject({ code: 'card_declined', message: spanish });
    expect(JSON.stringify(body)).not.toMatch(/Your card|was declined|insufficient funds/);
  });

  it('the same cards answer in English for an English customer', async () => {
    expect(await (await bookWith('4000000000000002', TOMORROW, 'en')).json()).toMatchObject({ message: 'Your card was declined.' });
    expect(await (await bookWith('4000000000009995', TOMORROW, 'en')).json()).toMatchObject({ message: 'Your card has insufficient funds.' });
  });
});
