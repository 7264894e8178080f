/**
 * The error log live (issue #11; spec section 4: counts grow by live insert events): a new entry
 * is NOTIFYed by the error_logs trigger, heard by the realtime hub and sent on `GET /api/events`
 * to admins as `error_log` (id, severity, type, message) and to other signed-in users as
 * `error_count` (the severity only), next to the booking events. Both databases.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorLogNotice } from '../../../domain/errors-contract';
import { openEventStream, seedBooking, waitFor } from '../../realtime/testing/booking-fixtures';
import { databaseKind } from '../../test/test-app';
import { errorLogFixture, logged, type ErrorLogFixture } from './testing/error-fixtures';

describe(`the error log live (${databaseKind})`, () => {
  let f: ErrorLogFixture;
  let server: ServerType;
  let origin: string;
  beforeAll(async () => {
    f = await errorLogFixture();
    server = serve({ fetch: f.t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await f?.t.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('hears every committed entry on the hub within a second, and nothing from a rolled-back one', async () => {
    const heard: ErrorLogNotice[] = [];
    const unsubscribe = f.t.deps.bookingEvents.subscribeErrors((notice) => heard.push(notice));
    await f.t.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`select log_error(null, 'never committed', 'X', null, null, null, null, null, null)`);
        throw new Error('roll back');
      })
      .catch(() => {});
    const started = Date.now();
    const entry = await logged(f.t, { error_message: 'Heard', error_type: 'TypeError', severity: 'warning' });
    while (heard.length === 0 && Date.now() - started < 1000) await new Promise((resolve) => setTimeout(resolve, 10));
    unsubscribe();
    expect(heard).toEqual([{ id: entry.id, severity: 'warning', error_type: 'TypeError', error_message: 'Heard' }]);
  });

  it('sends admins the entry and other signed-in users only a count nudge, beside the booking events', async () => {
    const admin = await openEventStream(origin, f.admin.cookie);
    const alice = await openEventStream(origin, f.alice.cookie);
    try {
      await Promise.all([admin.opened, alice.opened]);
      const started = Date.now();
      const { id } = await logged(f.t, { error_message: 'Payment step crashed for 4242424242424242', error_type: 'TypeError', severity: 'critical' });

      const forAdmin = await admin.next(2000);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(forAdmin.event).toBe('error_log');
      expect(JSON.parse(forAdmin.data)).toEqual({ id, severity: 'critical', error_type: 'TypeError', error_message: 'Payment step crashed for [card]' });

      const forAlice = await alice.next(2000);
      expect(forAlice).toEqual({ event: 'error_count', data: JSON.stringify({ severity: 'critical' }) });

      // booking events still arrive on the same streams
      const booking = await seedBooking(f.t.deps.db, f.alice.userId);
      expect(JSON.parse((await alice.next(2000)).data)).toEqual({ bookingId: booking.id, type: 'created', status: 'pending' });
      expect((await admin.next(2000)).event).toBe('booking');
    } finally {
      await Promise.all([admin.close(), alice.close()]);
    }
  });

  it('drops the error subscription with the stream', async () => {
    const hub = f.t.deps.bookingEvents;
    // the streams of the test before are gone first
    await waitFor(() => hub.errorSubscriberCount === 0, 3000, 'earlier streams to unsubscribe');
    const stream = await openEventStream(origin, f.bob.cookie);
    await stream.opened;
    expect(hub.errorSubscriberCount).toBe(1);
    await stream.close();
    await waitFor(() => hub.errorSubscriberCount === 0, 3000, 'the stream to unsubscribe');
  });
});
