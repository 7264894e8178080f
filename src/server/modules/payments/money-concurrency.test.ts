/**
 * Money and booking state under concurrent requests (issue #9): the concurrent findings of the
 * issue (1, 2, 4, 6; 3 and 5 are in money-integrity.test.ts) replayed with 20-50 requests at once,
 * several trials each, through the HTTP API. The PostgreSQL run is the one with real concurrent
 * connections (a pool of 20, fewer than the requests in flight); on the embedded database the
 * same requests interleave on its one connection. Each asserts what a customer or the bookkeeper would notice: one booking and one live
 * hold; refunds never above what was taken, in our ledger and at the gateway; one final state;
 * no 500; replays equal to the first answer; never another request's booking.
 */
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, simulatedHolds } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { moneyActors, paintingOptions, TV_OPTIONS, type Caller } from '../../test/money-actors';

// Saturday 2026-11-21 10:00 Tampa; jobs Monday 23 to Thursday 26 (within the 5 days a hold is placed at booking).
const NOW = new Date('2026-11-21T15:00:00Z');
const AFTER_JOBS = new Date('2026-11-27T17:00:00Z');
/** `hh:mm` on the Tampa wall clock (EST, UTC-5) on a day of November 2026, as an ISO instant. */
const novemberAt = (day: number, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return new Date(Date.UTC(2026, 10, day, h! + 5, m)).toISOString();
};
const TRIALS = 3;
/** Distinct TV starts, so that trials never compete for a worker except where the test means to. */
const REFUND_STARTS = ['8:00', '9:30', '11:00', '12:30', '14:00', '15:30'].map((time) => novemberAt(24, time));
const RACE_STARTS = ['8:00', '9:30', '11:00', '12:30', '14:00'].map((time) => novemberAt(25, time));
const TWO_BODY_STARTS = [novemberAt(26, '8:00'), novemberAt(26, '13:00'), novemberAt(25, '15:30')];

