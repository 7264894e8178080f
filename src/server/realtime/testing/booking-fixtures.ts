/**
 * Test fixtures for the realtime and notification tests: bookings written directly with Drizzle,
 * as the booking flow would (the booking and its first event in one transaction, so the
 * booking_events trigger fires on commit), and an SSE reader over a real HTTP connection.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BookingOptions } from '../../../domain/booking-options';
import type { BookingStatus } from '../../../domain/booking-status';
import type { Database } from '../../db/client';
import { bookingEvents, bookings, payments } from '../../db/schema';

export type BookingRow = typeof bookings.$inferSelect;

/** Sunday 2026-11-22 10:00 in Tampa (EST). */
export const FIXTURE_START = new Date('2026-11-22T15:00:00Z');

/** A pending TV installation of `customerId` and its `created` event, in one transaction. */
export async function seedBooking(db: Database, customerId: string, extra: Partial<typeof bookings.$inferInsert> = {}): Promise<BookingRow> {
  const start = extra.scheduledStart ?? FIXTURE_START;
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .insert(bookings)
      .values({
        reference: `TB-${randomBytes(3).toString('hex').toUpperCase()}`,
        customerId,
        serviceSlug: 'tv-installation',
        options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true } as BookingOptions,
        street: '100 N Tampa St',
        unit: 'Apt 4',
        city: 'Tampa',
        state: 'FL',
        zip: '33602',
        contactPhone: '+18135550123',
        scheduledStart: start,
        scheduledEnd: new Date(start.getTime() + 60 * 60_000),
        lineItems: [{ code: 'tv_installation', unit: 'job', quantity: 1, unitPriceCents: 4500, amountCents: 4500, taxCents: 338 }],
        subtotalCents: 4500,
        taxRateBps: 750,
        taxCents: 338,
        totalCents: 4838,
        idempotencyKey: randomUUID(),
        requestHash: 'seeded',
        ...extra,
      })
      .returning();
    await tx.insert(payments).values({ bookingId: booking!.id, gateway: 'simulated', status: 'authorized', amountHeldCents: 4838, cardBrand: 'visa', cardLast4: '4242' });
    await tx.insert(bookingEvents).values({ bookingId: booking!.id, type: 'created', toStatus: 'pending', actorUserId: customerId, actorRole: 'user', amountCents: 4838 });
    return booking!;
  });
}

/** Moves a booking and writes its event in one transaction (what moveBooking does). */
export async function recordEvent(db: Database, booking: Pick<BookingRow, 'id'>, type: string, changes: Partial<typeof bookings.$inferInsert> & { status?: BookingStatus } = {}) {
  await db.transaction(async (tx) => {
    if (Object.keys(changes).length) await tx.update(bookings).set(changes).where(eq(bookings.id, booking.id));
    await tx.insert(bookingEvents).values({ bookingId: booking.id, type, toStatus: changes.status ?? null });
  });
}

export interface SseEvent {
  event: string;
  data: string;
  /** The event's `id:` line, when it has one (chat messages: their seq). */
  id?: string;
}

/**
 * Opens GET /api/events over HTTP and reads it. `opened` resolves once the server's first bytes
 * arrived (the subscription exists by then); `next()` waits for the next `booking` event.
 */
export async function openEventStream(origin: string, cookie: string | null, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/events`, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) }, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let firstBytes: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    firstBytes = resolve;
  });

  const pump = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        firstBytes();
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            else if (line.startsWith('id:')) id = line.slice(3).trim();
          }
          if (data.length) {
            events.push(id === undefined ? { event, data: data.join('\n') } : { event, data: data.join('\n'), id });
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();

  let read = 0;
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    opened,
    events,
    comments,
    /** The next event not yet returned. @throws after `timeoutMs` */
    async next(timeoutMs = 2000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      while (read >= events.length) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no SSE event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events[read++]!;
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

/** Polls `check` until it returns a value other than undefined/false. @throws after `timeoutMs` */
export async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
