import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayCustomers } from '../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';
import {
  AuthenticationRequiredError,
  CardDeclinedError,
  GatewayUnavailableError,
  HoldExpiredError,
  InvalidPaymentOperationError,
  PaymentMethodNotFoundError,
  type PlaceHoldInput,
} from './gateway';
import { StripeGateway } from './stripe-gateway';
import { FakeStripe, parseStripeForm, type TestCardName } from './testing/fake-stripe';

const DAY = 24 * 60 * 60 * 1000;

describe(`Stripe gateway against the fake Stripe API (${databaseKind})`, () => {
  let t: TestApp;
  let fake: FakeStripe;
  let gateway: StripeGateway;

  beforeAll(async () => {
    t = await createTestApp();
    fake = await FakeStripe.start({ now: new Date('2026-11-21T15:00:00Z') });
    gateway = new StripeGateway(t.deps.db, { secretKey: 'sk_test_fake', apiBase: fake.url, timeoutMs: 1_000 });
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });
  beforeEach(() => fake.clearRequests());

  /** A new customer with a card from Stripe.js, and the booking-derived keys for one booking. */
  async function booking(card: TestCardName = 'visa') {
    const user = await t.signUp();
    const bookingId = randomUUID();
    const hold: PlaceHoldInput = {
      customerId: user.userId,
      customerEmail: user.email,
      paymentMethodId: fake.createPaymentMethod(card),
      amountCents: 4838,
      idempotencyKey: `booking-hold:${user.userId}:${bookingId}`,
      metadata: { booking_id: bookingId, reference: 'TB-ABC123' },
    };
    return { user, bookingId, hold, key: (operation: string) => `booking:${bookingId}:${operation}` };
  }

  it('places a hold with a manual-capture PaymentIntent for a new Stripe customer, saving the card', async () => {
    const { user, hold: input } = await booking();
    const hold = await gateway.placeHold(input);

    expect(hold).toEqual({
      reference: expect.stringMatching(/^pi_/),
      amountCents: 4838,
      card: { brand: 'visa', last4: '4242' },
      paymentMethodId: input.paymentMethodId,
      captureBefore: new Date(fake.now().getTime() + 7 * DAY),
    });
    // After the hold, the saved cards are listed to find an earlier copy of this card (none here),
    // and the new card is marked as the one kept.
    const [customerRequest, methodRequest, intentRequest, savedCardsRequest, keptRequest, ...rest] = fake.requests;
    expect(rest).toEqual([]);
    expect(savedCardsRequest).toMatchObject({ method: 'GET', path: '/v1/payment_methods', query: { type: 'card' } });
    expect(keptRequest).toMatchObject({ method: 'POST', path: `/v1/payment_methods/${input.paymentMethodId}`, body: { metadata: { saved_card: 'kept' } } });
    expect(customerRequest).toMatchObject({ method: 'POST', path: '/v1/customers', body: { email: user.email, metadata: { user_id: user.userId } }, idempotencyKey: `customer:${user.userId}` });
    expect(methodRequest).toMatchObject({ method: 'GET', path: `/v1/payment_methods/${input.paymentMethodId}`, idempotencyKey: null });
    const [customer] = await t.deps.db.select().from(gatewayCustomers).where(and(eq(gatewayCustomers.userId, user.userId), eq(gatewayCustomers.gateway, 'stripe')));
    expect(intentRequest).toEqual({
      method: 'POST',
      path: '/v1/payment_intents',
      query: {},
      body: {
        amount: '4838',
        currency: 'usd',
        customer: customer!.customerRef,
        payment_method: input.paymentMethodId,
        capture_method: 'manual',
        confirm: 'true',
        setup_future_usage: 'off_session',
        automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
        metadata: input.metadata,
        expand: ['latest_charge'],
      },
      idempotencyKey: input.idempotencyKey,
      replayed: false,
    });
    expect(fake.paymentIntent(hold.reference)).toMatchObject({ status: 'requires_capture', amount_capturable: 4838, customer: customer!.customerRef });

    // The same customer's next booking reuses the Stripe customer; the same card typed again is
    // detached and the card saved first is the one kept (issue #14).
    fake.clearRequests();
    const retyped = fake.createPaymentMethod('visa');
    const second = await gateway.placeHold({ ...input, paymentMethodId: retyped, idempotencyKey: `${input.idempotencyKey}-2` });
    expect(fake.requestsTo('/v1/customers')).toEqual([]);
    expect(second.paymentMethodId).toBe(input.paymentMethodId);
    expect(fake.requestsTo(`/v1/payment_methods/${retyped}/detach`)).toHaveLength(1);
    expect((await gateway.listSavedCards(user.userId)).map((card) => card.paymentMethodId)).toEqual([input.paymentMethodId]);
  });

  it('captures less than the hold, and Stripe releases the rest', async () => {
    const { hold: input, key } = await booking();
    const hold = await gateway.placeHold(input);
    fake.clearRequests();

    expect(await gateway.capture({ reference: hold.reference, amountCents: 3000, idempotencyKey: key('capture') })).toEqual({ capturedCents: 3000 });
    expect(fake.requests).toEqual([
      { method: 'POST', path: `/v1/payment_intents/${hold.reference}/capture`, query: {}, body: { amount_to_capture: '3000' }, idempotencyKey: key('capture'), replayed: false },
    ]);
    // The released 1838 is not money refunded.
    expect(await gateway.getPayment(hold.reference)).toMatchObject({ status: 'succeeded', amountCents: 4838, capturedCents: 3000, refundedCents: 0, metadata: input.metadata });
  });

  it('captures exactly the hold; a retry with the same key answers the same capture', async () => {
    const { hold: input, key } = await booking();
    const hold = await gateway.placeHold(input);
    expect(await gateway.capture({ reference: hold.reference, amountCents: 4838, idempotencyKey: key('capture') })).toEqual({ capturedCents: 4838 });
    expect(await gateway.capture({ reference: hold.reference, amountCents: 4838, idempotencyKey: key('capture') })).toEqual({ capturedCents: 4838 });
    expect(fake.requestsTo(`/v1/payment_intents/${hold.reference}/capture`).map((r) => r.replayed)).toEqual([false, true]);
  });

  it('refuses to capture more than the hold', async () => {
    const { hold: input, key } = await booking();
    const hold = await gateway.placeHold(input);
    await expect(gateway.capture({ reference: hold.reference, amountCents: 4839, idempotencyKey: key('capture') })).rejects.toBeInstanceOf(InvalidPaymentOperationError);
  });

  it('answers HoldExpiredError for a capture after the hold lapsed (7 days), and reports it expired', async () => {
    const { hold: input, key } = await booking();
    const hold = await gateway.placeHold(input);
    fake.advanceTime(7 * 24 * 60 * 60 + 1);
    await expect(gateway.capture({ reference: hold.reference, amountCents: 4838, idempotencyKey: key('capture') })).rejects.toBeInstanceOf(HoldExpiredError);
    expect(await gateway.getPayment(hold.reference)).toMatchObject({ status: 'expired', capturedCents: 0, refundedCents: 0 });
  });

  it('answers HoldExpiredError for charge_expired_for_capture', async () => {
    const { hold: input, key } = await booking();
    const hold = await gateway.placeHold(input);
    fake.failNext({ kind: 'error', status: 400, error: { type: 'invalid_request_error', code: 'charge_expired_for_capture', message: 'The charge cannot be captured as the authorization has expired.' } });
    await expect(gateway.capture({ reference: hold.reference, amountCents: 4838, idempotencyKey: key('capture') })).rejects.toEqual(new HoldExpiredError(hold.reference));
  });

  it('charges an amount above the hold off-session to the saved card', async () => {
    const { user, hold: input, key, bookingId } = await booking();
    const hold = await gateway.placeHold(input);
    await gateway.capture({ reference: hold.reference, amountCents: 4838, idempotencyKey: key('capture') });
    fake.clearRequests();

    const metadata = { booking_id: bookingId, reason: 'final_amount_above_hold' };
    const charge = await gateway.chargeOffSession({ customerId: user.userId, paymentMethodId: hold.paymentMethodId, amountCents: 1250, idempotencyKey: key('extra'), metadata });
    expect(charge).toEqual({ reference: expect.stringMatching(/^pi_/), amountCents: 1250 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      body: {
        amount: '1250',
        currency: 'usd',
        customer: expect.stringMatching(/^cus_/),
        payment_method: hold.paymentMethodId,
        off_session: 'true',
        confirm: 'true',
        automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
        metadata,
      },
      idempotencyKey: key('extra'),
    });
    expect(fake.requests[0]!.body).not.toHaveProperty('capture_method');
    expect(await gateway.getPayment(charge.reference)).toMatchObject({ status: 'succeeded', capturedCents: 1250 });
  });

  it('declines an off-session charge that needs authentication', async () => {
    const { user, hold: input, key } = await booking('authenticationRequired');
    await expect(gateway.placeHold(input)).rejects.toBeInstanceOf(AuthenticationRequiredError);
    const intent = fake.allPaymentIntents().at(-1)!;
    fake.authenticate(intent.id as string);
    const hold = await gateway.placeHold(input);
    const charge = gateway.chargeOffSession({ customerId: user.userId, paymentMethodId: hold.paymentMethodId, amountCents: 900, idempotencyKey: key('extra'), metadata: {} });
    await expect(charge).rejects.toMatchObject({ name: 'CardDeclinedError', declineCode: 'authentication_required' });
  });

  it('voids a hold; voiding it again is not an error', async () => {
    const { hold: input, key } = await booking();
    const hold = await gateway.placeHold(input);
    fake.clearRequests();
    await gateway.voidHold({ reference: hold.reference, idempotencyKey: key('void'), reason: 'requested_by_customer' });
    expect(fake.requests).toEqual([
      { method: 'POST', path: `/v1/payment_intents/${hold.reference}/cancel`, query: {}, body: { cancellation_reason: 'requested_by_customer' }, idempotencyKey: key('void'), replayed: false },
    ]);
    await gateway.voidHold({ reference: hold.reference, idempotencyKey: `${key('void')}-again`, reason: 'abandoned' });
    expect(await gateway.getPayment(hold.reference)).toMatchObject({ status: 'canceled', capturedCents: 0, refundedCents: 0 });
    await expect(gateway.capture({ reference: hold.reference, amountCents: 100, idempotencyKey: key('capture') })).rejects.toBeInstanceOf(InvalidPaymentOperationError);
  });

  it('refunds part, then the rest; a retried refund refunds once; no more than was captured', async () => {
    const { hold: input, key } = await booking();
    const hold = await gateway.placeHold(input);
    await gateway.capture({ reference: hold.reference, amountCents: 4000, idempotencyKey: key('capture') });
    fake.clearRequests();

    const first = await gateway.refund({ reference: hold.reference, amountCents: 1000, idempotencyKey: key('refund:1'), reason: 'damaged wall' });
    expect(first).toEqual({ refundReference: expect.stringMatching(/^re_/), amountCents: 1000 });
    expect(fake.requests).toEqual([
      { method: 'POST', path: '/v1/refunds', query: {}, body: { payment_intent: hold.reference, amount: '1000', metadata: { reason: 'damaged wall' } }, idempotencyKey: key('refund:1'), replayed: false },
    ]);
    expect(await gateway.refund({ reference: hold.reference, amountCents: 1000, idempotencyKey: key('refund:1'), reason: 'damaged wall' })).toEqual(first);
    expect(await gateway.getPayment(hold.reference)).toMatchObject({ capturedCents: 4000, refundedCents: 1000 });

    expect(await gateway.refund({ reference: hold.reference, amountCents: 3000, idempotencyKey: key('refund:2'), reason: 'goodwill' })).toMatchObject({ amountCents: 3000 });
    expect(await gateway.getPayment(hold.reference)).toMatchObject({ capturedCents: 4000, refundedCents: 4000 });
    await expect(gateway.refund({ reference: hold.reference, amountCents: 1, idempotencyKey: key('refund:3'), reason: 'too much' })).rejects.toBeInstanceOf(InvalidPaymentOperationError);

    const refunds = await gateway.listRefunds(hold.reference);
    // Ours (with their reason) and Stripe's release of the uncaptured 838.
    expect(refunds.map((r) => [r.amountCents, r.reason]).sort()).toEqual([
      [1000, 'damaged wall'],
      [3000, 'goodwill'],
      [838, null],
    ]);
  });

  it('throws CardDeclinedError with the bank message for a declined card', async () => {
    const { hold: input } = await booking('chargeDeclined');
    const error = await gateway.placeHold(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardDeclinedError);
    expect(error).toMatchObject({ bankMessage: 'Your card was declined.', declineCode: 'generic_decline' });
    // A retry with the same key replays the decline; it does not try the card again.
    await expect(gateway.placeHold(input)).rejects.toMatchObject({ declineCode: 'generic_decline' });
    expect(fake.requestsTo('/v1/payment_intents', 'POST').map((r) => r.replayed)).toEqual([false, true]);
  });

  it('throws CardDeclinedError for insufficient funds', async () => {
    const { hold: input } = await booking('chargeDeclinedInsufficientFunds');
    await expect(gateway.placeHold(input)).rejects.toMatchObject({ name: 'CardDeclinedError', bankMessage: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' });
  });

  it('asks for 3-D Secure, then the retry with the same key answers the hold once the customer authenticated', async () => {
    const { hold: input } = await booking('authenticationRequired');
    const error = await gateway.placeHold(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationRequiredError);
    const { reference, clientSecret } = error as AuthenticationRequiredError;
    expect(reference).toMatch(/^pi_/);
    expect(clientSecret).toMatch(new RegExp(`^${reference}_secret_`));

    // Not yet authenticated: the retry still asks for it.
    await expect(gateway.placeHold(input)).rejects.toBeInstanceOf(AuthenticationRequiredError);

    fake.authenticate(reference);
    fake.clearRequests();
    const hold = await gateway.placeHold(input);
    expect(hold).toMatchObject({ reference, amountCents: 4838, card: { brand: 'visa', last4: '3184' } });
    expect(fake.requests.map((r) => [r.method, r.path, r.replayed])).toEqual([
      ['GET', `/v1/payment_methods/${input.paymentMethodId}`, false],
      ['POST', '/v1/payment_intents', true],
      ['GET', `/v1/payment_intents/${reference}`, false],
    ]);
    expect(fake.allPaymentIntents().filter((pi) => (pi.metadata as Record<string, string>).booking_id === input.metadata.booking_id)).toHaveLength(1);
  });

  it('turns a failed 3-D Secure into a decline', async () => {
    const { hold: input } = await booking('authenticationRequired');
    const { reference } = (await gateway.placeHold(input).catch((e: unknown) => e)) as AuthenticationRequiredError;
    fake.authenticate(reference, { succeed: false });
    await expect(gateway.placeHold(input)).rejects.toMatchObject({ name: 'CardDeclinedError', declineCode: 'payment_intent_authentication_failure' });
  });

  it('answers GatewayUnavailableError on a timeout, and the retry with the same key creates no second PaymentIntent', async () => {
    const quick = new StripeGateway(t.deps.db, { secretKey: 'sk_test_fake', apiBase: fake.url, timeoutMs: 300 });
    const { hold: input } = await booking();
    // Only the injected timeout uses the 300 ms client: the warm-up and the retry use the usual one,
    // so a loaded machine cannot time them out (seen in CI with the browser suite running beside).
    await gateway.placeHold({ ...input, idempotencyKey: `${input.idempotencyKey}-warm-up`, metadata: {} }); // the customer exists
    const before = fake.allPaymentIntents().length;
    fake.clearRequests();

    fake.failNext({ kind: 'timeout', request: 'POST /v1/payment_intents' });
    const error = await quick.placeHold(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect((error as Error).cause).toMatchObject({ type: 'StripeConnectionError', message: expect.stringContaining('timeout') });
    expect(fake.allPaymentIntents()).toHaveLength(before + 1); // Stripe did create it: the outcome was unknown to us

    const hold = await gateway.placeHold(input);
    expect(fake.allPaymentIntents()).toHaveLength(before + 1);
    expect(fake.paymentIntent(hold.reference)).toMatchObject({ metadata: input.metadata, status: 'requires_capture' });
    expect(fake.requestsTo('/v1/payment_intents', 'POST').map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      [input.idempotencyKey, false],
      [input.idempotencyKey, true],
    ]);
  });

  it('answers GatewayUnavailableError when a capture never reaches Stripe, and the retry captures once', async () => {
    const quick = new StripeGateway(t.deps.db, { secretKey: 'sk_test_fake', apiBase: fake.url, timeoutMs: 300 });
    const { hold: input, key } = await booking();
    const hold = await gateway.placeHold(input);
    fake.failNext({ kind: 'timeout', processed: false, request: `POST /v1/payment_intents/${hold.reference}/capture` });
    await expect(quick.capture({ reference: hold.reference, amountCents: 2000, idempotencyKey: key('capture') })).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(fake.paymentIntent(hold.reference)).toMatchObject({ status: 'requires_capture', amount_received: 0 });
    expect(await gateway.capture({ reference: hold.reference, amountCents: 2000, idempotencyKey: key('capture') })).toEqual({ capturedCents: 2000 });
    expect(fake.paymentIntent(hold.reference)).toMatchObject({ status: 'succeeded', amount_received: 2000 });
  });

  it('answers GatewayUnavailableError on a 500 and succeeds on the retry', async () => {
    const { hold: input, key } = await booking();
    const hold = await gateway.placeHold(input);
    fake.failNext({ kind: 'error', status: 500, request: `POST /v1/payment_intents/${hold.reference}/capture` });
    await expect(gateway.capture({ reference: hold.reference, amountCents: 100, idempotencyKey: key('capture') })).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(await gateway.capture({ reference: hold.reference, amountCents: 100, idempotencyKey: key('capture') })).toEqual({ capturedCents: 100 });
  });

  it('refuses a payment method that is unknown or saved by another customer', async () => {
    const { hold: input } = await booking();
    const hold = await gateway.placeHold(input);
    const other = await booking();
    const before = fake.allPaymentIntents().length;
    await expect(gateway.placeHold({ ...other.hold, paymentMethodId: hold.paymentMethodId })).rejects.toBeInstanceOf(PaymentMethodNotFoundError);
    await expect(gateway.placeHold({ ...other.hold, paymentMethodId: 'pm_unknown' })).rejects.toBeInstanceOf(PaymentMethodNotFoundError);
    await expect(gateway.saveCard({ ...other.hold, paymentMethodId: hold.paymentMethodId })).rejects.toBeInstanceOf(PaymentMethodNotFoundError);
    expect(fake.allPaymentIntents()).toHaveLength(before);
  });

  it("accepts Stripe's pm_card_visa test token", async () => {
    const { hold: input } = await booking();
    const hold = await gateway.placeHold({ ...input, paymentMethodId: 'pm_card_visa' });
    expect(hold).toMatchObject({ card: { brand: 'visa', last4: '4242' }, paymentMethodId: expect.stringMatching(/^pm_/) });
  });

  it('saves a card with a SetupIntent, then places a 5-day merchant-initiated hold off-session', async () => {
    const { user, hold: input, key, bookingId } = await booking();
    const saved = await gateway.saveCard({ customerId: user.userId, customerEmail: user.email, paymentMethodId: input.paymentMethodId, idempotencyKey: key('save-card'), metadata: { booking_id: bookingId } });
    expect(saved).toEqual({ paymentMethodId: input.paymentMethodId, card: { brand: 'visa', last4: '4242' } });
    expect(fake.requestsTo('/v1/setup_intents')).toEqual([
      {
        method: 'POST',
        path: '/v1/setup_intents',
        query: {},
        body: {
          customer: expect.stringMatching(/^cus_/),
          payment_method: input.paymentMethodId,
          confirm: 'true',
          usage: 'off_session',
          automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
          metadata: { booking_id: bookingId },
        },
        idempotencyKey: key('save-card'),
        replayed: false,
      },
    ]);

    fake.advanceTime(10 * 24 * 60 * 60);
    fake.clearRequests();
    const hold = await gateway.placeHold({ ...input, paymentMethodId: saved.paymentMethodId, idempotencyKey: key('deferred-hold'), offSession: true });
    const body = fake.requestsTo('/v1/payment_intents', 'POST')[0]!.body;
    expect(body).toMatchObject({ off_session: 'true', capture_method: 'manual', confirm: 'true' });
    expect(body).not.toHaveProperty('setup_future_usage');
    expect(hold.captureBefore).toEqual(new Date(fake.now().getTime() + 5 * DAY));
  });

  it('asks for 3-D Secure when saving a card, and saves it on the retry after authentication', async () => {
    const { user, hold: input, key } = await booking('authenticationRequired');
    const request = { customerId: user.userId, customerEmail: user.email, paymentMethodId: input.paymentMethodId, idempotencyKey: key('save-card') };
    const error = (await gateway.saveCard(request).catch((e: unknown) => e)) as AuthenticationRequiredError;
    expect(error).toBeInstanceOf(AuthenticationRequiredError);
    expect(error.reference).toMatch(/^seti_/);
    expect(error.clientSecret).toMatch(/^seti_.*_secret_/);
    fake.authenticate(error.reference);
    expect(await gateway.saveCard(request)).toMatchObject({ paymentMethodId: input.paymentMethodId, card: { last4: '3184' } });
  });

  it('declines saving a declined card', async () => {
    const { user, hold: input, key } = await booking('chargeDeclined');
    const request = { customerId: user.userId, customerEmail: user.email, paymentMethodId: input.paymentMethodId, idempotencyKey: key('save-card') };
    await expect(gateway.saveCard(request)).rejects.toMatchObject({ name: 'CardDeclinedError', bankMessage: 'Your card was declined.' });
  });

  it('lists payments created since a time across pages', async () => {
    const own = await FakeStripe.start({ now: new Date('2026-12-01T12:00:00Z') });
    try {
      const listing = new StripeGateway(t.deps.db, { secretKey: 'sk_test_fake', apiBase: own.url });
      const { hold: input } = await booking();
      await listing.placeHold({ ...input, paymentMethodId: own.createPaymentMethod(), idempotencyKey: 'old' });
      own.advanceTime(3600);
      const since = own.now();
      for (let i = 0; i < 102; i++) await listing.placeHold({ ...input, paymentMethodId: own.createPaymentMethod(), idempotencyKey: `new-${i}`, amountCents: 100 + i });
      const payments = await listing.listPaymentsSince(since);
      expect(payments).toHaveLength(102);
      expect(new Set(payments.map((p) => p.amountCents)).size).toBe(102);
      expect(payments[0]).toMatchObject({ status: 'requires_capture', capturedCents: 0, captureBefore: new Date(since.getTime() + 7 * DAY), metadata: input.metadata });
      expect(own.requestsTo('/v1/payment_intents', 'GET').map((r) => r.query.starting_after ?? null)).toEqual([null, expect.stringMatching(/^pi_/)]);
    } finally {
      await own.close();
    }
  });

  it('lists no saved cards, and asks Stripe nothing, for a user without a Stripe customer', async () => {
    const user = await t.signUp();
    expect(await gateway.listSavedCards(user.userId)).toEqual([]);
    await expect(gateway.removeSavedCard(user.userId, fake.createPaymentMethod())).rejects.toBeInstanceOf(PaymentMethodNotFoundError);
    expect(fake.requests).toEqual([]);
    const [customer] = await t.deps.db.select().from(gatewayCustomers).where(eq(gatewayCustomers.userId, user.userId));
    expect(customer).toBeUndefined();
  });

  it("lists the cards attached to the user's Stripe customer, newest first, and only theirs", async () => {
    const { user, hold: input } = await booking();
    await gateway.placeHold(input);
    fake.advanceTime(60);
    const mastercard = fake.createPaymentMethod('mastercard');
    await gateway.placeHold({ ...input, paymentMethodId: mastercard, idempotencyKey: `${input.idempotencyKey}-2` });
    const other = await booking();
    await gateway.placeHold(other.hold);
    fake.clearRequests();

    const year = fake.now().getUTCFullYear() + 3;
    expect(await gateway.listSavedCards(user.userId)).toEqual([
      { paymentMethodId: mastercard, brand: 'mastercard', last4: '4444', expMonth: 12, expYear: year },
      { paymentMethodId: input.paymentMethodId, brand: 'visa', last4: '4242', expMonth: 12, expYear: year },
    ]);
    const [customer] = await t.deps.db.select().from(gatewayCustomers).where(eq(gatewayCustomers.userId, user.userId));
    expect(fake.requests).toEqual([
      { method: 'GET', path: '/v1/payment_methods', query: { customer: customer!.customerRef, type: 'card', limit: '100' }, body: {}, idempotencyKey: null, replayed: false },
    ]);
    expect((await gateway.listSavedCards(other.user.userId)).map((card) => card.paymentMethodId)).toEqual([other.hold.paymentMethodId]);
  });

  it('removes a saved card by detaching it after checking it is attached to the customer; it cannot be charged again', async () => {
    const { user, hold: input } = await booking();
    await gateway.placeHold(input);
    fake.clearRequests();

    await gateway.removeSavedCard(user.userId, input.paymentMethodId);
    expect(fake.requests).toEqual([
      { method: 'GET', path: `/v1/payment_methods/${input.paymentMethodId}`, query: {}, body: {}, idempotencyKey: null, replayed: false },
      { method: 'POST', path: `/v1/payment_methods/${input.paymentMethodId}/detach`, query: {}, body: {}, idempotencyKey: expect.any(String), replayed: false },
    ]);
    expect(await gateway.listSavedCards(user.userId)).toEqual([]);
    // Removed twice (e.g. two tabs): the second is "not found", without a second detach.
    fake.clearRequests();
    await expect(gateway.removeSavedCard(user.userId, input.paymentMethodId)).rejects.toBeInstanceOf(PaymentMethodNotFoundError);
    expect(fake.requestsTo('/v1/payment_methods', 'POST')).toEqual([]);
    // As on Stripe, a detached card is refused for any later payment.
    const before = fake.allPaymentIntents().length;
    await expect(gateway.placeHold({ ...input, idempotencyKey: `${input.idempotencyKey}-again` })).rejects.toBeInstanceOf(PaymentMethodNotFoundError);
    expect(fake.allPaymentIntents()).toHaveLength(before);
  });

  it("refuses to remove another customer's card or an unknown one, and detaches nothing", async () => {
    const owner = await booking();
    await gateway.placeHold(owner.hold);
    const other = await booking();
    await gateway.placeHold(other.hold);
    fake.clearRequests();

    await expect(gateway.removeSavedCard(other.user.userId, owner.hold.paymentMethodId)).rejects.toBeInstanceOf(PaymentMethodNotFoundError);
    await expect(gateway.removeSavedCard(other.user.userId, 'pm_unknown')).rejects.toBeInstanceOf(PaymentMethodNotFoundError);
    expect(fake.requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', `/v1/payment_methods/${owner.hold.paymentMethodId}`],
      ['GET', '/v1/payment_methods/pm_unknown'],
    ]);
    expect((await gateway.listSavedCards(owner.user.userId)).map((card) => card.paymentMethodId)).toEqual([owner.hold.paymentMethodId]);
  });

  it("charges a saved card again only with its own customer: a PaymentIntent passes the customer with the saved payment_method", async () => {
    const owner = await booking();
    await gateway.placeHold(owner.hold);
    const [saved] = await gateway.listSavedCards(owner.user.userId);
    fake.clearRequests();
    const again = await gateway.placeHold({ ...owner.hold, paymentMethodId: saved!.paymentMethodId, idempotencyKey: `${owner.hold.idempotencyKey}-second` });
    expect(again.paymentMethodId).toBe(saved!.paymentMethodId);
    const [customer] = await t.deps.db.select().from(gatewayCustomers).where(eq(gatewayCustomers.userId, owner.user.userId));
    expect(fake.requestsTo('/v1/payment_intents', 'POST')[0]!.body).toMatchObject({ customer: customer!.customerRef, payment_method: saved!.paymentMethodId });
  });

  it('is in test mode with test keys only', () => {
    expect(gateway.testMode).toBe(true);
    expect(new StripeGateway(t.deps.db, { secretKey: 'sk_live_x' }).testMode).toBe(false);
    expect(gateway.holdLifetimeDays).toBe(7);
  });
});

describe('parseStripeForm', () => {
  it("parses Stripe's bracket notation", () => {
    expect(parseStripeForm('amount=4838&metadata[booking_id]=b-1&metadata[note]=a%20b+c&expand[0]=latest_charge&expand[1]=customer&tags[]=x&tags[]=y&a[b][c]=d')).toEqual({
      amount: '4838',
      metadata: { booking_id: 'b-1', note: 'a b c' },
      expand: ['latest_charge', 'customer'],
      tags: ['x', 'y'],
      a: { b: { c: 'd' } },
    });
    expect(parseStripeForm('')).toEqual({});
  });
});
