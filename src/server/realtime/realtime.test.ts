import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, userRoles } from '../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';
import type { BookingChange } from './booking-event-hub';
import { openEventStream, recordEvent, seedBooking, waitFor } from './testing/booking-fixtures';

/** The next change the hub delivers for `bookingId`, or a timeout error after `ms`. */
function nextChange(t: TestApp, bookingId: (change: BookingChange) => boolean, ms: number) {
  return new Promise<BookingChange>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no notification within ${ms} ms`));
    }, ms);
    const unsubscribe = t.deps.bookingEvents.subscribe((change) => {
      if (!bookingId(change)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(change);
    });
  });
}

describe(`realtime: booking_events NOTIFY and GET /api/events (${databaseKind})`, () => {
  let t: TestApp;
  let server: ServerType;
  let origin: string;
  let admin: { cookie: string; userId: string };
  let worker: { cookie: string; userId: string };
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, worker, alice, bob] = [await t.signUp(), await t.signUp(), await t.signUp(), await t.signUp()];
    await t.deps.db.insert(userRoles).values([
      { userId: admin.userId, role: 'admin' },
      { userId: worker.userId, role: 'worker' },
    ]);
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // The hub closes first (ending open streams), so the HTTP server can then close.
    await t?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('announces an inserted booking event within a second, with the booking as it stands', async () => {
    const started = Date.now();
    const pending = nextChange(t, () => true, 1000);
    const booking = await seedBooking(t.deps.db, alice.userId);
    const change = await pending;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(change).toEqual({ eventId: expect.stringMatching(/^[0-9a-f-]{36}$/), bookingId: booking.id, type: 'created', status: 'pending', customerId: alice.userId, workerId: null, scheduledStart: booking.scheduledStart });

    const assigned = nextChange(t, (c) => c.bookingId === booking.id, 1000);
    await recordEvent(t.deps.db, booking, 'assigned', { status: 'confirmed', workerId: worker.userId });
    expect(await assigned).toEqual({ eventId: expect.stringMatching(/^[0-9a-f-]{36}$/), bookingId: booking.id, type: 'assigned', status: 'confirmed', customerId: alice.userId, workerId: worker.userId, scheduledStart: booking.scheduledStart });

    // A reschedule's notice carries the new start: every process's read caches drop that date's day
    // plan from it, without reading the booking back (migration 0028).
    const movedTo = new Date(booking.scheduledStart.getTime() + 26 * 3_600_000);
    const rescheduled = nextChange(t, (c) => c.bookingId === booking.id, 1000);
    await recordEvent(t.deps.db, booking, 'rescheduled', { scheduledStart: movedTo, scheduledEnd: new Date(movedTo.getTime() + 3_600_000) });
    expect(await rescheduled).toMatchObject({ type: 'rescheduled', status: 'confirmed', scheduledStart: movedTo });
  });

  it('announces nothing from a rolled-back transaction', async () => {
    const heard: BookingChange[] = [];
    const unsubscribe = t.deps.bookingEvents.subscribe((change) => heard.push(change));
    const booking = await seedBooking(t.deps.db, alice.userId);
    await t.deps.db
      .transaction(async (tx) => {
        await tx.insert(bookingEvents).values({ bookingId: booking.id, type: 'note' });
        throw new Error('roll back');
      })
      .catch(() => {});
    // A committed event after it arrives; the rolled-back one never does.
    const committed = nextChange(t, (c) => c.bookingId === booking.id && c.type === 'after', 1000);
    await t.deps.db.insert(bookingEvents).values({ bookingId: booking.id, type: 'after' });
    await committed;
    unsubscribe();
    // Notifications arrive in commit order.
    expect(heard.filter((c) => c.bookingId === booking.id).map((c) => c.type)).toEqual(['created', 'after']);
  });

  it('refuses the stream to a signed-out caller (401)', async () => {
    const response = await fetch(`${origin}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('streams a booking change to the admin and the owning customer, not to another customer', async () => {
    const streams = {
      admin: await openEventStream(origin, admin.cookie),
      alice: await openEventStream(origin, alice.cookie),
      bob: await openEventStream(origin, bob.cookie),
      worker: await openEventStream(origin, worker.cookie),
    };
    try {
      expect(streams.alice.status).toBe(200);
      expect(streams.alice.contentType).toContain('text/event-stream');
      await Promise.all(Object.values(streams).map((s) => s.opened));

      const aliceBooking = await seedBooking(t.deps.db, alice.userId);
      for (const stream of [streams.admin, streams.alice]) {
        const event = await stream.next(1000);
        expect(event.event).toBe('booking');
        expect(JSON.parse(event.data)).toEqual({ bookingId: aliceBooking.id, type: 'created', status: 'pending' });
      }

      // Bob's own booking is the first thing Bob hears: Alice's never reached him.
      const bobBooking = await seedBooking(t.deps.db, bob.userId);
      expect(JSON.parse((await streams.bob.next(1000)).data)).toEqual({ bookingId: bobBooking.id, type: 'created', status: 'pending' });
      expect(JSON.parse((await streams.admin.next(1000)).data)).toMatchObject({ bookingId: bobBooking.id });

      // The worker hears a job once it is theirs, and nothing before.
      await recordEvent(t.deps.db, aliceBooking, 'assigned', { status: 'confirmed', workerId: worker.userId });
      expect(JSON.parse((await streams.worker.next(1000)).data)).toEqual({ bookingId: aliceBooking.id, type: 'assigned', status: 'confirmed' });
      expect(JSON.parse((await streams.alice.next(1000)).data)).toEqual({ bookingId: aliceBooking.id, type: 'assigned', status: 'confirmed' });
      expect(streams.worker.events).toHaveLength(1);
      expect(streams.bob.events).toHaveLength(1);
    } finally {
      await Promise.all(Object.values(streams).map((s) => s.close()));
    }
  });

  it('drops the subscription when the client disconnects', async () => {
    // Only the notifier and the capacity caches (issue #16) listen once the streams of the test before are gone.
    const SERVER_SUBSCRIBERS = 2;
    await waitFor(() => t.deps.bookingEvents.subscriberCount === SERVER_SUBSCRIBERS, 3000, 'earlier streams to unsubscribe');
    const stream = await openEventStream(origin, alice.cookie);
    await stream.opened;
    expect(t.deps.bookingEvents.subscriberCount).toBe(SERVER_SUBSCRIBERS + 1);
    await stream.close();
    await waitFor(() => t.deps.bookingEvents.subscriberCount === SERVER_SUBSCRIBERS, 3000, 'the stream to unsubscribe');
  });

  it.runIf(databaseKind === 'postgres')('reconnects its LISTEN connection after losing it', async () => {
    const terminated = await t.deps.db.execute(
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and application_name = 'handyman-realtime'`,
    );
    expect((terminated as unknown as { rows: unknown[] }).rows.length).toBe(1);
    // Reconnects after 500 ms; keep writing events until one is heard again.
    const booking = await seedBooking(t.deps.db, alice.userId);
    await waitFor(
      async () => {
        const heard = nextChange(t, (c) => c.bookingId === booking.id && c.type === 'ping', 300).then(
          () => true,
          () => false,
        );
        await t.deps.db.insert(bookingEvents).values({ bookingId: booking.id, type: 'ping' });
        return heard;
      },
      10_000,
      'notifications after the reconnect',
    );
  });
});
