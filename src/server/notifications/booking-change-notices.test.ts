/**
 * Issue #14, defect 7: a move, a reassignment and an ETA change each tell the customer, once per
 * change, in the booking's language, through the real API and the mail outbox.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userRoles } from '../db/schema';
import { waitFor } from '../realtime/testing/booking-fixtures';
import { makeWorker } from '../modules/workers/worker-defaults';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';

// Saturday 2026-11-21 10:00 Tampa; the job on Monday 2026-11-23 at 10:00 (EST, UTC-5).
const NOW = new Date('2026-11-21T15:00:00Z');
const MONDAY_10 = '2026-11-23T15:00:00.000Z';
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
const tv = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };

describe(`change notices: reschedule, reassignment, ETA (${databaseKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  let wes: { userId: string };
  let wanda: { userId: string };
  let n = 0;

  const post = (path: string, cookie: string, json: object = {}, headers: Record<string, string> = {}) => t.request(path, { method: 'POST', cookie, json, headers });
  /** The customer's notices of one template, about one booking (its reference in the text). */
  const notices = (to: string, template: string, reference: string) =>
    t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template), like(mailOutbox.text, `%${reference}%`))).orderBy(mailOutbox.createdAt);
  const waitForCount = (to: string, template: string, reference: string, count: number) =>
    waitFor(async () => {
      const rows = await notices(to, template, reference);
      return rows.length >= count ? rows : undefined;
    }, 5000, `${count} ${template} notice(s)`);

  async function book(lang: 'en' | 'es', startAt = MONDAY_10) {
    const customer = await t.signUp(undefined, { name: lang === 'es' ? 'María López' : 'Carla Customer' });
    const headers = { 'Accept-Language': lang };
    const card = await post('/api/payments/test-mode/payment-methods', customer.cookie, { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    const paymentMethodId = ((await card.json()) as { id: string }).id;
    const created = await post('/api/bookings', customer.cookie, { options: tv, address, contactPhone: '8135550123', startAt, paymentMethodId }, { ...headers, 'Idempotency-Key': `notice-${++n}` });
    expect(created.status).toBe(201);
    const booking = (await created.json()) as { id: string; reference: string };
    return { customer, booking, headers };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await t.signUp('notices-admin@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    wes = await t.signUp(undefined, { name: 'Wes Walker' });
    wanda = await t.signUp(undefined, { name: 'Wanda Brooks' });
    await makeWorker(t.deps.db, wes.userId);
    await makeWorker(t.deps.db, wanda.userId);
  });
  afterAll(() => t?.close());

  it('tells an English customer about each move (old and new time), a new technician and a new ETA, once each, and nothing for the same ETA', async () => {
    const { customer, booking } = await book('en');
    // The booking mails carry the arrival window too (start to start + the 60-minute setting).
    const received = await waitFor(async () => (await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, booking.id), eq(mailOutbox.template, 'booking_received'))))[0], 5000, 'booking_received');
    expect(received.text).toMatch(/Arrival window: 10:00\sAM – 11:00\sAM \(Tampa time\)/);
    expect((await post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: wes.userId, etaAt: '2026-11-23T15:15:00.000Z' })).ok).toBe(true);

    // The same ETA as at assignment: nothing. Then a new one: one notice.
    expect((await post(`/api/admin/bookings/${booking.id}/eta`, admin.cookie, { etaAt: '2026-11-23T15:15:00.000Z' })).ok).toBe(true);
    expect((await post(`/api/admin/bookings/${booking.id}/eta`, admin.cookie, { etaAt: '2026-11-23T15:40:00.000Z' })).ok).toBe(true);
    const [eta] = await waitForCount(customer.email, 'eta_changed', booking.reference, 1);
    expect(eta!.subject).toBe(`New arrival time for booking ${booking.reference}: 10:40 AM`);
    expect(eta!.text).toContain('Your technician now expects to arrive at 10:40 AM (Tampa time).');
    // The same ETA again, then a move: still one ETA notice (the queue is in order).
    expect((await post(`/api/admin/bookings/${booking.id}/eta`, admin.cookie, { etaAt: '2026-11-23T15:40:00.000Z' })).ok).toBe(true);

    // The customer moves it to 1 PM (free: more than 24 hours ahead).
    expect((await post(`/api/bookings/${booking.id}/reschedule`, customer.cookie, { startAt: '2026-11-23T18:00:00.000Z' })).ok).toBe(true);
    const [moved] = await waitForCount(customer.email, 'rescheduled', booking.reference, 1);
    expect(moved!.subject).toContain(`Booking ${booking.reference} moved to`);
    expect(moved!.text).toContain('moved from Monday, November 23, 2026 at 10:00 AM EST to Monday, November 23, 2026 at 1:00 PM EST (Tampa time).');
    expect(moved!.text).toContain(`${t.config.publicUrl}/my-bookings?booking=${booking.id}&action=reschedule`);
    expect(moved!.text).toContain(`${t.config.publicUrl}/my-bookings?booking=${booking.id}&action=cancel`);
    expect(moved!.text).toMatch(/Arrival window: 1:00\sPM – 2:00\sPM \(Tampa time\)/);
    expect(await notices(customer.email, 'eta_changed', booking.reference)).toHaveLength(1);

    // Dispatch gives the job to Wanda: the customer learns her first name.
    expect((await post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: wanda.userId })).ok).toBe(true);
    const [changed] = await waitForCount(customer.email, 'technician_changed', booking.reference, 1);
    expect(changed!.subject).toBe(`Your new technician for booking ${booking.reference}: Wanda`);
    expect(changed!.text).toContain('Your booking now has a new technician: Wanda.');
    expect(changed!.text).not.toContain('Brooks');

    // Staff move it again: a second move notice, from 1 PM to 3 PM.
    expect((await post(`/api/admin/bookings/${booking.id}/reschedule`, admin.cookie, { startAt: '2026-11-23T20:00:00.000Z' })).ok).toBe(true);
    const moves = await waitForCount(customer.email, 'rescheduled', booking.reference, 2);
    expect(moves[1]!.text).toContain('from Monday, November 23, 2026 at 1:00 PM EST to Monday, November 23, 2026 at 3:00 PM EST');
    expect(await notices(customer.email, 'rescheduled', booking.reference)).toHaveLength(2);
    expect(await notices(customer.email, 'technician_changed', booking.reference)).toHaveLength(1);
  });

  it('writes them in Spanish for a Spanish booking', async () => {
    const { customer, booking, headers } = await book('es', '2026-11-24T15:00:00.000Z');
    expect((await post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: wes.userId })).ok).toBe(true);
    expect((await post(`/api/bookings/${booking.id}/reschedule`, customer.cookie, { startAt: '2026-11-24T19:00:00.000Z' }, headers)).ok).toBe(true);
    const [moved] = await waitForCount(customer.email, 'rescheduled', booking.reference, 1);
    expect(moved!.language).toBe('es');
    expect(moved!.subject).toContain(`Reserva ${booking.reference} cambiada al`);
    expect(moved!.text).toContain('Hola, María López:');
    expect(moved!.text).toContain('Su reserva de Instalación de TV se cambió del martes, 24 de noviembre de 2026');

    expect((await post(`/api/admin/bookings/${booking.id}/eta`, admin.cookie, { etaAt: '2026-11-24T19:20:00.000Z' })).ok).toBe(true);
    const [eta] = await waitForCount(customer.email, 'eta_changed', booking.reference, 1);
    expect(eta!.text).toMatch(/Su técnico prevé llegar ahora a las 2:20\s?p\.\s?m\. \(hora de Tampa\)\./);

    expect((await post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: wanda.userId })).ok).toBe(true);
    const [changed] = await waitForCount(customer.email, 'technician_changed', booking.reference, 1);
    expect(changed!.subject).toBe(`Su nuevo técnico para la reserva ${booking.reference}: Wanda`);
  });
});
