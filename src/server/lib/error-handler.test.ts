import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { cardDeclined } from '../modules/payments/gateway-errors';
import { CardDeclinedError } from '../payments/gateway';
import type { AppEnv } from './app-env';
import { handleError } from './error-handler';
import { ruleBroken } from './errors';

/** An app whose one route throws `error`, answered by the central error handler. */
function failingWith(error: Error) {
  const app = new Hono<AppEnv>();
  app.get('/fail', () => {
    throw error;
  });
  app.onError(handleError);
  return (language: string) => app.request('/fail', { headers: { 'Accept-Language': language } });
}

describe('error answers in the caller language', () => {
  it('writes money in an error as dollars in the caller language', async () => {
    const call = failingWith(ruleBroken('refund_too_large', 'paymentErrors.refundTooLarge', { moneyParams: { available: 123450 } }));

    expect(await (await call('en-US')).json()).toMatchObject({
      code: 'refund_too_large',
      message: "A refund can't be larger than what was charged and not yet refunded ($1,234.50 can still be refunded).",
    });
    expect(await (await call('es')).json()).toMatchObject({
      message: 'Un reembolso no puede ser mayor que lo cobrado y aún no reembolsado (todavía se pueden reembolsar $1,234.50).',
    });
  });

  it('names a known card decline in the caller language', async () => {
    const call = failingWith(cardDeclined(new CardDeclinedError('Your card has insufficient funds.', 'insufficient_funds')));

    const english = await call('en');
    expect(english.status).toBe(402);
    expect(await english.json()).toEqual({ code: 'card_declined', message: 'Your card has insufficient funds.', details: null, hint: null });
    expect(await (await call('es-MX')).json()).toMatchObject({ code: 'card_declined', message: 'Su tarjeta no tiene fondos suficientes.' });
  });

  it("translates an unknown decline and never passes on the bank's English words (issue #14)", async () => {
    const call = failingWith(cardDeclined(new CardDeclinedError('Your card does not support this currency.', 'currency_not_supported')));

    expect(await (await call('es')).json()).toEqual({ code: 'card_declined', message: 'Su tarjeta fue rechazada.', details: null, hint: null });
  });

  it("answers the framework's own exceptions in the caller language", async () => {
    const call = failingWith(new HTTPException(413, { message: 'Payload Too Large' }));

    const answer = await call('es');
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ code: 'payload_too_large', message: 'Esta solicitud es demasiado grande.', details: null, hint: null });
  });
});
