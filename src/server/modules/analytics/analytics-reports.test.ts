/**
 * Issue #11, "every aggregate equal to a hand count on seeded data": bookings made, contacted,
 * completed, refunded, cancelled in every policy tier and rescheduled through the real API, and
 * analytics events sent through `POST /api/analytics/events`, over three Tampa days; then every
 * admin report is compared with the counts written out below. Only admins may read them.
 *
 * The app's clock is pinned to times on today's Tampa date and the two days before (the money
 * ledger and the booking history are stamped by the database's own clock, which is today).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, tampaToday } from '../../../domain/analytics-range';
import { percentOf } from '../../../domain/cancellation-policy';
import { businessTime } from '../../../domain/slots';
import { furnitureOptions, moneyActors, paintingOptions, TV_OPTIONS, type Caller } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { rowsOf } from './report-sql';

const TODAY = tampaToday(new Date());
const D1 = shiftDate(TODAY, -1);
const D2 = shiftDate(TODAY, -2);
/** A Tampa wall-clock time on a date, e.g. tampa(D1, '23:30'). */
const tampa = (date: string, hhmm: string) => businessTime(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));
const day = (offset: number) => shiftDate(TODAY, offset);

describe(`admin analytics reports equal hand counts (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  let customer: Caller;
  let moneyDay: string;
  const totals: Record<string, number> = {};
  const report = async (name: string, query: string, cookie = admin.cookie) => {
    const response = await t.request(`/api/admin/analytics/${name}?${query}`, { cookie });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text);
  };
  const ok = async (response: Promise<Response>, status = 200) => {
    const r = await response;
    const text = await r.text();
    expect(r.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: tampa(D2, '09:00'), env: { ANALYTICS_RATE_LIMIT_MAX: '1000' } });
    const money = moneyActors(t);
    await t.addWorkers(3);
    admin = await money.admin();
    customer = await t.signUp();
    const post = (path: string, json: unknown = {}, cookie = admin.cookie) => ok(money.post(path, cookie, json, { 'Idempotency-Key': randomUUID() }));
    const book = async (name: string, placedAt: Date, options: object, start: Date) => {
      t.setNow(placedAt);
      const booking = await money.booked(customer.cookie, options, start.toISOString());
      totals[name] = booking.totalCents;
      return booking.id;
    };
    const contact = async (id: string, at: Date) => {
      t.setNow(at);
      await post(`/api/admin/bookings/${id}/contacted`);
    };
    const after = (placed: Date, seconds: number) => new Date(placed.getTime() + seconds * 1000);

    // A: TV, placed D2 09:00, contacted after 4 min, completed.
    const a = await book('A', tampa(D2, '09:00'), TV_OPTIONS, tampa(day(3), '10:00'));
    await contact(a, after(tampa(D2, '09:00'), 240));
    // B: furniture 2 h, placed D1 at 11:30 PM Tampa (already the next day in UTC), contacted after 7 min, completed.
    const b = await book('B', tampa(D1, '23:30'), furnitureOptions(2), tampa(day(3), '13:00'));
    await contact(b, after(tampa(D1, '23:30'), 420));
    // C: painting, placed today 08:00, contacted after 15 min, completed, then $10 refunded.
    const c = await book('C', tampa(TODAY, '08:00'), paintingOptions(1, 'customer'), tampa(day(5), '09:00'));
    await contact(c, after(tampa(TODAY, '08:00'), 900));
    // D: cancelled by the customer 2 minutes after booking (grace). Never contacted.
    const d = await book('D', tampa(TODAY, '09:00'), TV_OPTIONS, tampa(day(3), '15:00'));
    t.setNow(tampa(TODAY, '09:02'));
    await post(`/api/bookings/${d}/cancel`, undefined, customer.cookie);
    // E: contacted after 30 s; cancelled three days ahead (free).
    const e = await book('E', tampa(TODAY, '09:10'), TV_OPTIONS, tampa(day(4), '10:00'));
    await contact(e, after(tampa(TODAY, '09:10'), 30));
    t.setNow(tampa(TODAY, '09:30'));
    await post(`/api/bookings/${e}/cancel`, undefined, customer.cookie);
    // F: tomorrow 14:00, cancelled today 20:00 (18 h notice: half). G: tomorrow 10:00, cancelled today 23:00 (11 h: full).
    const f = await book('F', tampa(TODAY, '09:20'), TV_OPTIONS, tampa(day(1), '14:00'));
    const g = await book('G', tampa(TODAY, '09:30'), TV_OPTIONS, tampa(day(1), '10:00'));
    // H: a no-show (full total); I: cancelled by an admin with the fee waived; J: rescheduled by the customer.
    const h = await book('H', tampa(TODAY, '09:40'), TV_OPTIONS, tampa(day(4), '14:00'));
    const i = await book('I', tampa(TODAY, '09:50'), TV_OPTIONS, tampa(day(4), '16:00'));
    const j = await book('J', tampa(TODAY, '10:00'), TV_OPTIONS, tampa(day(6), '10:00'));

    t.setNow(tampa(TODAY, '12:00'));
    for (const id of [a, b, c]) await post(`/api/admin/bookings/${id}/complete`);
    await post(`/api/admin/bookings/${c}/refund`, { amountCents: 1000, reason: 'Goodwill for the wait' });
    await post(`/api/admin/bookings/${h}/no-show`);
    await post(`/api/admin/bookings/${i}/cancel`, { waiveFee: true, reason: 'Customer moved away' });
    await post(`/api/bookings/${j}/reschedule`, { startAt: tampa(day(6), '13:00').toISOString() }, customer.cookie);
    t.setNow(tampa(TODAY, '20:00'));
    await post(`/api/bookings/${f}/cancel`, undefined, customer.cookie);
    t.setNow(tampa(TODAY, '23:00'));
    await post(`/api/bookings/${g}/cancel`, undefined, customer.cookie);

    // The ledger is stamped by the database's clock: its Tampa date is where the money shows.
    const [{ now }] = await rowsOf<{ now: Date | string }>(t.deps.db, sql`select now() as now`);
    moneyDay = tampaToday(new Date(now));
    t.setNow(tampa(moneyDay > TODAY ? moneyDay : TODAY, '23:59'));
  }, 180_000);
  afterAll(() => t?.close());

  const customThrough = () => `range=custom&from=${D2}&to=${moneyDay > TODAY ? moneyDay : TODAY}`;

  it('revenue: bookings and captured money by day and by service, average order value, cancellations by tier, refunds', async () => {
    const r = await report('revenue', customThrough());
    const { A, B, C, D, E, F, G, H, I, J } = totals as Record<string, number>;
    const booked = A! + B! + C! + D! + E! + F! + G! + H! + I! + J!;
    const halfFee = percentOf(F!, 50);
    const captured = A! + B! + C! + halfFee + G! + H!;
    expect(r.totals).toEqual({
      bookings: 10,
      bookedCents: booked,
      capturedCents: captured,
      refundedCents: 1000,
      netCents: captured - 1000,
      refunds: 1,
      averageOrderCents: Math.round(booked / 10),
      completedJobs: 3,
      averageJobCents: Math.round((A! + B! + C!) / 3),
    });
    const byDay = Object.fromEntries(r.byDay.map((row: { date: string }) => [row.date, row]));
    expect(byDay[D2]).toMatchObject({ bookings: 1, bookedCents: A });
    expect(byDay[D1]).toMatchObject({ bookings: 1, bookedCents: B });
    expect(byDay[TODAY]).toMatchObject({ bookings: 8, bookedCents: booked - A! - B! });
    expect(byDay[moneyDay]).toMatchObject({ capturedCents: captured, refundedCents: 1000, netCents: captured - 1000 });
    expect(r.byDay.map((row: { date: string }) => row.date)[0]).toBe(D2);
    const byService = Object.fromEntries(r.byService.map((row: { service: string }) => [row.service, row]));
    expect(byService['tv-installation']).toEqual({
      service: 'tv-installation',
      bookings: 8,
      bookedCents: A! + D! + E! + F! + G! + H! + I! + J!,
      capturedCents: A! + halfFee + G! + H!,
      refundedCents: 0,
      netCents: A! + halfFee + G! + H!,
      averageOrderCents: Math.round((A! + D! + E! + F! + G! + H! + I! + J!) / 8),
    });
    expect(byService['furniture-assembly']).toMatchObject({ bookings: 1, bookedCents: B, capturedCents: B, refundedCents: 0 });
    expect(byService.painting).toMatchObject({ bookings: 1, bookedCents: C, capturedCents: C, refundedCents: 1000, netCents: C! - 1000 });
    expect(r.cancellations).toEqual([
      { tier: 'grace', bookings: 1, feeCents: 0 },
      { tier: 'free', bookings: 1, feeCents: 0 },
      { tier: 'half', bookings: 1, feeCents: halfFee },
      { tier: 'full', bookings: 1, feeCents: G },
      { tier: 'waived', bookings: 1, feeCents: 0 },
      { tier: 'no_show', bookings: 1, feeCents: H },
    ]);
    expect(r.rescheduled).toBe(1);
    expect(r.period).toEqual({ range: 'custom', from: D2, to: moneyDay > TODAY ? moneyDay : TODAY, timeZone: 'America/New_York' });
  });

  it("contact time: share within 5 and 10 minutes of all bookings placed, median and worst of the contacted", async () => {
    const r = await report('contact', customThrough());
    // contacted after 240 s (A), 420 s (B), 900 s (C), 30 s (E); six never contacted
    expect(r.totals).toEqual({
      bookings: 10,
      contacted: 4,
      within5: 2,
      within10: 3,
      medianSeconds: 330,
      notContacted: 6,
      shareWithin5: 0.2,
      shareWithin10: 0.3,
      worstSeconds: 900,
    });
    const byDay = Object.fromEntries(r.byDay.map((row: { date: string }) => [row.date, row]));
    expect(byDay[D2]).toEqual({ date: D2, bookings: 1, contacted: 1, within5: 1, within10: 1, medianSeconds: 240 });
    expect(byDay[D1]).toEqual({ date: D1, bookings: 1, contacted: 1, within5: 0, within10: 1, medianSeconds: 420 });
    expect(byDay[TODAY]).toEqual({ date: TODAY, bookings: 8, contacted: 2, within5: 1, within10: 1, medianSeconds: 465 });
    // "today" alone: the eight bookings placed today
    expect((await report('contact', 'range=today')).totals).toMatchObject({ bookings: moneyDay > TODAY ? 0 : 8 });
  });

  it('only admins may read a report; a bad period is a 400 naming the field', async () => {
    expect((await t.request('/api/admin/analytics/revenue')).status).toBe(401);
    expect((await t.request('/api/admin/analytics/revenue', { cookie: customer.cookie })).status).toBe(403);
    const bad = async (query: string, field: string, key: string) => {
      const response = await t.request(`/api/admin/analytics/traffic?${query}`, { cookie: admin.cookie });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.code).toBe('validation_failed');
      expect(Object.keys(body.details)).toEqual([field]);
      expect(body.details[field]).not.toBe(key); // translated
    };
    await bad('range=week', 'query.range', 'analytics.errors.rangeInvalid');
    await bad('range=custom&from=2026-01-01', 'query.to', 'analytics.errors.dateRequired');
    await bad(`range=custom&from=${TODAY}&to=${D2}`, 'query.to', 'analytics.errors.rangeInverted');
    await bad('range=custom&from=2024-01-01&to=2026-01-01', 'query.to', 'analytics.errors.rangeTooLong');
    await bad(`range=custom&from=${TODAY}&to=${shiftDate(TODAY, 5)}`, 'query.to', 'analytics.errors.rangeOutside');
    await bad(`range=7d&from=${TODAY}`, 'query.from', 'analytics.errors.datesOnlyCustom');
  });
});
