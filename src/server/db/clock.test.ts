import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';
import { moneyActors, TV_OPTIONS } from '../test/money-actors';
import { bookings, payments } from './schema';

// Saturday 2026-11-21 10:00 Tampa; the job on Monday 23 at 8:00.
const NOW = new Date('2026-11-21T15:00:00Z');

describe(`updated_at follows the app's clock (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.addWorkers(1);
  });
  afterAll(() => t?.close());

  it('stamps a cancelled booking and its payment with the pinned time, not the machine clock', async () => {
    const money = moneyActors(t);
    const customer = await t.signUp();
    const booking = await money.booked(customer.cookie, TV_OPTIONS, '2026-11-23T13:00:00.000Z');
    const later = new Date('2026-11-21T15:07:00Z');
    t.setNow(later);
    expect((await money.post(`/api/bookings/${booking.id}/cancel`, customer.cookie)).status).toBe(200);
    const [row] = await t.deps.db.select({ updatedAt: bookings.updatedAt }).from(bookings).where(eq(bookings.id, booking.id));
    const [payment] = await t.deps.db.select({ updatedAt: payments.updatedAt }).from(payments).where(eq(payments.bookingId, booking.id));
    expect(row!.updatedAt.toISOString()).toBe(later.toISOString());
    expect(payment!.updatedAt.toISOString()).toBe(later.toISOString());
  });
});
