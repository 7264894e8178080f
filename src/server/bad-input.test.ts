/**
 * Issue #10, the 500s found by fuzzing: each is now a 4xx with the error body
 * `{ message, code, details, hint }`, refused by validation before the database sees it.
 * - ids of the wrong shape (a non-UUID for a uuid column, a NUL in a text id) in a path: 404;
 * - a NUL character in text that would be stored or searched (PostgreSQL `text` cannot hold
 *   one): 400 with the field named;
 * - dates far outside the bookable window (9999-12-31): 400 for the slots of a date, 409
 *   slot_unavailable for a start, like any start that is not offered.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, workerApplications } from './db/schema';
import { createTestApp, databaseKind, type TestApp } from './test/test-app';
import { moneyActors, TEST_ADDRESS, TV_OPTIONS, type Caller } from './test/money-actors';
import { makeWorker } from './modules/workers/worker-defaults';

// Saturday 2026-11-21 10:00 Tampa; the booking is for Monday 10:00; bookable: 2026-11-21 .. 2026-12-05.
const NOW = new Date('2026-11-21T15:00:00Z');
const START = '2026-11-23T15:00:00.000Z';
const INVALID_CHARACTERS = "This contains a character we can't accept.";

async function expectError(response: Response, status: number, code: string, details?: Record<string, string>) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text);
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  if (details) expect(body.details).toMatchObject(details);
}

describe(`bad input found by fuzzing (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  let customer: Caller;
  let worker: Caller;
  let bookingId: string;
  let addressId: string;
  let applicationId: string;
  let staffId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    [staffId] = (await t.addWorkers(1)) as [string];
    const money = moneyActors(t);
    admin = await money.admin();
    customer = await t.signUp();
    worker = await t.signUp();
    await makeWorker(t.deps.db, worker.userId);
    bookingId = (await money.booked(customer.cookie, TV_OPTIONS, START)).id;
    addressId = (await (await t.request('/api/account/addresses', { method: 'POST', cookie: customer.cookie, json: TEST_ADDRESS })).json()).id;
    const application = await t.request('/api/worker-applications', {
      method: 'POST',
      cookie: customer.cookie,
      json: { fullName: 'Carla Customer', phone: '(813) 555-0123', services: ['painting'], yearsExperience: 3, areasServed: 'South Tampa', availabilitySummary: 'Weekends', licenceInsurance: 'General liability' },
    });
    applicationId = (await application.json()).id;
  });
  afterAll(() => t?.close());

  describe('an id of the wrong shape in a path is 404', () => {
    it.each([
      ['PATCH', '/api/account/addresses/abc', 'customer', { street: '200 N Tampa St' }],
      ['DELETE', '/api/account/addresses/abc', 'customer', undefined],
      ['PATCH', '/api/account/addresses/a%00b', 'customer', { street: '200 N Tampa St' }],
      ['PUT', '/api/account/payment-methods/a%00b/default', 'customer', undefined],
      ['DELETE', '/api/account/payment-methods/a%00b', 'customer', undefined],
      ['PATCH', '/api/admin/workers/a%00b', 'admin', { active: false }],
      ['PATCH', '/api/admin/users/a%00b/role', 'admin', { role: 'admin' }],
      ['POST', '/api/admin/users/a%00b/disable', 'admin', undefined],
      ['POST', '/api/admin/users/a%00b/enable', 'admin', undefined],
      ['PATCH', `/api/admin/users/${'x'.repeat(201)}/role`, 'admin', { role: 'admin' }],
    ] as const)('%s %s', async (method, path, caller, json) => {
      const cookie = caller === 'admin' ? admin.cookie : customer.cookie;
      await expectError(await t.request(path, { method, cookie, json }), 404, 'not_found');
    });

    it('the same routes still find what exists', async () => {
      expect((await t.request(`/api/account/addresses/${addressId}`, { method: 'PATCH', cookie: customer.cookie, json: { unit: '4B' } })).status).toBe(200);
      expect((await t.request(`/api/admin/workers/${staffId}`, { method: 'PATCH', cookie: admin.cookie, json: { active: true } })).status).toBe(200);
      expect((await t.request(`/api/admin/users/${customer.userId}/role`, { method: 'PATCH', cookie: admin.cookie, json: { role: 'user' } })).status).toBe(200);
    });
  });

  describe('a NUL character in stored or searched text is 400 naming the field', () => {
    it('an address street, new or changed', async () => {
      const created = await t.request('/api/account/addresses', { method: 'POST', cookie: customer.cookie, json: { ...TEST_ADDRESS, street: '100 N Tampa\u0000 St' } });
      await expectError(created, 400, 'validation_failed', { street: INVALID_CHARACTERS });
      const changed = await t.request(`/api/account/addresses/${addressId}`, { method: 'PATCH', cookie: customer.cookie, json: { street: '100 N Tampa\u0000 St' } });
      await expectError(changed, 400, 'validation_failed', { street: INVALID_CHARACTERS });
    });

    it("a worker application's name and a rejection reason", async () => {
      const applied = await t.request('/api/worker-applications', {
        method: 'POST',
        cookie: worker.cookie,
        json: { fullName: 'Wes\u0000', phone: '(813) 555-0123', services: ['painting'], yearsExperience: 3, areasServed: 'x', availabilitySummary: 'y', licenceInsurance: 'z' },
      });
      await expectError(applied, 400, 'validation_failed', { fullName: INVALID_CHARACTERS });
      const rejected = await t.request(`/api/admin/worker-applications/${applicationId}/reject`, { method: 'POST', cookie: admin.cookie, json: { reason: 'No\u0000 licence' } });
      await expectError(rejected, 400, 'validation_failed', { reason: INVALID_CHARACTERS });
      const [application] = await t.deps.db.select().from(workerApplications).where(eq(workerApplications.id, applicationId));
      expect(application!.status).toBe('pending');
    });

    it('the worker to assign', async () => {
      const response = await t.request(`/api/admin/bookings/${bookingId}/assign`, { method: 'POST', cookie: admin.cookie, json: { workerId: `${staffId}\u0000` } });
      await expectError(response, 400, 'validation_failed', { workerId: INVALID_CHARACTERS });
    });

    it("a time-off note in a worker's availability", async () => {
      const response = await t.request('/api/worker/availability', {
        method: 'PUT',
        cookie: worker.cookie,
        json: { weekly: [{ weekday: 1, startMinute: 480, endMinute: 720 }], timeOff: [{ startsOn: '2026-12-24', endsOn: '2026-12-26', note: 'holi\u0000days' }] },
      });
      await expectError(response, 400, 'validation_failed', { 'timeOff.0.note': INVALID_CHARACTERS });
    });

    it('the admin searches of bookings and users', async () => {
      await expectError(await t.request('/api/admin/bookings?q=%00', { cookie: admin.cookie }), 400, 'validation_failed', { 'query.q': INVALID_CHARACTERS });
      await expectError(await t.request('/api/admin/users?q=%00', { cookie: admin.cookie }), 400, 'validation_failed', { 'query.q': INVALID_CHARACTERS });
      expect((await t.request('/api/admin/users?q=example', { cookie: admin.cookie })).status).toBe(200);
    });
  });

  describe('dates far outside the bookable window', () => {
    const slots = (date: string) => t.request(`/api/services/tv-installation/slots?date=${date}&durationMinutes=60`, { cookie: customer.cookie });

    it('slots of a date that cannot be booked are 400 (year 9999, yesterday, after the window)', async () => {
      for (const date of ['9999-12-31', '0000-01-01', '2026-11-20', '2026-12-06']) {
        await expectError(await slots(date), 400, 'validation_failed', { 'query.date': "This date can't be booked. Please choose one of the dates shown." });
      }
      const es = await t.request('/api/services/tv-installation/slots?date=9999-12-31&durationMinutes=60', { headers: { 'Accept-Language': 'es' } });
      await expectError(es, 400, 'validation_failed', { 'query.date': 'No se puede reservar en esta fecha. Por favor, elija una de las fechas mostradas.' });
      for (const date of ['2026-11-21', '2026-12-05']) expect((await slots(date)).status).toBe(200);
    });

    it('rescheduling to 9999-12-31T23:59:59Z is 409 slot_unavailable, for the customer and for staff, and moves nothing', async () => {
      const customerMove = await t.request(`/api/bookings/${bookingId}/reschedule`, { method: 'POST', cookie: customer.cookie, json: { startAt: '9999-12-31T23:59:59Z' } });
      await expectError(customerMove, 409, 'slot_unavailable');
      const staffMove = await t.request(`/api/admin/bookings/${bookingId}/reschedule`, { method: 'POST', cookie: admin.cookie, json: { startAt: '9999-12-31T23:59:59Z' } });
      await expectError(staffMove, 409, 'slot_unavailable');
      const [booking] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(booking!.scheduledStart.toISOString()).toBe(START);
    });

    it('booking at 9999-12-31T23:59:59Z is 409 slot_unavailable', async () => {
      const money = moneyActors(t);
      await expectError(await money.book(customer.cookie, TV_OPTIONS, '9999-12-31T23:59:59Z'), 409, 'slot_unavailable');
    });
  });
});
