import { randomBytes, randomUUID } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingOptions } from '../../../domain/booking-options';
import { bookableDates, DEFAULT_SLOT_RULES } from '../../../domain/slots';
import { startRuntime } from '../../bootstrap';
import { ConfigError, loadConfig } from '../../config';
import { bookings, gatewayEvents, paymentLedger, payments } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import type { Hold } from '../../payments/gateway';
import { StripeGateway, type GatewayRefund } from '../../payments/stripe-gateway';
import { FakeStripe, type TestCardName } from '../../payments/testing/fake-stripe';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { recordCaptured, recordHoldPlaced } from './payment-records';
import { SYSTEM_ACTOR } from '../../lib/request-context';
import { moneyRefunds } from './webhook.service';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
});
const DAY = 24 * 60 * 60 * 1000;

describe(`Stripe webhooks through the app (${databaseKind})`, () => {
  let t: TestApp;
  let fake: FakeStripe;
  let gateway: StripeGateway;
  let customer: { userId: string; email: string };

  beforeAll(async () => {
    fake = await FakeStripe.start();
    t = await createTestApp({ env: stripeEnv(fake) });
    expect(t.deps.gateway).toBeInstanceOf(StripeGateway);
    gateway = t.deps.gateway as StripeGateway;
    customer = await t.signUp();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** Posts an event as Stripe does: JSON body, `Stripe-Signature` made with Stripe's own helper. */
  function deliver(event: object, options: { secret?: string; signature?: string | null; body?: string } = {}) {
    const payload = JSON.stringify(event);
    const signature = options.signature !== undefined ? options.signature : Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (signature) headers.set('Stripe-Signature', signature);
    return t.app.request('/api/payments/webhook', { method: 'POST', headers, body: options.body ?? payload });
  }
  async function deliverOk(event: object) {
    const response = await deliver(event);
    expect(response.status).toBe(200);
    return ((await response.json()) as { outcome: string }).outcome;
  }

  /** A booking and its payment row, written directly (as the booking flow would have). */
  async function seedBooking(payment: Partial<typeof payments.$inferInsert> & { status: (typeof payments.$inferInsert)['status'] }) {
    const start = new Date(Date.now() + 10 * DAY);
    const [booking] = await t.deps.db
      .insert(bookings)
      .values({
        reference: `TB-${randomBytes(3).toString('hex').toUpperCase()}`,
        customerId: customer.userId,
        serviceSlug: 'tv-installation',
        options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true } as BookingOptions,
        street: '100 N Tampa St',
        city: 'Tampa',
        state: 'FL',
        zip: '33602',
        contactPhone: '+18135550123',
        scheduledStart: start,
        scheduledEnd: new Date(start.getTime() + 60 * 60 * 1000),
        lineItems: [],
        subtotalCents: 4500,
        taxRateBps: 750,
        taxCents: 338,
        totalCents: 4838,
        idempotencyKey: randomUUID(),
        requestHash: 'seeded',
      })
      .returning();
    const [row] = await t.deps.db.insert(payments).values({ bookingId: booking!.id, gateway: 'stripe', amountHeldCents: 4838, ...payment }).returning();
    return { booking: booking!, payment: row! };
  }

  /** A booking with a hold placed at Stripe and recorded by us (status authorized). */
  async function authorizedBooking(card: TestCardName = 'visa') {
    const paymentMethodId = fake.createPaymentMethod(card);
    const seeded = await seedBooking({ status: 'card_saved', paymentMethodRef: paymentMethodId });
    const hold = await gateway.placeHold({
      customerId: customer.userId,
      customerEmail: customer.email,
      paymentMethodId,
      amountCents: 4838,
      idempotencyKey: `booking-hold:${customer.userId}:${seeded.booking.id}`,
      metadata: { reference: seeded.booking.reference, customer_id: customer.userId },
    });
    await recordHoldPlaced(t.deps.db, seeded.payment, hold, SYSTEM_ACTOR);
    return { ...seeded, hold };
  }

  /** Our records for a booking: its payment row and its ledger, plus the events table size. */
  async function records(bookingId: string) {
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    const ledger = await t.deps.db.select().from(paymentLedger).where(eq(paymentLedger.bookingId, bookingId)).orderBy(asc(paymentLedger.idempotencyKey));
    const [events] = await t.deps.db.select({ n: count() }).from(gatewayEvents);
    return { payment: payment!, ledger, events: events!.n };
  }
  const kinds = (ledger: { kind: string; amountCents: number }[]) => ledger.map((row) => [row.kind, row.amountCents]).sort();
  const chargeOf = (intentId: string) => (fake.paymentIntent(intentId).latest_charge as { id: string }).id;

  /** Delivers `event` twice: the replay must change nothing. */
  async function expectReplayChangesNothing(event: object, bookingId: string) {
    const before = await records(bookingId);
    expect(await deliverOk(event)).toBe('duplicate');
    expect(await records(bookingId)).toEqual(before);
  }

  describe('signature', () => {
    it('accepts an event signed with STRIPE_WEBHOOK_SECRET', async () => {
      const { hold } = await authorizedBooking();
      expect(await deliverOk(fake.event('payment_intent.created', hold.reference))).toBe('ignored');
    });

    it('refuses a wrong secret, a missing header, and a body that is not the one signed, with 400 and no change', async () => {
      const { booking, hold } = await authorizedBooking();
      await gateway.capture({ reference: hold.reference, amountCents: 4838, idempotencyKey: `booking:${booking.id}:capture` });
      const event = fake.event('payment_intent.succeeded', hold.reference);
      const before = await records(booking.id);

      const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
      expect(wrongSecret.status).toBe(400);
      expect(await wrongSecret.json()).toMatchObject({ code: 'invalid_signature', message: 'Invalid Stripe signature.' });
      expect((await deliver(event, { signature: null })).status).toBe(400);
      const tampered = { ...event, id: 'evt_forged' };
      expect((await deliver(event, { body: JSON.stringify(tampered) })).status).toBe(400);
      expect((await deliver(event, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
      expect(await records(booking.id)).toEqual(before);
    });
  });

  it('payment_intent.amount_capturable_updated: records a deferred hold whose placement we never saw', async () => {
    const typed = fake.createPaymentMethod('visa');
    // The card saved (the customer's earlier copy of this card, if any: issue #14) is the booking's.
    const { paymentMethodId } = await gateway.saveCard({ customerId: customer.userId, customerEmail: customer.email, paymentMethodId: typed, idempotencyKey: `save-card:${typed}` });
    const { booking } = await seedBooking({ status: 'card_saved', paymentMethodRef: paymentMethodId });
    // Our scheduler's call: Stripe authorized it, but the answer was lost.
    const hold = await gateway.placeHold({
      customerId: customer.userId,
      customerEmail: customer.email,
      paymentMethodId,
      amountCents: 4838,
      idempotencyKey: `booking:${booking.id}:deferred-hold`,
      metadata: { booking_id: booking.id, reference: booking.reference },
      offSession: true,
    });
    const event = fake.event('payment_intent.amount_capturable_updated', hold.reference);

    expect(await deliverOk(event)).toBe('applied');
    const after = await records(booking.id);
    expect(after.payment).toMatchObject({ status: 'authorized', gatewayReference: hold.reference, amountHeldCents: 4838, captureBefore: hold.captureBefore, paymentMethodRef: paymentMethodId });
    expect(hold.captureBefore.getTime() - fake.now().getTime()).toBe(5 * DAY);
    expect(after.ledger).toMatchObject([{ kind: 'hold_placed', amountCents: 4838, gatewayReference: hold.reference, actorUserId: null, idempotencyKey: `hold:${booking.id}` }]);
    await expectReplayChangesNothing(event, booking.id);
  });

  it('payment_intent.amount_capturable_updated for the hold of a booking made through the API changes nothing: the booking recorded it', async () => {
    await t.addWorkers(1);
    const customerWithCookie = await t.signUp();
    const date = bookableDates(new Date(), DEFAULT_SLOT_RULES)[2]!;
    const slots = (await (await t.request(`/api/services/tv-installation/slots?date=${date}&durationMinutes=60`)).json()) as { starts: string[] };
    const created = await t.request('/api/bookings', {
      method: 'POST',
      cookie: customerWithCookie.cookie,
      headers: { 'Idempotency-Key': `webhook-test-${randomUUID()}` },
      json: {
        options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
        address: { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' },
        contactPhone: '8135550123',
        startAt: slots.starts[0],
        paymentMethodId: fake.createPaymentMethod('visa'),
      },
    });
    expect(created.status).toBe(201);
    const booking = (await created.json()) as { id: string; totalCents: number };
    const before = await records(booking.id);
    const intent = fake.paymentIntent(before.payment.gatewayReference!);
    expect(before.payment).toMatchObject({ status: 'authorized', amountHeldCents: booking.totalCents, paymentMethodRef: intent.payment_method, holdFailedAt: null });
    expect(before.payment.captureBefore).toBeInstanceOf(Date);
    expect(before.ledger).toMatchObject([{ kind: 'hold_placed', amountCents: booking.totalCents, gatewayReference: before.payment.gatewayReference, actorUserId: customerWithCookie.userId, idempotencyKey: `hold:${booking.id}` }]);

    await deliverOk(fake.event('payment_intent.amount_capturable_updated', before.payment.gatewayReference!));
    const after = await records(booking.id);
    expect(after.payment).toEqual(before.payment);
    expect(after.ledger).toEqual(before.ledger);
  });

  it('payment_intent.succeeded: records a capture whose answer we never saw', async () => {
    const { booking, hold } = await authorizedBooking();
    await gateway.capture({ reference: hold.reference, amountCents: 3000, idempotencyKey: `booking:${booking.id}:capture` });
    const event = fake.event('payment_intent.succeeded', hold.reference);

    expect(await deliverOk(event)).toBe('applied');
    const after = await records(booking.id);
    expect(after.payment).toMatchObject({ status: 'captured', amountCapturedCents: 3000 });
    expect(kinds(after.ledger)).toEqual([
      ['captured', 3000],
      ['hold_placed', 4838],
    ]);
    await expectReplayChangesNothing(event, booking.id);
  });

  it('applies an event once when Stripe delivers it several times at once', async () => {
    const { booking, hold } = await authorizedBooking();
    await gateway.capture({ reference: hold.reference, amountCents: 4838, idempotencyKey: `booking:${booking.id}:capture` });
    const event = fake.event('payment_intent.succeeded', hold.reference);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => deliverOk(event)));
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(4);
    expect(kinds((await records(booking.id)).ledger)).toEqual([
      ['captured', 4838],
      ['hold_placed', 4838],
    ]);
  });

  it('payment_intent.succeeded after we recorded the capture ourselves changes nothing', async () => {
    const { booking, hold, payment } = await authorizedBooking();
    const { capturedCents } = await gateway.capture({ reference: hold.reference, amountCents: 4838, idempotencyKey: `booking:${booking.id}:capture` });
    await recordCaptured(t.deps.db, payment, capturedCents, { userId: customer.userId, role: 'admin' }, { fee: true, reason: 'no-show' });
    const before = await records(booking.id);
    expect(await deliverOk(fake.event('payment_intent.succeeded', hold.reference))).toBe('ignored');
    expect(await records(booking.id)).toEqual(before);
  });

  it('payment_intent.succeeded for an off-session extra charge records the extra charge', async () => {
    const { booking, hold, payment } = await authorizedBooking();
    await gateway.capture({ reference: hold.reference, amountCents: 4838, idempotencyKey: `booking:${booking.id}:capture` });
    await recordCaptured(t.deps.db, payment, 4838, SYSTEM_ACTOR);
    const extra = await gateway.chargeOffSession({
      customerId: customer.userId,
      paymentMethodId: hold.paymentMethodId,
      amountCents: 1575,
      idempotencyKey: `booking:${booking.id}:extra`,
      metadata: { booking_id: booking.id, reference: booking.reference, reason: 'final_amount_above_hold' },
    });
    const event = fake.event('payment_intent.succeeded', extra.reference);

    expect(await deliverOk(event)).toBe('applied');
    const after = await records(booking.id);
    expect(after.payment).toMatchObject({ status: 'captured', extraChargeReference: extra.reference, amountExtraChargedCents: 1575, amountCapturedCents: 4838 });
    expect(kinds(after.ledger)).toEqual([
      ['captured', 4838],
      ['extra_charge', 1575],
      ['hold_placed', 4838],
    ]);
    await expectReplayChangesNothing(event, booking.id);
  });

  it('payment_intent.canceled: records a voided hold', async () => {
    const { booking, hold } = await authorizedBooking();
    await gateway.voidHold({ reference: hold.reference, idempotencyKey: `booking:${booking.id}:void`, reason: 'requested_by_customer' });
    const event = fake.event('payment_intent.canceled', hold.reference);

    expect(await deliverOk(event)).toBe('applied');
    const after = await records(booking.id);
    expect(after.payment.status).toBe('voided');
    expect(kinds(after.ledger)).toEqual([
      ['hold_placed', 4838],
      ['voided', 4838],
    ]);
    await expectReplayChangesNothing(event, booking.id);
  });

  it('payment_intent.payment_failed: starts the grace period of a declined deferred hold', async () => {
    const paymentMethodId = fake.createPaymentMethod('chargeDeclinedInsufficientFunds');
    const { booking } = await seedBooking({ status: 'card_saved', paymentMethodRef: paymentMethodId });
    const attempt = gateway.placeHold({
      customerId: customer.userId,
      customerEmail: customer.email,
      paymentMethodId,
      amountCents: 4838,
      idempotencyKey: `booking:${booking.id}:deferred-hold`,
      metadata: { booking_id: booking.id, reference: booking.reference },
      offSession: true,
    });
    await expect(attempt).rejects.toMatchObject({ name: 'CardDeclinedError', declineCode: 'insufficient_funds' });
    const intent = fake.allPaymentIntents().find((pi) => (pi.metadata as Record<string, string>).booking_id === booking.id)!;
    const event = fake.event('payment_intent.payment_failed', intent.id as string);

    expect(await deliverOk(event)).toBe('applied');
    const after = await records(booking.id);
    expect(after.payment).toMatchObject({ status: 'card_saved', holdFailedAt: new Date((event.created as number) * 1000) });
    expect(after.ledger).toEqual([]);
    await expectReplayChangesNothing(event, booking.id);
  });

  it('charge.refunded: records partial then full refunds, not the released remainder of the hold', async () => {
    const { booking, hold, payment } = await authorizedBooking();
    await gateway.capture({ reference: hold.reference, amountCents: 4000, idempotencyKey: `booking:${booking.id}:capture` });
    await recordCaptured(t.deps.db, payment, 4000, SYSTEM_ACTOR);
    const first = await gateway.refund({ reference: hold.reference, amountCents: 1000, idempotencyKey: `booking:${booking.id}:refund:1`, reason: 'scuffed wall' });
    const firstEvent = fake.event('charge.refunded', chargeOf(hold.reference));

    expect(await deliverOk(firstEvent)).toBe('applied');
    let after = await records(booking.id);
    expect(after.payment).toMatchObject({ status: 'partially_refunded', amountCapturedCents: 4000, amountRefundedCents: 1000 });
    expect(after.ledger.find((row) => row.kind === 'refunded')).toMatchObject({ amountCents: 1000, gatewayReference: first.refundReference, reason: 'scuffed wall', idempotencyKey: `refund:${first.refundReference}` });
    await expectReplayChangesNothing(firstEvent, booking.id);

    await gateway.refund({ reference: hold.reference, amountCents: 3000, idempotencyKey: `booking:${booking.id}:refund:2`, reason: 'goodwill' });
    const secondEvent = fake.event('charge.refunded', chargeOf(hold.reference));
    expect(await deliverOk(secondEvent)).toBe('applied');
    after = await records(booking.id);
    expect(after.payment).toMatchObject({ status: 'refunded', amountRefundedCents: 4000 });
    expect(kinds(after.ledger)).toEqual([
      ['captured', 4000],
      ['hold_placed', 4838],
      ['refunded', 1000],
      ['refunded', 3000],
    ]);
    await expectReplayChangesNothing(secondEvent, booking.id);
  });

  it('charge.refunded before the capture was recorded: records the capture, then the refund', async () => {
    const { booking, hold } = await authorizedBooking();
    await gateway.capture({ reference: hold.reference, amountCents: 4838, idempotencyKey: `booking:${booking.id}:capture` });
    await gateway.refund({ reference: hold.reference, amountCents: 838, idempotencyKey: `booking:${booking.id}:refund:1`, reason: 'late arrival' });
    expect(await deliverOk(fake.event('charge.refunded', chargeOf(hold.reference)))).toBe('applied');
    const after = await records(booking.id);
    expect(after.payment).toMatchObject({ status: 'partially_refunded', amountCapturedCents: 4838, amountRefundedCents: 838 });
    expect(kinds(after.ledger)).toEqual([
      ['captured', 4838],
      ['hold_placed', 4838],
      ['refunded', 838],
    ]);
  });

  it('setup_intent.succeeded: a new card saved for a booking waiting for its deferred hold replaces the old one', async () => {
    const { booking } = await seedBooking({ status: 'card_saved', paymentMethodRef: fake.createPaymentMethod('chargeDeclined'), holdFailedAt: new Date() });
    const newCard = fake.createPaymentMethod('mastercard');
    const saved = await gateway.saveCard({ customerId: customer.userId, customerEmail: customer.email, paymentMethodId: newCard, idempotencyKey: `booking:${booking.id}:new-card`, metadata: { booking_id: booking.id } });
    const setupIntent = fake.allSetupIntents().at(-1)!;
    expect(setupIntent).toMatchObject({ status: 'succeeded', payment_method: newCard, metadata: { booking_id: booking.id } });
    const event = fake.event('setup_intent.succeeded', setupIntent.id as string);

    expect(await deliverOk(event)).toBe('applied');
    expect((await records(booking.id)).payment).toMatchObject({ status: 'card_saved', paymentMethodRef: saved.paymentMethodId, holdFailedAt: null });
    await expectReplayChangesNothing(event, booking.id);
  });

  it('answers 200 and changes nothing for an intent we do not know, or an event type we do not handle', async () => {
    const stranger = await gateway.placeHold({
      customerId: customer.userId,
      customerEmail: customer.email,
      paymentMethodId: fake.createPaymentMethod('visa'),
      amountCents: 999,
      idempotencyKey: `orphan:${randomUUID()}`,
      metadata: { reference: 'TB-NOSUCH', booking_id: randomUUID() },
    });
    const countAll = async () => {
      const [ledger] = await t.deps.db.select({ n: count() }).from(paymentLedger);
      const [events] = await t.deps.db.select({ n: count() }).from(gatewayEvents);
      const rows = await t.deps.db.select().from(payments).orderBy(asc(payments.id));
      return { ledger: ledger!.n, events: events!.n, rows };
    };
    const before = await countAll();
    fake.clearRequests();
    expect(await deliverOk(fake.event('payment_intent.amount_capturable_updated', stranger.reference))).toBe('ignored');
    expect(fake.requests).toEqual([]); // nothing of ours: Stripe is not even asked
    await gateway.capture({ reference: stranger.reference, amountCents: 999, idempotencyKey: `orphan-capture:${stranger.reference}` });
    expect(await deliverOk(fake.event('payment_intent.succeeded', stranger.reference))).toBe('ignored');
    await gateway.refund({ reference: stranger.reference, amountCents: 999, idempotencyKey: `orphan-refund:${stranger.reference}`, reason: 'test' });
    fake.clearRequests();
    expect(await deliverOk(fake.event('charge.refunded', chargeOf(stranger.reference)))).toBe('ignored');
    expect(fake.requests).toEqual([]);
    expect(await deliverOk(fake.event('payment_intent.canceled', stranger.reference))).toBe('ignored');
    expect(await deliverOk(fake.event('invoice.paid', stranger.reference))).toBe('ignored');
    expect(await countAll()).toEqual(before);
  });

  it('payment_intent.canceled by Stripe itself (automatic): records the hold as expired', async () => {
    const { booking, hold } = await authorizedBooking();
    fake.advanceTime(7 * 24 * 60 * 60 + 60);
    const event = fake.event('payment_intent.canceled', hold.reference);
    expect((event.data as { object: { cancellation_reason: string } }).object.cancellation_reason).toBe('automatic');

    expect(await deliverOk(event)).toBe('applied');
    const after = await records(booking.id);
    expect(after.payment.status).toBe('expired');
    expect(kinds(after.ledger)).toEqual([
      ['hold_expired', 4838],
      ['hold_placed', 4838],
    ]);
    await expectReplayChangesNothing(event, booking.id);
  });

  it('exposes the publishable key and lets Stripe.js through the CSP', async () => {
    const response = await t.request('/api/settings/public');
    expect((await response.json()).payments).toEqual({ gateway: 'stripe', testMode: true, publishableKey: 'pk_test_fake' });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });
});

describe(`payments without Stripe (${databaseKind})`, () => {
  it('has no webhook endpoint, no publishable key and no Stripe in the CSP', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.request('/api/payments/webhook', { method: 'POST', body: '{}', headers: { 'Stripe-Signature': 't=1,v1=x' } });
      expect(response.status).toBe(404);
      const settings = await t.request('/api/settings/public');
      expect((await settings.json()).payments).toEqual({ gateway: 'simulated', testMode: true });
      expect(settings.headers.get('content-security-policy')).not.toContain('stripe.com');
    } finally {
      await t.close();
    }
  });
});

describe('Stripe configuration', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_x', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
  const production = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'k7Qm2vX9pL4wR8tZ1nB6cY3hJ5dF0sGa' };

  it('turns Stripe on with both keys, and refuses one without the other', () => {
    expect(loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe).toEqual({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', apiBase: null });
    expect(loadConfig({}).stripe).toBeNull();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_SECRET_KEY \/ VITE_STRIPE_PUBLISHABLE_KEY: set both or neither/);
    expect(() => loadConfig({ VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toThrow(ConfigError);
  });

  it('requires the webhook secret in production, and refuses STRIPE_API_BASE there', () => {
    expect(() => loadConfig({ ...production, ...keys })).toThrow(/STRIPE_WEBHOOK_SECRET: required in production/);
    expect(() => loadConfig({ ...production, ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:1' })).toThrow(/STRIPE_API_BASE/);
    expect(loadConfig({ ...production, ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe?.webhookSecret).toBe('whsec_x');
  });

  it('starts in production on Stripe, with no simulated gateway', async () => {
    const config = loadConfig({ ...production, ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_x', LOG_LEVEL: 'silent' });
    const runtime = await startRuntime(config, { dir: 'memory://' }, { logger: createLogger('silent') });
    try {
      expect(runtime.deps.gateway).toBeInstanceOf(StripeGateway);
      expect(runtime.deps.simulatedGateway).toBeNull();
    } finally {
      await runtime.close();
    }
  });
});

describe('moneyRefunds', () => {
  const refund = (id: string, amountCents: number, reason: string | null, second: number): GatewayRefund => ({
    refundReference: id,
    paymentReference: 'pi_1',
    amountCents,
    status: 'succeeded',
    reason,
    createdAt: new Date(second * 1000),
  });
  const partiallyCaptured = { amount: 4838, amount_captured: 4000, captured: true };

  it('leaves out the release of the uncaptured remainder when Stripe lists it as a refund', () => {
    const refunds = [refund('re_2', 1000, 'scuffed wall', 20), refund('re_release', 838, null, 10)];
    expect(moneyRefunds({ ...partiallyCaptured, amount_refunded: 1838 }, refunds).map((r) => r.refundReference)).toEqual(['re_2']);
  });

  it('keeps every refund when the release is not listed, and a Dashboard refund of the same amount', () => {
    expect(moneyRefunds({ ...partiallyCaptured, amount_refunded: 1838 }, [refund('re_2', 1000, null, 20)]).map((r) => r.refundReference)).toEqual(['re_2']);
    const dashboard = [refund('re_release', 838, null, 10), refund('re_dash', 838, null, 20)];
    expect(moneyRefunds({ ...partiallyCaptured, amount_refunded: 838 + 838 }, dashboard).map((r) => r.refundReference)).toEqual(['re_dash']);
  });

  it('ignores failed refunds and uncaptured charges', () => {
    const failed = { ...refund('re_f', 500, 'x', 5), status: 'failed' };
    expect(moneyRefunds({ amount: 1000, amount_captured: 1000, captured: true, amount_refunded: 0 }, [failed])).toEqual([]);
    expect(moneyRefunds({ amount: 1000, amount_captured: 0, captured: false, amount_refunded: 1000 }, [refund('re_r', 1000, null, 1)])).toEqual([]);
  });
});