describe(`money under concurrent requests (${databaseKind})`, () => {
  let t: TestApp;
  let money: ReturnType<typeof moneyActors>;
  let admin: Caller;
  let customer: Caller;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    money = moneyActors(t);
    await t.addWorkers(2, { skills: ['tv-installation', 'painting'] });
    admin = await money.admin();
    customer = await t.signUp();
  });
  afterAll(() => t?.close());

  const at = (date: Date) => t.setNow(date);
  const statuses = (responses: Response[]) => responses.map((r) => r.status);
  const tally = (list: number[]) => list.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

  /** A completed TV job: 4,838 cents captured. */
  async function paidTvJob(start: string) {
    at(NOW);
    const b = await money.booked(customer.cookie, TV_OPTIONS, start);
    at(AFTER_JOBS);
    const done = await money.post(`/api/admin/bookings/${b.id}/complete`, admin.cookie);
    expect(done.status).toBe(200);
    return b;
  }

  it('1. gives 50 concurrent retries with one key one booking and one live hold, and the job can be charged', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      at(NOW);
      const start = novemberAt(23, ['8:00', '11:00', '14:00'][trial]!);
      // One of the two workers already has this start: the last one is left.
      await money.booked((await t.signUp()).cookie, TV_OPTIONS, start);
      const key = `same-key-trial-${trial}`;
      const body = money.bookingBody(TV_OPTIONS, start, await money.card(customer.cookie));
      const responses = await Promise.all(Array.from({ length: 50 }, () => money.post('/api/bookings', customer.cookie, body, { 'Idempotency-Key': key })));
      expect(tally(statuses(responses))).toEqual({ 201: 50 });
      const bodies = await Promise.all(responses.map((r) => r.json()));
      expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
      expect(responses.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(49);

      const [rows] = await t.deps.db.select({ n: count() }).from(bookings).where(and(eq(bookings.customerId, customer.userId), eq(bookings.idempotencyKey, key)));
      expect(rows!.n).toBe(1);
      const holds = await t.deps.db.select().from(simulatedHolds).where(like(simulatedHolds.idempotencyKey, `booking-hold%:${customer.userId}:${key}`));
      expect(holds.map((h) => h.status)).toEqual(['requires_capture']);

      at(AFTER_JOBS);
      const done = await money.post(`/api/admin/bookings/${bodies[0].id}/complete`, admin.cookie);
      expect(done.status).toBe(200);
      expect(await money.gateway(bodies[0].id)).toMatchObject({ capturedCents: 4838, holdStatus: 'succeeded' });
    }
  });

  it('2. never refunds more than was taken: 20 concurrent refunds, in the ledger and at the gateway', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const big = await paidTvJob(REFUND_STARTS[trial * 2]!);
      const tooMany = await Promise.all(
        Array.from({ length: 20 }, (_, i) => money.post(`/api/admin/bookings/${big.id}/refund`, admin.cookie, { amountCents: 3000, reason: 'goodwill' }, { 'Idempotency-Key': `refund-big-${trial}-${i}` })),
      );
      expect(tally(statuses(tooMany))).toEqual({ 200: 1, 422: 19 });
      expect((await money.ledger(big.id)).refundedCents).toBe(3000);
      expect(await money.gateway(big.id)).toMatchObject({ refundedCents: 3000, paidCents: 1838 });

      const small = await paidTvJob(REFUND_STARTS[trial * 2 + 1]!);
      const many = await Promise.all(
        Array.from({ length: 20 }, (_, i) => money.post(`/api/admin/bookings/${small.id}/refund`, admin.cookie, { amountCents: 100, reason: 'goodwill' }, { 'Idempotency-Key': `refund-small-${trial}-${i}` })),
      );
      expect(tally(statuses(many))).toEqual({ 200: 20 });
      expect((await money.ledger(small.id)).refundedCents).toBe(2000);
      expect((await money.gateway(small.id)).refundedCents).toBe(2000);

      // 20 retries of one refund at once: one refund, and every answer is the first one.
      const retries = await Promise.all(
        Array.from({ length: 20 }, () => money.post(`/api/admin/bookings/${small.id}/refund`, admin.cookie, { amountCents: 500, reason: 'retry' }, { 'Idempotency-Key': `refund-retry-${trial}` })),
      );
      expect(tally(statuses(retries))).toEqual({ 200: 20 });
      expect(new Set(await Promise.all(retries.map((r) => r.text()))).size).toBe(1);
      expect((await money.ledger(small.id)).refundedCents).toBe(2500);
      expect((await money.gateway(small.id)).refundedCents).toBe(2500);
    }
  });

  it('4. lets exactly one of racing complete, no-show and cancel win, and the loser is told the current state', async () => {
    for (let trial = 0; trial < 5; trial++) {
      at(NOW);
      const start = RACE_STARTS[trial]!;
      const b = await money.booked(customer.cookie, TV_OPTIONS, start);
      at(new Date(new Date(start).getTime() + 90 * 60_000));
      const racers = [
        ...Array.from({ length: 8 }, () => money.post(`/api/admin/bookings/${b.id}/complete`, admin.cookie)),
        ...Array.from({ length: 8 }, () => money.post(`/api/admin/bookings/${b.id}/no-show`, admin.cookie)),
        ...Array.from({ length: 8 }, () => money.post(`/api/bookings/${b.id}/cancel`, customer.cookie)),
      ];
      const responses = await Promise.all(racers);
      const codes = statuses(responses);
      expect(codes.every((s) => s === 200 || s === 409)).toBe(true);
      const final = (await (await t.request(`/api/bookings/${b.id}`, { cookie: customer.cookie })).json()) as { status: string };
      expect(['completed', 'no_show', 'cancelled']).toContain(final.status);
      // Every 200 names the final state; every 409 names the state it met.
      const winnerKind = ['completed', 'no_show', 'cancelled'].indexOf(final.status);
      for (const [i, r] of responses.entries()) {
        const body = await r.json();
        if (r.status === 200) {
          expect(Math.floor(i / 8)).toBe(winnerKind);
          expect(body.status).toBe(final.status);
        } else {
          expect(body.details.status).toBeTruthy();
        }
      }
      const ledger = await money.ledger(b.id);
      const gateway = await money.gateway(b.id);
      expect(ledger.paidCents).toBe(gateway.paidCents);
      if (final.status === 'cancelled') expect(gateway.holdStatus === 'canceled' || ledger.capturedCents > 0).toBe(true);
      else expect(gateway.capturedCents).toBe(4838);
    }
  });

  it('6. never gives a request another request\'s booking: one key, two bodies, 40 at once', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      at(NOW);
      const pm = await money.card(customer.cookie);
      const tv = money.bookingBody(TV_OPTIONS, TWO_BODY_STARTS[trial]!, pm);
      const painting = money.bookingBody(paintingOptions(1, 'customer'), TWO_BODY_STARTS[trial]!, pm);
      const key = `two-bodies-${trial}`;
      const asked = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? tv : painting));
      const responses = await Promise.all(asked.map((body) => money.post('/api/bookings', customer.cookie, body, { 'Idempotency-Key': key })));
      const codes = statuses(responses);
      expect(codes.every((s) => s === 201 || s === 422)).toBe(true);
      for (const [i, r] of responses.entries()) {
        const body = await r.json();
        if (r.status === 201) expect(body.service).toBe(asked[i]!.options.service);
        else expect(body.code).toBe('idempotency_key_reused');
      }
      expect(codes.filter((s) => s === 201)).toHaveLength(20);
    }
  });
});
