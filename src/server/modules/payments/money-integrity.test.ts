/**
 * The findings of issue #9 that do not need concurrency, on both databases: final amounts within
 * the business ceilings and the approval step above the hold, bad text and out-of-range numbers
 * refused before any money moves, a gateway answer lost between the gateway and our records
 * (finished from the recorded intent by the retry or by the payment jobs), and a declined extra
 * charge that keeps what was captured on the books.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, moneyOperations, simulatedHolds } from '../../db/schema';
import { GatewayUnavailableError } from '../../payments/gateway';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { furnitureOptions, moneyActors, paintingOptions, TV_OPTIONS, type Caller } from '../../test/money-actors';
import { waitFor } from '../../realtime/testing/booking-fixtures';
import { makeWorker } from '../workers/worker-defaults';
import { runPaymentJobs } from './payment-jobs';

// Saturday 2026-11-21 10:00 Tampa; jobs Monday 23 to Wednesday 25, 8:00-14:00 Tampa (EST, 13:00Z-19:00Z).
const NOW = new Date('2026-11-21T15:00:00Z');
const AFTER_JOBS = new Date('2026-11-26T17:00:00Z');
const startAt = (i: number) => new Date(Date.UTC(2026, 10, 23 + (Math.floor(i / 5) % 3), 13) + (i % 5) * 90 * 60_000).toISOString();

describe(`money integrity (${databaseKind})`, () => {
  let t: TestApp;
  let money: ReturnType<typeof moneyActors>;
  let admin: Caller;
  let customer: Caller;
  let slot = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    money = moneyActors(t);
    await t.addWorkers(12);
    admin = await money.admin();
    customer = await t.signUp();
  });
  afterAll(() => t?.close());
  beforeEach(() => t.setNow(NOW));

  const book = (options: object) => money.booked(customer.cookie, options, startAt(slot++));
  const view = async (id: string) => (await t.request(`/api/bookings/${id}`, { cookie: customer.cookie })).json();
  const complete = (id: string, json: object = {}, headers: Record<string, string> = {}) => money.post(`/api/admin/bookings/${id}/complete`, admin.cookie, json, headers);
  const holdOf = async (id: string) => (await money.gateway(id)).holdStatus;

  describe('final amounts have ceilings', () => {
    it.each([
      ['200 hours on a 1-hour furniture job', furnitureOptions(1), { actualHours: 200 }, 'actualHours', /valid|check|hours/i],
      ['5.5 hours on a 1-hour job (the ceiling is max(2x, +4) = 5)', furnitureOptions(1), { actualHours: 5.5 }, 'actualHours', 'At most 5 hours can be charged for this job.'],
      ['13 hours on an 8-hour job (never above 12)', furnitureOptions(8), { actualHours: 13 }, 'actualHours', /valid|check|hours/i],
      ['$10 million of paint', paintingOptions(1), { paintCostCents: 1_000_000_000 }, 'paintCostCents', 'Paint at cost can be at most $500.00 for this job.'],
      ['2,147,483,647 cents of paint (the integer column maximum)', paintingOptions(1), { paintCostCents: 2_147_483_647 }, 'paintCostCents', 'Paint at cost can be at most $500.00 for this job.'],
      ['2,147,483,648 cents of paint (beyond the column)', paintingOptions(1), { paintCostCents: 2_147_483_648 }, 'paintCostCents', /./],
    ])('refuses %s with a 400 and moves no money', async (_name, options, actuals, field, message) => {
      const b = await book(options);
      t.setNow(AFTER_JOBS);
      const r = await complete(b.id, actuals);
      expect(r.status).toBe(400);
      const body = await r.json();
      expect(body.code).toBe('validation_failed');
      expect(body.details[field]).toMatch(message);
      expect((await view(b.id)).status).toBe('pending');
      expect(await holdOf(b.id)).toBe('requires_capture');
      expect((await money.ledger(b.id)).paidCents).toBe(0);
    });

    it('says the ceiling in Spanish too', async () => {
      const b = await book(furnitureOptions(2));
      t.setNow(AFTER_JOBS);
      const r = await t.request(`/api/admin/bookings/${b.id}/complete`, { method: 'POST', cookie: admin.cookie, json: { actualHours: 9 }, headers: { 'Accept-Language': 'es' } });
      expect((await r.json()).details.actualHours).toBe('Para este trabajo se pueden cobrar como máximo 6 horas.');
    });
  });

  describe('a final amount more than $150 above the booking waits for an admin', () => {
    it('is explained to the customer, charged nothing above the hold, then charged when approved', async () => {
      const b = await book(furnitureOptions(1)); // $35 + tax = 3,763 held
      t.setNow(AFTER_JOBS);
      const r = await complete(b.id, { actualHours: 5 }); // $175 + tax = 18,813: 15,050 above
      expect(r.status).toBe(200);
      const waiting = await r.json();
      expect(waiting).toMatchObject({ status: 'pending', finalApproval: { status: 'pending' }, final: { totalCents: 18813 } });
      expect((await money.gateway(b.id)).capturedCents).toBe(0);
      expect(await holdOf(b.id)).toBe('requires_capture');
      const mail = await waitFor(async () => (await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, b.id), eq(mailOutbox.template, 'final_amount_review'))))[0], 5000, 'the final amount mail');
      expect(mail?.text).toContain('$188.13');
      expect(mail?.text).toContain('$150.50 more than the $37.63 you booked');
      expect(mail?.text).toMatch(/Nothing above your booking has been charged yet/);

      // The worker cannot complete it again meanwhile; the customer still sees it as theirs.
      const approve = await money.post(`/api/admin/bookings/${b.id}/approve-final`, admin.cookie, {}, { 'Idempotency-Key': `approve-${b.id}` });
      expect(approve.status).toBe(200);
      expect(await approve.json()).toMatchObject({ status: 'completed', finalApproval: { status: 'approved' }, money: { capturedCents: 3763, extraChargedCents: 15050, paidCents: 18813 } });
      expect((await money.gateway(b.id)).paidCents).toBe(18813);
      const again = await money.post(`/api/admin/bookings/${b.id}/approve-final`, admin.cookie, {}, { 'Idempotency-Key': `approve-${b.id}` });
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect((await money.gateway(b.id)).paidCents).toBe(18813);
    });

    it('lets the admin correct the actuals instead, and refuses approval when nothing waits', async () => {
      const b = await book(paintingOptions(1));
      const untouched = await book(TV_OPTIONS);
      t.setNow(AFTER_JOBS);
      expect((await (await complete(b.id, { paintCostCents: 50_000 })).json()).finalApproval).toEqual({ status: 'pending', requestedAt: AFTER_JOBS.toISOString() });
      const corrected = await complete(b.id, { paintCostCents: 4_000 });
      expect(await corrected.json()).toMatchObject({ status: 'completed', finalApproval: null, money: { paidCents: 31175 } });
      const none = await money.post(`/api/admin/bookings/${untouched.id}/approve-final`, admin.cookie);
      expect(none.status).toBe(409);
      expect(await none.json()).toMatchObject({ code: 'no_final_approval_pending', details: { status: 'pending' } });
    });

    it('keeps approval to admins', async () => {
      const b = await book(TV_OPTIONS);
      expect((await money.post(`/api/admin/bookings/${b.id}/approve-final`, customer.cookie)).status).toBe(403);
      expect((await t.request(`/api/admin/bookings/${b.id}/approve-final`, { method: 'POST' })).status).toBe(401);
    });
  });

  describe('bad text and numbers are refused before the gateway', () => {
    it('refuses a refund whose reason holds a NUL character, and refunds nothing', async () => {
      const b = await book(TV_OPTIONS);
      t.setNow(AFTER_JOBS);
      await complete(b.id);
      const r = await money.post(`/api/admin/bookings/${b.id}/refund`, admin.cookie, { amountCents: 1000, reason: 'bad\u0000reason' }, { 'Idempotency-Key': `nul-${b.id}` });
      expect(r.status).toBe(400);
      expect((await r.json()).details.reason).toBe("This contains a character we can't accept.");
      expect((await money.gateway(b.id)).refundedCents).toBe(0);
      expect((await money.ledger(b.id)).refundedCents).toBe(0);
      // The refused key is free: the corrected refund goes through once.
      const ok = await money.post(`/api/admin/bookings/${b.id}/refund`, admin.cookie, { amountCents: 1000, reason: 'goodwill' }, { 'Idempotency-Key': `nul-${b.id}` });
      expect(ok.status).toBe(200);
      expect((await money.gateway(b.id)).refundedCents).toBe(1000);
    });

    it('refuses a refund beyond the integer range, a cancellation reason with NUL, and a booking note with NUL', async () => {
      const b = await book(TV_OPTIONS);
      const other = await book(TV_OPTIONS);
      t.setNow(AFTER_JOBS);
      await complete(b.id);
      const huge = await money.post(`/api/admin/bookings/${b.id}/refund`, admin.cookie, { amountCents: 2_147_483_648, reason: 'typo' }, { 'Idempotency-Key': `huge-${b.id}` });
      expect(huge.status).toBe(400);
      const cancel = await money.post(`/api/admin/bookings/${other.id}/cancel`, admin.cookie, { reason: 'a\u0000b' });
      expect(cancel.status).toBe(400);
      expect((await view(other.id)).status).toBe('pending');

      t.setNow(NOW);
      const [before] = await t.deps.db.select({ n: count() }).from(simulatedHolds);
      const pm = await money.card(customer.cookie);
      const note = await money.post('/api/bookings', customer.cookie, { ...money.bookingBody(TV_OPTIONS, startAt(slot++), pm), notes: 'gate\u0000code' }, { 'Idempotency-Key': `nul-note-${slot}` });
      expect(note.status).toBe(400);
      expect((await note.json()).details.notes).toBe("This contains a character we can't accept.");
      const [after] = await t.deps.db.select({ n: count() }).from(simulatedHolds);
      expect(after!.n).toBe(before!.n);
    });
  });

  describe('a gateway answer lost on the way back is finished from the recorded intent', () => {
    it('by the retry with the same key: one refund, in the ledger and at the gateway', async () => {
      const b = await book(TV_OPTIONS);
      t.setNow(AFTER_JOBS);
      await complete(b.id);
      const realRefund = t.deps.gateway.refund.bind(t.deps.gateway);
      t.deps.gateway.refund = async (input) => {
        await realRefund(input);
        throw new GatewayUnavailableError(new Error('connection reset after the refund'));
      };
      const send = () => money.post(`/api/admin/bookings/${b.id}/refund`, admin.cookie, { amountCents: 1000, reason: 'goodwill' }, { 'Idempotency-Key': `lost-${b.id}` });
      let first: Response;
      try {
        first = await send();
      } finally {
        t.deps.gateway.refund = realRefund;
      }
      expect(first.status).toBe(503);
      expect((await first.json()).code).toBe('payment_pending');
      expect((await money.gateway(b.id)).refundedCents).toBe(1000);
      expect((await money.ledger(b.id)).refundedCents).toBe(0);

      const retry = await send();
      expect(retry.status).toBe(200);
      expect((await money.ledger(b.id)).refundedCents).toBe(1000);
      expect((await money.gateway(b.id)).refundedCents).toBe(1000);
    });

    it('by the payment jobs, while the booking refuses other changes', async () => {
      const b = await book(TV_OPTIONS);
      t.setNow(AFTER_JOBS);
      const realCapture = t.deps.gateway.capture.bind(t.deps.gateway);
      t.deps.gateway.capture = async (input) => {
        await realCapture(input);
        throw new GatewayUnavailableError(new Error('timeout'));
      };
      let first: Response;
      try {
        first = await complete(b.id);
      } finally {
        t.deps.gateway.capture = realCapture;
      }
      expect(first.status).toBe(503);
      const busy = await money.post(`/api/bookings/${b.id}/cancel`, customer.cookie);
      expect(busy.status).toBe(409);
      expect(await busy.json()).toMatchObject({ code: 'booking_busy', details: { status: 'pending' } });

      t.setNow(new Date(AFTER_JOBS.getTime() + 2 * 60_000));
      expect((await runPaymentJobs(t.deps)).operationsResumed).toBeGreaterThanOrEqual(1);
      expect(await view(b.id)).toMatchObject({ status: 'completed', money: { capturedCents: 4838, paidCents: 4838 } });
      expect((await money.gateway(b.id)).capturedCents).toBe(4838);
      const [pending] = await t.deps.db.select({ n: count() }).from(moneyOperations).where(and(eq(moneyOperations.bookingId, b.id), eq(moneyOperations.status, 'pending')));
      expect(pending!.n).toBe(0);
    });
  });

  it('keeps a capture on the books when the extra charge above it is declined, and charges only the rest on retry', async () => {
    // A card that needs 3-D Secure: the hold is confirmed by the customer; off-session charges are declined.
    const pm = await money.card(customer.cookie, '4000002500003155');
    const body = money.bookingBody(furnitureOptions(1), startAt(slot++), pm);
    const key = `extra-declined-${slot}`;
    const first = await money.post('/api/bookings', customer.cookie, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(402);
    await money.post('/api/payments/test-mode/authenticate', customer.cookie, { clientSecret: (await first.json()).details.clientSecret });
    const b = await (await money.post('/api/bookings', customer.cookie, body, { 'Idempotency-Key': key })).json();
    t.setNow(AFTER_JOBS);
    const r = await complete(b.id, { actualHours: 3 }); // 11,288: 3,763 from the hold, 7,525 off-session
    expect(r.status).toBe(402);
    expect(await view(b.id)).toMatchObject({ status: 'pending', money: { capturedCents: 3763, extraChargedCents: 0 } });
    expect((await money.gateway(b.id)).capturedCents).toBe(3763);
    // The customer updates their card (here: the admin completes with what was captured).
    const done = await complete(b.id, { actualHours: 1 });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'completed', money: { capturedCents: 3763, extraChargedCents: 0, paidCents: 3763 } });
  });

  it("answers a worker's completion after midnight with the completed job (the money moved once)", async () => {
    const wes = await t.signUp();
    await makeWorker(t.deps.db, wes.userId);
    const b = await book(TV_OPTIONS);
    t.setNow(new Date('2026-11-22T15:00:00Z'));
    expect((await money.post(`/api/admin/bookings/${b.id}/assign`, admin.cookie, { workerId: wes.userId })).status).toBe(200);
    t.setNow(new Date(Date.parse(startAt(slot - 1)) - 60 * 60_000)); // on the job's day, within its start window (issue #14)
    for (const step of ['accept', 'start']) expect((await money.post(`/api/worker/jobs/${b.id}/${step}`, wes.cookie)).status).toBe(200);
    t.setNow(AFTER_JOBS); // days later, past midnight in Tampa
    const done = await money.post(`/api/worker/jobs/${b.id}/complete`, wes.cookie, {}, { 'Idempotency-Key': `late-${b.id}` });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: b.id, status: 'completed', money: { paidCents: 4838 } });
    expect((await money.gateway(b.id)).capturedCents).toBe(4838);
  });
});
