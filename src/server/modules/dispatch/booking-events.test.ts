/**
 * Booking events carry their facts as typed data (issue #10): what the dispatch timeline answers
 * after each step of the day, and what the data migration reads from the English notes of rows
 * written before the column existed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFacts, type BookingEvent } from '../../../domain/booking-events';
import { bookingEvents, userRoles } from '../../db/schema';
import { seedBooking } from '../../realtime/testing/booking-fixtures';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { makeWorker } from '../workers/worker-defaults';

// Saturday 2026-11-21 10:00 Tampa; the job is on Monday 2026-11-23 at 10:00.
const NOW = new Date('2026-11-21T15:00:00Z');
const MONDAY_10 = new Date('2026-11-23T15:00:00Z');
const MIGRATION = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/0013_booking_event_data.sql');

describe(`booking events with typed data (${databaseKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  let customer: { cookie: string; userId: string };
  let wes: { cookie: string; userId: string };

  const post = (url: string, cookie: string, json: object = {}) => t.request(url, { method: 'POST', cookie, json });
  const timeline = async (bookingId: string): Promise<BookingEvent[]> => {
    const response = await t.request(`/api/admin/bookings/${bookingId}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { events: BookingEvent[] }).events;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await t.signUp('dispatcher@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    customer = await t.signUp('carla@example.com', { name: 'Carla Customer' });
    wes = await t.signUp('wes@example.com', { name: 'Wes' });
    await makeWorker(t.deps.db, wes.userId, { skills: ['tv-installation'] });
  });
  afterAll(() => t?.close());

  it('records each dispatch step as facts, with no English words in the notes', async () => {
    const booking = await seedBooking(t.deps.db, customer.userId, { scheduledStart: MONDAY_10, scheduledEnd: new Date(MONDAY_10.getTime() + 3_600_000), createdAt: new Date(NOW.getTime() - 7 * 60_000) });
    expect((await post(`/api/admin/bookings/${booking.id}/contacted`, admin.cookie)).status).toBe(200);
    expect((await post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: wes.userId, etaAt: '2026-11-23T14:55:00.000Z' })).status).toBe(200);
    expect((await post(`/api/admin/bookings/${booking.id}/eta`, admin.cookie, { etaAt: '2026-11-23T15:10:00.000Z' })).status).toBe(200);
    expect((await post(`/api/admin/bookings/${booking.id}/reschedule`, admin.cookie, { startAt: '2026-11-23T17:00:00.000Z' })).status).toBe(200);
    t.setNow(new Date('2026-11-23T16:30:00Z'));
    expect((await post(`/api/worker/jobs/${booking.id}/on-my-way`, wes.cookie, { etaMinutes: 25 })).status).toBe(200);
    t.setNow(NOW);

    const events = await timeline(booking.id);
    expect(events.map((e) => e.type)).toEqual(['created', 'contacted', 'assigned', 'eta_changed', 'rescheduled', 'en_route']);
    expect(events.map((e) => e.note)).toEqual([null, null, null, null, null, null]);
    expect(events.slice(1).map((e) => eventFacts(e))).toEqual([
      { type: 'contacted', data: { minutesAfterBooking: 7 } },
      { type: 'assigned', data: { workerId: wes.userId, etaAt: '2026-11-23T14:55:00.000Z' } },
      { type: 'eta_changed', data: { etaAt: '2026-11-23T15:10:00.000Z' } },
      { type: 'rescheduled', data: { from: '2026-11-23T15:00:00.000Z', to: '2026-11-23T17:00:00.000Z' } },
      { type: 'en_route', data: { etaAt: '2026-11-23T16:55:00.000Z' } },
    ]);
    expect(events.find((e) => e.type === 'assigned')).toMatchObject({ workerName: 'Wes', actorRole: 'admin', fromStatus: 'pending', toStatus: 'confirmed' });
  });

  it("reads the facts of older rows from the notes the server used to write, and keeps anything else as it was", async () => {
    const booking = await seedBooking(t.deps.db, customer.userId, { cancellationTier: 'free' });
    const legacy = [
      { type: 'contacted', note: '4 minutes after booking' },
      { type: 'assigned', note: `worker ${wes.userId}, ETA 2026-11-22T14:45:00.000Z` },
      { type: 'assigned', note: `worker ${wes.userId}` },
      { type: 'eta_changed', note: '2026-11-22T15:05:00.000Z' },
      { type: 'rescheduled', note: '2026-11-22T15:00:00.000Z -> 2026-11-22T17:00:00.000Z' },
      { type: 'unassigned', note: 'the worker is not free at the new time' },
      { type: 'en_route', note: 'ETA 2026-11-22T16:40:00.000Z' },
      { type: 'hold_placed', note: 'deferred hold pi_sim_123', amountCents: 4838 },
      { type: 'final_approval_requested', note: 'booked 4838', amountCents: 9000 },
      { type: 'settle_conflict', note: 'no-show settled while completed' },
      { type: 'cancelled', note: 'cancellation (free)', amountCents: 0 },
      { type: 'eta_changed', note: 'soon, said the customer' },
    ];
    await t.deps.db.insert(bookingEvents).values(legacy.map((event, i) => ({ ...event, bookingId: booking.id, createdAt: new Date(Date.UTC(2026, 10, 21, 16, i)) })));
    const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').slice(1);
    for (const statement of statements) await t.deps.db.execute(statement);

    const events = (await timeline(booking.id)).filter((e) => e.type !== 'created');
    expect(events.map((e) => eventFacts(e))).toEqual([
      { type: 'contacted', data: { minutesAfterBooking: 4 } },
      { type: 'assigned', data: { workerId: wes.userId, etaAt: '2026-11-22T14:45:00.000Z' } },
      { type: 'assigned', data: { workerId: wes.userId, etaAt: null } },
      { type: 'eta_changed', data: { etaAt: '2026-11-22T15:05:00.000Z' } },
      { type: 'rescheduled', data: { from: '2026-11-22T15:00:00.000Z', to: '2026-11-22T17:00:00.000Z' } },
      { type: 'unassigned', data: { workerId: null, reason: 'worker_not_free' } },
      { type: 'en_route', data: { etaAt: '2026-11-22T16:40:00.000Z' } },
      { type: 'hold_placed', data: { reference: 'pi_sim_123', deferred: true } },
      { type: 'final_approval_requested', data: { bookedTotalCents: 4838, finalTotalCents: 9000 } },
      { type: 'settle_conflict', data: { operation: 'no_show', status: 'completed' } },
      { type: 'cancelled', data: { tier: 'free', feeCents: 0 } },
      null,
    ]);
    expect(events.map((e) => e.note)).toEqual([...Array(11).fill(null), 'soon, said the customer']);
    expect(events[1]).toMatchObject({ workerName: 'Wes' });
  });
});
