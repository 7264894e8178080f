import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLedger, payments, userRoles } from '../../db/schema';
import { runPaymentJobs } from '../payments/payment-jobs';
import { reconcilePayments } from '../payments/reconciliation';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 in Tampa. Jobs on Monday 2026-11-23 10:00 Tampa (15:00Z), 48 h away.
const NOW = new Date('2026-11-21T15:00:00Z');
const MONDAY_10 = '2026-11-23T15:00:00.000Z';
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
const tv = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };
const furniture = (estimatedHours: number) => ({ service: 'furniture-assembly', productName: 'Desk', estimatedHours });

describe(`money: holds, capture, cancellation, refunds (${databaseKind})`, () => {
  let t: TestApp;
  let customer: { cookie: string; userId: string };
  let admin: { cookie: string; userId: string };
  let n = 0;

  const at = (iso: string | Date) => t.setNow(new Date(iso));
  async function card(cookie: string, number = '4242424242424242') {
    const r = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie, json: { number, expMonth: 12, expYear: 2030, cvc: '123' } });
    return ((await r.json()) as { id: string }).id;
  }
  async function book(options: object, extra: { startAt?: string; number?: string; cookie?: string; key?: string } = {}) {
    const cookie = extra.cookie ?? customer.cookie;
    const body = { options, address, contactPhone: '8135550123', startAt: extra.startAt ?? MONDAY_10, paymentMethodId: await card(cookie, extra.number) };
    return t.request('/api/bookings', { method: 'POST', cookie, headers: { 'Idempotency-Key': extra.key ?? `money-key-${++n}` }, json: body });
  }
  async function booked(options: object, extra: Parameters<typeof book>[1] = {}) {
    const r = await book(options, extra);
    expect(r.status).toBe(201);
    return (await r.json()) as { id: string; totalCents: number };
  }
  const post = (path: string, cookie: string, json: object = {}, headers: Record<string, string> = {}) => t.request(path, { method: 'POST', cookie, json, headers });
  const view = async (id: string, cookie = customer.cookie) => (await t.request(`/api/bookings/${id}`, { cookie })).json();
  const ledger = (bookingId: string) => t.deps.db.select().from(paymentLedger).where(eq(paymentLedger.bookingId, bookingId));

  /** What the gateway holds for a booking: captured - refunded over its hold and extra charge. */
  async function gatewayPaid(bookingId: string) {
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    let paid = 0;
    for (const ref of [payment!.gatewayReference, payment!.extraChargeReference]) {
      if (!ref) continue;
      const p = await t.deps.gateway.getPayment(ref);
      paid += p.capturedCents - p.refundedCents;
    }
    return paid;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.addWorkers(40);
    customer = await t.signUp();
    admin = await t.signUp();
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
  });
  afterAll(() => t?.close());

  describe('completion captures the final amount', () => {
    it('equal to the hold (TV)', async () => {
      at(NOW);
      const b = await booked(tv);
      const r = await post(`/api/admin/bookings/${b.id}/complete`, admin.cookie);
      expect(r.status).toBe(200);
      const done = await view(b.id);
      expect(done.status).toBe('completed');
      expect(done.money).toEqual({ heldCents: 4838, capturedCents: 4838, extraChargedCents: 0, refundedCents: 0, paidCents: 4838, tippedCents: 0 });
      expect(done.payment.status).toBe('captured');
      expect(await gatewayPaid(b.id)).toBe(4838);
    });

    it('less than the hold (furniture, 3 h estimated, 2 h worked): the rest is released', async () => {
      at(NOW);
      const b = await booked(furniture(3));
      expect(b.totalCents).toBe(11288);
      await post(`/api/admin/bookings/${b.id}/complete`, admin.cookie, { actualHours: 2 });
      const done = await view(b.id);
      expect(done.final).toMatchObject({ subtotalCents: 7000, taxCents: 525, totalCents: 7525 });
      expect(done.money).toMatchObject({ heldCents: 11288, capturedCents: 7525, extraChargedCents: 0, paidCents: 7525 });
      expect(await gatewayPaid(b.id)).toBe(7525);
    });

    it('more than the hold (furniture, 2 h estimated, 3.5 h worked): the difference is charged off-session', async () => {
      at(NOW);
      const b = await booked(furniture(2));
      await post(`/api/admin/bookings/${b.id}/complete`, admin.cookie, { actualHours: 3.5 });
      const done = await view(b.id);
      expect(done.final.lineItems[0]).toMatchObject({ quantity: 3.5, amountCents: 12250, taxCents: 919 });
      expect(done.money).toMatchObject({ heldCents: 7525, capturedCents: 7525, extraChargedCents: 5644, paidCents: 13169 });
      expect(await gatewayPaid(b.id)).toBe(13169);
      const receipt = await (await t.request(`/api/bookings/${b.id}/receipt`, { cookie: customer.cookie })).json();
      expect(receipt.entries.map((e: { kind: string }) => e.kind)).toEqual(['hold_placed', 'captured', 'extra_charge']);
    });

    it('adds paint bought at cost, plus tax, on a painting job', async () => {
      at(NOW);
      const b = await booked({ service: 'painting', rooms: 1, paintSupplier: 'company' });
      await post(`/api/admin/bookings/${b.id}/complete`, admin.cookie, { paintCostCents: 4599 });
      const done = await view(b.id);
      expect(done.final).toMatchObject({ subtotalCents: 29599, taxCents: 2220, totalCents: 31819 });
      expect(done.money.paidCents).toBe(31819);
    });

    it('refuses bad actuals with field details', async () => {
      at(NOW);
      const b = await booked(furniture(2));
      const r = await post(`/api/admin/bookings/${b.id}/complete`, admin.cookie, { actualHours: 1.25 });
      expect(r.status).toBe(400);
      expect((await r.json()).details.actualHours).toMatch(/half hours/);
    });

    it('charges off-session when the hold expired before capture', async () => {
      at(NOW);
      const b = await booked(tv);
      at('2026-11-29T15:00:00Z'); // 8 days later: the 7-day hold lapsed
      await post(`/api/admin/bookings/${b.id}/complete`, admin.cookie);
      const done = await view(b.id);
      expect(done.money).toMatchObject({ capturedCents: 0, extraChargedCents: 4838, paidCents: 4838 });
      expect((await ledger(b.id)).map((e) => e.kind).sort()).toEqual(['extra_charge', 'hold_expired', 'hold_placed']);
    });

    it('does nothing twice when completed again', async () => {
      at(NOW);
      const b = await booked(tv);
      await post(`/api/admin/bookings/${b.id}/complete`, admin.cookie);
      const again = await post(`/api/admin/bookings/${b.id}/complete`, admin.cookie);
      expect(again.status).toBe(200);
      expect(await ledger(b.id)).toHaveLength(2);
      expect(await gatewayPaid(b.id)).toBe(4838);
    });
  });

  describe('cancellation follows the policy', () => {
    it.each([
      ['grace: 3 minutes after booking, 47 h before', '2026-11-21T15:03:00Z', 'grace', 0, 'voided'],
      ['free: 24 h or more before', '2026-11-22T15:00:00Z', 'free', 0, 'voided'],
      ['half: 22 h before', '2026-11-22T17:00:00Z', 'half', 2419, 'captured'],
      ['full: 10 h before (same day)', '2026-11-23T05:00:00Z', 'full', 4838, 'captured'],
    ])('%s', async (_name, cancelAt, tier, feeCents, paymentStatus) => {
      at(NOW);
      const b = await booked(tv);
      at(cancelAt);
      const preview = await (await t.request(`/api/bookings/${b.id}/cancellation`, { cookie: customer.cookie })).json();
      expect(preview).toMatchObject({ tier, feeCents, captureCents: feeCents, releaseCents: 4838 - feeCents });
      expect(preview.refundTimingMessage).toMatch(/3-5 business days/);
      const r = await post(`/api/bookings/${b.id}/cancel`, customer.cookie, {}, { 'Idempotency-Key': `cancel-${b.id}` });
      expect(r.status).toBe(200);
      const cancelled = await r.json();
      expect(cancelled).toMatchObject({ status: 'cancelled', cancellation: { tier, feeCents }, payment: { status: paymentStatus }, canCancel: false });
      expect(cancelled.money.paidCents).toBe(feeCents);
      expect(await gatewayPaid(b.id)).toBe(feeCents);
    });

    it('explains the 50% fee in the preview, in Spanish too', async () => {
      at(NOW);
      const b = await booked(tv);
      at('2026-11-22T17:00:00Z');
      const en = await (await t.request(`/api/bookings/${b.id}/cancellation`, { cookie: customer.cookie })).json();
      expect(en.message).toContain('$24.19');
      const es = await (await t.request(`/api/bookings/${b.id}/cancellation`, { cookie: customer.cookie, headers: { 'Accept-Language': 'es' } })).json();
      expect(es.message).toMatch(/cargo por cancelación del 50%/);
    });

    it('does nothing twice when the cancel is repeated', async () => {
      at(NOW);
      const b = await booked(tv);
      at('2026-11-22T17:00:00Z');
      await post(`/api/bookings/${b.id}/cancel`, customer.cookie);
      const again = await post(`/api/bookings/${b.id}/cancel`, customer.cookie);
      expect(again.status).toBe(200);
      expect((await ledger(b.id)).map((e) => e.kind)).toEqual(['hold_placed', 'fee_captured']);
      expect(await gatewayPaid(b.id)).toBe(2419);
    });

    it('lets an admin waive the fee', async () => {
      at(NOW);
      const b = await booked(tv);
      at('2026-11-23T05:00:00Z');
      const r = await post(`/api/admin/bookings/${b.id}/cancel`, admin.cookie, { waiveFee: true, reason: 'technician was late' });
      expect(await r.json()).toMatchObject({ status: 'cancelled', cancellation: { tier: 'waived', feeCents: 0 }, payment: { status: 'voided' } });
    });

    it('charges the full total for a no-show', async () => {
      at(NOW);
      const b = await booked(tv);
      at('2026-11-23T16:00:00Z');
      const r = await post(`/api/admin/bookings/${b.id}/no-show`, admin.cookie);
      expect(await r.json()).toMatchObject({ status: 'no_show', money: { paidCents: 4838 } });
    });
  });

  describe('rescheduling', () => {
    it('is free with 24 h notice, to an offered slot', async () => {
      at(NOW);
      const b = await booked(tv);
      const r = await post(`/api/bookings/${b.id}/reschedule`, customer.cookie, { startAt: '2026-11-24T18:00:00.000Z' });
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({ scheduledStart: '2026-11-24T18:00:00.000Z', scheduledEnd: '2026-11-24T19:00:00.000Z', status: 'pending' });
    });

    it('refuses a start that is not offered', async () => {
      at(NOW);
      const b = await booked(tv);
      const r = await post(`/api/bookings/${b.id}/reschedule`, customer.cookie, { startAt: '2026-11-24T03:00:00.000Z' });
      expect(r.status).toBe(409);
    });

    it('explains the policy inside 24 hours', async () => {
      at(NOW);
      const b = await booked(tv);
      at('2026-11-22T16:00:00Z');
      expect((await view(b.id)).canReschedule).toBe(false);
      const r = await post(`/api/bookings/${b.id}/reschedule`, customer.cookie, { startAt: '2026-11-24T18:00:00.000Z' });
      expect(r.status).toBe(422);
      expect(await r.json()).toMatchObject({ code: 'reschedule_window_closed', message: expect.stringMatching(/24 hours/) });
    });
  });

  describe('refunds', () => {
    it('refunds part, then the rest, once per key, never more than was paid', async () => {
      at(NOW);
      const b = await booked(tv);
      await post(`/api/admin/bookings/${b.id}/complete`, admin.cookie);
      const refund = (amountCents: number, key: string) => post(`/api/admin/bookings/${b.id}/refund`, admin.cookie, { amountCents, reason: 'goodwill credit' }, { 'Idempotency-Key': key });
      expect((await refund(1000, `refund-a-${b.id}`)).status).toBe(200);
      expect((await refund(1000, `refund-a-${b.id}`)).status).toBe(200);
      expect((await view(b.id)).money).toMatchObject({ refundedCents: 1000, paidCents: 3838 });
      expect((await view(b.id)).payment.status).toBe('partially_refunded');
      expect((await refund(3838, `refund-b-${b.id}`)).status).toBe(200);
      const after = await view(b.id);
      expect(after.money.paidCents).toBe(0);
      expect(after.payment.status).toBe('refunded');
      const tooMuch = await refund(1, `refund-c-${b.id}`);
      expect(tooMuch.status).toBe(422);
      expect(await gatewayPaid(b.id)).toBe(0);
    });

    it('refunds across the hold capture and the extra charge', async () => {
      at(NOW);
      const b = await booked(furniture(1));
      await post(`/api/admin/bookings/${b.id}/complete`, admin.cookie, { actualHours: 2 });
      expect((await view(b.id)).money.paidCents).toBe(7525);
      const r = await post(`/api/admin/bookings/${b.id}/refund`, admin.cookie, { amountCents: 7525, reason: 'job redone for free' }, { 'Idempotency-Key': `full-${b.id}` });
      expect(r.status).toBe(200);
      expect((await view(b.id)).money).toMatchObject({ refundedCents: 7525, paidCents: 0 });
      expect(await gatewayPaid(b.id)).toBe(0);
    });
  });

  describe('who may do what', () => {
    it('keeps admin money actions to admins and bookings to their customer', async () => {
      at(NOW);
      const b = await booked(tv);
      expect((await post(`/api/admin/bookings/${b.id}/complete`, customer.cookie)).status).toBe(403);
      expect((await t.request(`/api/admin/bookings/${b.id}/no-show`, { method: 'POST' })).status).toBe(401);
      const stranger = await t.signUp();
      expect((await post(`/api/bookings/${b.id}/cancel`, stranger.cookie)).status).toBe(404);
      expect((await t.request(`/api/bookings/${b.id}/cancellation`, { cookie: stranger.cookie })).status).toBe(404);
      expect((await t.request(`/api/bookings/${b.id}/receipt`, { cookie: stranger.cookie })).status).toBe(404);
      expect((await view(b.id)).status).toBe('pending');
    });
  });

  describe('card outcomes at booking', () => {
    it('declines insufficient funds with the bank message', async () => {
      at(NOW);
      const r = await book(tv, { number: '4000000000009995' });
      expect(r.status).toBe(402);
      expect(await r.json()).toMatchObject({ code: 'card_declined', message: 'Your card has insufficient funds.' });
    });

    it('asks for 3-D Secure, then books with the same key once the bank confirms', async () => {
      at(NOW);
      const key = `3ds-${Date.now()}`;
      const paymentMethodId = await card(customer.cookie, '4000002500003155');
      const body = { options: tv, address, contactPhone: '8135550123', startAt: MONDAY_10, paymentMethodId };
      const send = () => t.request('/api/bookings', { method: 'POST', cookie: customer.cookie, headers: { 'Idempotency-Key': key }, json: body });
      const first = await send();
      expect(first.status).toBe(402);
      const { code, details } = await first.json();
      expect(code).toBe('authentication_required');
      expect(details.clientSecret).toMatch(/_secret_/);
      expect((await post('/api/payments/test-mode/authenticate', customer.cookie, { clientSecret: details.clientSecret })).status).toBe(200);
      const second = await send();
      expect(second.status).toBe(201);
      expect((await second.json()).payment.status).toBe('authorized');
    });
  });

  describe('bookings more than 5 days out', () => {
    it('save the card at booking and get the hold about 24 hours before the job', async () => {
      at(NOW);
      const b = await booked(tv, { startAt: '2026-11-28T15:00:00.000Z' });
      expect((await view(b.id)).payment).toMatchObject({ status: 'card_saved', amountHeldCents: 0 });
      expect(await runPaymentJobs(t.deps)).toMatchObject({ holdsPlaced: 0 });
      at('2026-11-27T16:00:00Z');
      expect(await runPaymentJobs(t.deps)).toMatchObject({ holdsPlaced: 1 });
      expect((await view(b.id)).payment).toMatchObject({ status: 'authorized', amountHeldCents: 4838 });
      expect(await runPaymentJobs(t.deps)).toMatchObject({ holdsPlaced: 0 });
    });

    it('move to payment_failed when the deferred hold fails and the grace period ends', async () => {
      at(NOW);
      const b = await booked(tv, { startAt: '2026-11-28T16:00:00.000Z', number: '4000002500003155' });
      at('2026-11-27T17:00:00Z');
      expect(await runPaymentJobs(t.deps)).toMatchObject({ holdsFailed: 1 });
      expect((await view(b.id)).status).toBe('pending');
      at('2026-11-27T23:30:00Z');
      expect(await runPaymentJobs(t.deps)).toMatchObject({ paymentFailed: 1 });
      expect((await view(b.id)).status).toBe('payment_failed');
    });
  });

  describe('reconciliation', () => {
    it('finds our records equal to the gateway, and voids an orphan hold', async () => {
      at(NOW);
      const orphan = await t.deps.gateway.placeHold({
        customerId: customer.userId,
        customerEmail: 'x@example.com',
        paymentMethodId: await card(customer.cookie),
        amountCents: 4838,
        idempotencyKey: 'crash-between-gateway-and-database',
        metadata: { reference: 'TB-LOST01' },
      });
      at('2026-11-21T15:11:00Z');
      const report = await reconcilePayments(t.deps, new Date('2026-11-01T00:00:00Z'));
      expect(report.mismatches).toBe(0);
      expect(report.orphansVoided).toBe(1);
      expect((await t.deps.gateway.getPayment(orphan.reference)).status).toBe('canceled');
    });
  });
});
