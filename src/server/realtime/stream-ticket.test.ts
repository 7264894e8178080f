/**
 * Stream tickets (issue #15, docs/decisions/025): an app whose WebView withholds the session
 * cookie from the API's origin opens its live stream with a ticket from `POST /api/events/ticket`.
 * Over a real HTTP server, as a WebView's EventSource would call it.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_TICKET_SECONDS } from '../../domain/stream-ticket-contract';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';
import { seedBooking } from './testing/booking-fixtures';

const APP_ORIGIN = 'capacitor://localhost';

describe(`stream tickets (${databaseKind})`, () => {
  let t: TestApp;
  let server: ServerType;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { MOBILE_APP_ORIGINS: 'true' } });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  /** POST /api/events/ticket from the app's origin (through native HTTP, so with the cookie). */
  async function ticketFor(cookie?: string) {
    const response = await fetch(`${origin}/api/events/ticket`, { method: 'POST', headers: { Origin: APP_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) } });
    return { status: response.status, body: (await response.json()) as { ticket: string; expiresInSeconds: number; code?: string }, cors: response.headers.get('access-control-allow-origin') };
  }

  /** Opens GET /api/events?ticket= without any cookie; reads until `want` appears in the stream or it ends. */
  async function streamWithTicket(ticket: string, want?: string) {
    const controller = new AbortController();
    const response = await fetch(`${origin}/api/events?ticket=${encodeURIComponent(ticket)}`, { headers: { Origin: APP_ORIGIN }, signal: controller.signal });
    let text = '';
    if (response.ok && want) {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const deadline = setTimeout(() => controller.abort(), 3000);
      try {
        while (!text.includes(want)) {
          const { done, value } = await reader.read();
          if (done) break;
          text += value;
        }
      } catch {
        // aborted at the deadline
      } finally {
        clearTimeout(deadline);
      }
    }
    controller.abort();
    return { status: response.status, contentType: response.headers.get('content-type'), cors: response.headers.get('access-control-allow-origin'), text };
  }

  it("opens the customer's own stream without the cookie, and their booking changes arrive on it", async () => {
    const customer = await t.signUp();
    const issued = await ticketFor(customer.cookie);
    expect(issued.status).toBe(200);
    expect(issued.cors).toBe(APP_ORIGIN);
    expect(issued.body.expiresInSeconds).toBe(STREAM_TICKET_SECONDS);

    const opened = streamWithTicket(issued.body.ticket, 'event: booking');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const booking = await seedBooking(t.deps.db, customer.userId);
    const stream = await opened;
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect(stream.cors).toBe(APP_ORIGIN);
    expect(stream.text).toContain(booking.id);
  });

  it('gives no ticket to a signed-out caller', async () => {
    const issued = await ticketFor();
    expect(issued.status).toBe(401);
    expect(issued.body.code).toBe('unauthenticated');
  });

  it('refuses a forged, altered or expired ticket, and one whose session ended', async () => {
    const customer = await t.signUp();
    const { ticket } = (await ticketFor(customer.cookie)).body;
    const [sessionId, expires, mac] = ticket.split('.');
    expect((await streamWithTicket(`${sessionId}.${Number(expires) + 3600}.${mac}`)).status).toBe(401);
    expect((await streamWithTicket(`${sessionId}.${expires}.${'A'.repeat(mac!.length)}`)).status).toBe(401);
    expect((await streamWithTicket('not-a-ticket')).status).toBe(401);

    t.setNow(new Date(Date.now() + (STREAM_TICKET_SECONDS + 5) * 1000));
    try {
      expect((await streamWithTicket(ticket)).status).toBe(401);
    } finally {
      t.setNow(new Date());
    }

    const fresh = (await ticketFor(customer.cookie)).body.ticket;
    const out = await fetch(`${origin}/api/auth/sign-out`, { method: 'POST', headers: { Origin: APP_ORIGIN, Cookie: customer.cookie, 'Content-Type': 'application/json' }, body: '{}' });
    expect(out.status).toBe(200);
    expect((await streamWithTicket(fresh)).status).toBe(401);
  });
});
