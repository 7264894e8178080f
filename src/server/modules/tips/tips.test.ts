/**
 * Tips through the API (issue #14): the booking's customer adds one tip once the job is completed
 * and within 48 hours, charged off-session on the booking's saved card with the caller's
 * Idempotency-Key (a retry answers the first response, never charges twice); a declined card
 * leaves no succeeded tip and can be retried; the tip is in the ledger, on the booking and the
 * receipt, and reconciliation does not flag it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLedger, payments, reconciliationFindings, simulatedHolds, simulatedPaymentMethods, tips } from '../../db/schema';
import { GatewayUnavailableError } from '../../payments/gateway';
import { reconcilePayments } from '../payments/reconciliation';
import { moneyActors, TV_OPTIONS, type Caller } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 Tampa; each job on its own day from Monday 2026-11-23, 10:00 Tampa
// (15:00Z); each is completed 90 minutes after its start. The TV job's total is $48.38.
const NOW = new Date('2026-11-21T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const FIRST_START = Date.parse('2026-11-23T15:00:00.000Z');

describe(`tips (${databaseKind})`, () => {
  let t: TestApp;
  let actors: ReturnType<typeof moneyActors>;
  let customer: Caller;
  let other: Caller;
  let admin: Caller;
  let workerId: string;
  let day = 0;
  let n = 0;

  const nextBooking = () => {
    t.setNow(NOW);
    return actors.booked(customer.cookie, TV_OPTIONS, new Date(FIRST_START + day++ * DAY).toISOString());
  };
  /** A booking of `customer` with the worker assigned, completed by an admin 90 minutes after its start (the clock is left there). */
  async function completedBooking(): Promise<{ id: string; doneAt: Date }> {
    const booking = await nextBooking();
    expect((await actors.post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId })).status).toBe(200);
    const doneAt = new Date(FIRST_START + (day - 1) * DAY + 90 * 60_000);
    t.setNow(doneAt);
    expect((await actors.post(`/api/admin/bookings/${booking.id}/complete`, admin.cookie)).status).toBe(200);
    return { id: booking.id, doneAt };
  }
  const tip = (id: string, amountCents: unknown, options: { cookie?: string; key?: string | null; lang?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (options.key !== null) headers['Idempotency-Key'] = options.key ?? `tip-test-${++n}-${Date.now()}`;
    if (options.lang) headers['Accept-Language'] = options.lang;
    return actors.post(`/api/bookings/${id}/tip`, options.cookie ?? customer.cookie, { amountCents }, headers);
  };
  const view = async (id: string) => (await t.request(`/api/bookings/${id}`, { cookie: customer.cookie })).json();
  const tipLedger = (id: string) => t.deps.db.select().from(paymentLedger).where(and(eq(paymentLedger.bookingId, id), eq(paymentLedger.kind, 'tip')));
  /** The gateway's tip charges for a booking (simulated gateway's store). */
  const tipCharges = (id: string) => t.deps.db.select().from(simulatedHolds).where(and(eq(simulatedHolds.kind, 'charge'), sql`${simulatedHolds.metadata}->>'booking_id' = ${id}`, sql`${simulatedHolds.metadata}->>'kind' = 'tip'`));
  /** Makes the bank decline (or approve again) the booking's saved card. */
  async function cardBehaviour(id: string, behaviour: 'decline' | 'approve') {
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, id));
    await t.deps.db.update(simulatedPaymentMethods).set({ behaviour }).where(eq(simulatedPaymentMethods.id, payment!.paymentMethodRef!));
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    actors = moneyActors(t);
    [workerId] = (await t.addWorkers(1)) as [string];
    customer = await t.signUp();
    other = await t.signUp();
    admin = await actors.admin();
  });
  afterAll(() => t?.close());

  it('refuses a booking not completed (422), anyone but its customer (404), and a request without an Idempotency-Key (400)', async () => {
    const booking = await nextBooking();
    const early = await tip(booking.id, 500);
    expect(early.status).toBe(422);
    expect(await early.json()).toMatchObject({ code: 'booking_not_completed' });

    const { id } = await completedBooking();
    for (const caller of [other, admin]) expect((await tip(id, 500, { cookie: caller.cookie })).status).toBe(404);
    const keyless = await tip(id, 500, { key: null });
    expect(keyless.status).toBe(400);
    expect(await keyless.json()).toMatchObject({ code: 'idempotency_key_required' });
    expect(await t.deps.db.select().from(tips).where(eq(tips.bookingId, id))).toEqual([]);
  });

  it('charges the tip once on the saved card, records it in the ledger and on the booking, and takes no second tip', async () => {
    const { id } = await completedBooking();
    const before = await view(id);
    const first = await tip(id, 725, { key: 'tip-once-key-1' });
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toMatchObject({ amountCents: 725, status: 'succeeded', failureCode: null });

    // the retry of the same request answers the first response and charges nothing more
    const replay = await tip(id, 725, { key: 'tip-once-key-1' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(body);

    const second = await tip(id, 300);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: 'tip_exists' });

    expect(await tipCharges(id)).toHaveLength(1);
    expect((await tipLedger(id)).map((e) => e.amountCents)).toEqual([725]);
    const after = await view(id);
    expect(after.tip).toMatchObject({ amountCents: 725, status: 'succeeded' });
    expect(after.money.paidCents).toBe(before.money.paidCents); // the job's money, refundable
    expect(after.money.tippedCents).toBe(725);
    const receipt = await (await t.request(`/api/bookings/${id}/receipt`, { cookie: customer.cookie })).json();
    expect(receipt.entries).toContainEqual(expect.objectContaining({ kind: 'tip', amountCents: 725 }));
    // the worker gets it all
    const [row] = await t.deps.db.select().from(tips).where(eq(tips.bookingId, id));
    expect(row).toMatchObject({ workerId, status: 'succeeded' });
    // reconciliation matches the tip's charge with the tip (no finding), and flags a tip that differs
    const reconcile = () => reconcilePayments({ ...t.deps, now: () => new Date(Date.parse(after.completedAt) + HOUR) }, new Date(0));
    expect(await reconcile()).toMatchObject({ mismatches: 0, orphansVoided: 0 });
    await t.deps.db.update(tips).set({ amountCents: 700 }).where(eq(tips.bookingId, id));
    expect(await reconcile()).toMatchObject({ mismatches: 1 });
    const [finding] = await t.deps.db.select().from(reconciliationFindings).where(eq(reconciliationFindings.bookingId, id));
    expect(finding).toMatchObject({ kind: 'amount_mismatch', oursCents: 700, gatewayCents: 725, detail: { field: 'tip' } });
    await t.deps.db.update(tips).set({ amountCents: 725 }).where(eq(tips.bookingId, id));
  });

  it('takes $1 up to the job total (at most $500)', async () => {
    const { id } = await completedBooking();
    expect((await tip(id, 99)).status).toBe(400);
    expect((await tip(id, 12.5)).status).toBe(400);
    const tooLarge = await tip(id, 4839);
    expect(tooLarge.status).toBe(422);
    expect(await tooLarge.json()).toMatchObject({ code: 'tip_too_large', details: { maxCents: '4838' } });
    expect((await tip(id, 4838)).status).toBe(201);
  });

  it('is open for 48 hours after completion, by the clock', async () => {
    const inTime = await completedBooking();
    const late = await completedBooking();
    t.setNow(new Date(inTime.doneAt.getTime() + 48 * HOUR - 60_000));
    expect((await tip(inTime.id, 500)).status).toBe(201);
    t.setNow(new Date(late.doneAt.getTime() + 48 * HOUR));
    const closed = await tip(late.id, 500);
    expect(closed.status).toBe(422);
    expect(await closed.json()).toMatchObject({ code: 'tip_window_closed' });
    expect((await view(late.id)).tipUntil).toBe(new Date(late.doneAt.getTime() + 48 * HOUR).toISOString());
  });

  it('a declined card: a clear message in the customer\'s language, no tip charged, and a retry that works', async () => {
    const { id } = await completedBooking();
    await cardBehaviour(id, 'decline');
    const declined = await tip(id, 500, { lang: 'es' });
    expect(declined.status).toBe(402);
    const refusal = await declined.json();
    expect(refusal.code).toBe('card_declined');
    expect(refusal.message).toMatch(/tarjeta/i);
    expect(await tipLedger(id)).toEqual([]);
    expect((await view(id)).tip).toMatchObject({ status: 'failed', amountCents: 500 });
    expect(await t.deps.db.select().from(tips).where(and(eq(tips.bookingId, id), eq(tips.status, 'succeeded')))).toEqual([]);

    await cardBehaviour(id, 'approve');
    const retry = await tip(id, 600);
    expect(retry.status).toBe(201);
    expect((await tipLedger(id)).map((e) => e.amountCents)).toEqual([600]);
    expect((await view(id)).tip).toMatchObject({ status: 'succeeded', amountCents: 600 });
  });

  it('a gateway answer lost on the way back: the tip stays pending (503), and the retry with the same key finishes it with one charge', async () => {
    const { id } = await completedBooking();
    const realCharge = t.deps.gateway.chargeOffSession.bind(t.deps.gateway);
    t.deps.gateway.chargeOffSession = async (input) => {
      await realCharge(input);
      throw new GatewayUnavailableError(new Error('connection reset after the charge'));
    };
    let first: Response;
    try {
      first = await tip(id, 500, { key: `lost-${id}` });
    } finally {
      t.deps.gateway.chargeOffSession = realCharge;
    }
    expect(first.status).toBe(503);
    expect(await first.json()).toMatchObject({ code: 'payment_pending' });
    expect((await view(id)).tip).toMatchObject({ status: 'pending', amountCents: 500 });
    // another tip meanwhile waits for it
    expect(await (await tip(id, 700)).json()).toMatchObject({ code: 'tip_in_progress' });

    const retry = await tip(id, 500, { key: `lost-${id}` });
    expect(retry.status).toBe(201);
    expect(await retry.json()).toMatchObject({ amountCents: 500, status: 'succeeded' });
    expect(await tipCharges(id)).toHaveLength(1);
    expect((await tipLedger(id)).map((e) => e.amountCents)).toEqual([500]);
  });

  it('an attempt abandoned for 30 s is finished by the next tip request, which then finds the tip added', async () => {
    const { id, doneAt } = await completedBooking();
    const realCharge = t.deps.gateway.chargeOffSession.bind(t.deps.gateway);
    t.deps.gateway.chargeOffSession = async (input) => {
      await realCharge(input);
      throw new GatewayUnavailableError(new Error('timeout'));
    };
    try {
      expect((await tip(id, 400)).status).toBe(503);
    } finally {
      t.deps.gateway.chargeOffSession = realCharge;
    }
    t.setNow(new Date(doneAt.getTime() + 31_000));
    const later = await tip(id, 800);
    expect(later.status).toBe(409);
    expect(await later.json()).toMatchObject({ code: 'tip_exists' });
    expect((await view(id)).tip).toMatchObject({ status: 'succeeded', amountCents: 400 });
    expect(await tipCharges(id)).toHaveLength(1);
    expect((await tipLedger(id)).map((e) => e.amountCents)).toEqual([400]);
  });

  it('10 requests at once with the same key: one charge, every answer the same', async () => {
    const { id } = await completedBooking();
    const answers = await Promise.all(Array.from({ length: 10 }, () => tip(id, 900, { key: 'tip-same-key-concurrent' })));
    expect(answers.map((r) => r.status)).toEqual(Array<number>(10).fill(201));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await tipCharges(id)).toHaveLength(1);
    expect(await tipLedger(id)).toHaveLength(1);
  });

  it('10 requests at once with different keys: exactly one tip succeeds, the others are 409', async () => {
    const { id } = await completedBooking();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => tip(id, 100 + i * 10)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const r of answers.filter((a) => a.status === 409)) expect(['tip_exists', 'tip_in_progress']).toContain(((await r.json()) as { code: string }).code);
    expect(await tipCharges(id)).toHaveLength(1);
    const ledger = await tipLedger(id);
    expect(ledger).toHaveLength(1);
    expect((await view(id)).tip).toMatchObject({ status: 'succeeded', amountCents: ledger[0]!.amountCents });
  });
});
