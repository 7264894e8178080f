/**
 * Issue #12, the snapshot rule through the API: after an admin changes prices, tax and the
 * cancellation policy, the public settings (what the home page, the booking flow and the policy
 * pages show) and new bookings follow at once, while bookings already made keep their amounts
 * and the policy they were made under — for the cancellation preview, the cancel itself,
 * rescheduling, a no-show and completion. A booking made before policies were stored follows the
 * current settings.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY } from '../../../domain/cancellation-policy';
import { bookings } from '../../db/schema';
import { furnitureOptions, moneyActors, TV_OPTIONS, type Caller } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 in Tampa (EST, UTC-5); the jobs are on Saturday afternoon and Sunday.
const NOW = new Date('2026-11-21T15:00:00Z');
const SAT_16 = '2026-11-21T21:00:00.000Z';
const SUN_08 = '2026-11-22T13:00:00.000Z';
const SUN_13 = '2026-11-22T18:00:00.000Z';
const SUN_1330 = '2026-11-22T18:30:00.000Z';
const SUN_14 = '2026-11-22T19:00:00.000Z';
const MON_13 = '2026-11-23T18:00:00.000Z';

const NEW_POLICY = { freeNoticeHours: 48, feeNoticeHours: 36, feePercent: 80, graceMinutes: 5, rescheduleNoticeHours: 48, refundBusinessDays: { min: 2, max: 4 } };

describe(`settings changes reach new bookings, never existing ones (${databaseKind})`, () => {
  let t: TestApp;
  let money: ReturnType<typeof moneyActors>;
  let customer: Caller;
  let admin: Caller;
  /** Bookings made under the old settings (TV $45, tax 7.5%, 24 h / 12 h / 50%). */
  const old: Record<'free' | 'half' | 'noShow' | 'preMigration' | 'furniture', { id: string; totalCents: number }> = {} as never;

  const view = async (id: string) => (await t.request(`/api/bookings/${id}`, { cookie: customer.cookie })).json();
  const preview = async (id: string) => {
    const r = await t.request(`/api/bookings/${id}/cancellation`, { cookie: customer.cookie });
    expect(r.status).toBe(200);
    return r.json();
  };
  /** Saves through the API, from the version the admin page would have read. */
  const save = async (path: 'services/tv-installation' | 'services/furniture-assembly' | 'tax' | 'cancellation', value: unknown) => {
    const current = await (await t.request('/api/admin/settings', { cookie: admin.cookie })).json();
    const version = path.startsWith('services/') ? current.services.find((s: { slug: string }) => `services/${s.slug}` === path).version : current.sections[path].version;
    const r = await t.request(`/api/admin/settings/${path}`, { method: 'PUT', cookie: admin.cookie, json: { version, value } });
    expect(r.status, await r.clone().text()).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.addWorkers(6);
    money = moneyActors(t);
    customer = await t.signUp();
    admin = await money.admin();
    old.free = await money.booked(customer.cookie, TV_OPTIONS, SUN_13);
    old.half = await money.booked(customer.cookie, TV_OPTIONS, SUN_08);
    old.noShow = await money.booked(customer.cookie, TV_OPTIONS, SAT_16);
    old.preMigration = await money.booked(customer.cookie, TV_OPTIONS, SUN_1330);
    old.furniture = await money.booked(customer.cookie, furnitureOptions(2), SUN_14);
    // A booking written before policies were stored on bookings
    await t.deps.db.update(bookings).set({ cancellationPolicy: null }).where(eq(bookings.id, old.preMigration.id));

    // The admin changes the TV and furniture prices, the tax rate and the cancellation policy
    await save('services/tv-installation', { unitPriceCents: 5200, active: true });
    await save('services/furniture-assembly', { unitPriceCents: 4000, active: true });
    await save('tax', { taxRateBps: 800 });
    await save('cancellation', NEW_POLICY);
  });
  afterAll(() => t?.close());

  it('the public settings (home page, booking flow, policy pages) show the new price, tax and policy at once', async () => {
    const pub = await (await t.request('/api/settings/public')).json();
    expect(pub.services.find((s: { slug: string }) => s.slug === 'tv-installation').unitPriceCents).toBe(5200);
    expect(pub.taxRateBps).toBe(800);
    expect(pub.cancellationPolicy).toEqual(NEW_POLICY);
  });

  it('a new booking is priced and governed by the new settings', async () => {
    const fresh = await money.booked(customer.cookie, TV_OPTIONS, MON_13);
    expect(fresh.totalCents).toBe(5200 + 416);
    const b = await view(fresh.id);
    expect(b.lineItems).toEqual([{ code: 'tv_installation', unit: 'job', quantity: 1, unitPriceCents: 5200, amountCents: 5200, taxCents: 416 }]);
    expect(b.cancellationPolicy).toEqual(NEW_POLICY);
    // 51 hours ahead: free under the new 48 h notice; rescheduling needs 48 h too
    t.setNow(new Date('2026-11-21T15:30:00Z'));
    expect(await preview(fresh.id)).toMatchObject({ tier: 'free', feeCents: 0 });
    t.setNow(new Date('2026-11-21T20:00:00Z')); // 46 h before: the new 80% tier would need < 48 h and >= 36 h
    expect(await preview(fresh.id)).toMatchObject({ tier: 'half', feeCents: Math.floor((5616 * 80 + 50) / 100) });
    const moved = await t.request(`/api/bookings/${fresh.id}/reschedule`, { method: 'POST', cookie: customer.cookie, json: { startAt: '2026-11-23T19:00:00.000Z' } });
    expect(moved.status).toBe(422);
    expect((await moved.json()).message).toContain('48');
    t.setNow(NOW);
  });

  it('an existing booking keeps its amounts and its policy', async () => {
    const b = await view(old.free.id);
    expect(b.lineItems).toEqual([{ code: 'tv_installation', unit: 'job', quantity: 1, unitPriceCents: 4500, amountCents: 4500, taxCents: 338 }]);
    expect(b).toMatchObject({ subtotalCents: 4500, taxCents: 338, totalCents: 4838, payment: { amountHeldCents: 4838 } });
    expect(b.cancellationPolicy).toEqual(DEFAULT_CANCELLATION_POLICY);
    expect(b.canReschedule).toBe(true); // 27 h ahead: enough under its 24 h, not under the new 48 h
  });

  it('its cancellation fee is decided by the old policy: free with 24 h notice, 50% from 12 h', async () => {
    t.setNow(new Date('2026-11-21T15:30:00Z')); // past the 5-minute grace
    // 26.5 h before: free under the old policy (the new one would charge it all, under 36 h)
    expect(await preview(old.free.id)).toMatchObject({ tier: 'free', feeCents: 0, captureCents: 0, releaseCents: 4838 });
    // 21.5 h before: the old 50% tier of the old total (the new policy would take 100% of it)
    const half = await preview(old.half.id);
    expect(half).toMatchObject({ tier: 'half', feeCents: 2419, captureCents: 2419, releaseCents: 2419 });
    expect(half.message).toContain('between 12 and 24 hours before your appointment, so a 50% cancellation fee of $24.19 applies');

    const cancelled = await t.request(`/api/bookings/${old.half.id}/cancel`, { method: 'POST', cookie: customer.cookie, headers: { 'Idempotency-Key': 'snapshot-cancel-half' } });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).cancellation).toMatchObject({ tier: 'half', feeCents: 2419 });
    expect(await money.ledger(old.half.id)).toMatchObject({ capturedCents: 2419, paidCents: 2419 });
    expect(await money.gateway(old.half.id)).toMatchObject({ capturedCents: 2419, paidCents: 2419 });
  });

  it('it is rescheduled under its own notice (24 h), though the new policy asks 48 h', async () => {
    const r = await t.request(`/api/bookings/${old.free.id}/reschedule`, { method: 'POST', cookie: customer.cookie, json: { startAt: '2026-11-22T20:00:00.000Z' } });
    expect(r.status).toBe(200);
    expect((await r.json()).scheduledStart).toBe('2026-11-22T20:00:00.000Z');
  });

  it('a no-show charges what it was booked for, not the new price', async () => {
    const r = await t.request(`/api/admin/bookings/${old.noShow.id}/no-show`, { method: 'POST', cookie: admin.cookie, headers: { 'Idempotency-Key': 'snapshot-no-show' } });
    expect(r.status).toBe(200);
    expect(await money.ledger(old.noShow.id)).toMatchObject({ capturedCents: 4838, paidCents: 4838 });
  });

  it('completion charges the actual hours at the booked price and tax rate', async () => {
    const r = await t.request(`/api/admin/bookings/${old.furniture.id}/complete`, { method: 'POST', cookie: admin.cookie, json: { actualHours: 3 }, headers: { 'Idempotency-Key': 'snapshot-complete' } });
    expect(r.status).toBe(200);
    const done = await view(old.furniture.id);
    expect(done.final).toMatchObject({ subtotalCents: 3 * 3500, taxCents: 788, totalCents: 11288 });
  });

  it('a booking made before policies were stored follows the current settings', async () => {
    const b = await view(old.preMigration.id);
    expect(b.totalCents).toBe(4838);
    expect(b.cancellationPolicy).toEqual(NEW_POLICY);
    // 26 h before at 10:30: under 36 h, the whole total under the current policy
    expect(await preview(old.preMigration.id)).toMatchObject({ tier: 'full', feeCents: 4838 });
  });
});
