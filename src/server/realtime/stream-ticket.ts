/**
 * Stream tickets (issue #15, docs/decisions/025-mobile-apps-reach-the-api.md;
 * src/domain/stream-ticket-contract.ts): `POST /api/events/ticket` gives a signed-in caller a
 * ticket naming their session, valid STREAM_TICKET_SECONDS; `GET /api/events?ticket=` with a
 * valid one is served as that session's user even without the session cookie (an app's WebView
 * that blocks third-party cookies). Stateless: `<session id>.<expiry, Unix s>.<HMAC-SHA256 of
 * both under BETTER_AUTH_SECRET>`, so any app process checks it; the session must still exist
 * and not be expired when the stream opens. A bad, forged or expired ticket changes nothing (the
 * stream answers 401 as without a session, and the client asks for a new ticket).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { and, eq, gt } from 'drizzle-orm';
import { STREAM_TICKET_SECONDS, streamTicketSchema } from '../../domain/stream-ticket-contract';
import { requireUser } from '../auth/session';
import { session, user } from '../db/schema';
import type { AppEnv } from '../lib/app-env';
import { unauthenticated } from '../lib/errors';
import { apiRouter, defineRoute, errorResponses, jsonContent } from '../lib/openapi';

const macOf = (secret: string, sessionId: string, expires: number) => createHmac('sha256', secret).update(`stream-ticket:${sessionId}.${expires}`).digest('base64url');

/** A ticket for `sessionId`, valid until `now` + STREAM_TICKET_SECONDS. */
export function issueStreamTicket(secret: string, sessionId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + STREAM_TICKET_SECONDS;
  return `${sessionId}.${expires}.${macOf(secret, sessionId, expires)}`;
}

/** The session id a ticket names, or null when it is malformed, forged or expired at `now`. */
export function sessionIdOfTicket(secret: string, ticket: string, now: Date): string | null {
  const [sessionId, expiresText, mac, ...rest] = ticket.split('.');
  if (!sessionId || !expiresText || !mac || rest.length > 0 || !/^\d{1,12}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  if (expires <= Math.floor(now.getTime() / 1000)) return null;
  const expected = Buffer.from(macOf(secret, sessionId, expires));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
}

/**
 * For `GET /api/events` after the session middleware: a caller without a session cookie but with
 * a valid `ticket` becomes that session's user (the session still live).
 */
export function streamTicketSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ticket = c.req.query('ticket');
    if (!c.var.user && ticket && c.req.method === 'GET') {
      const { db, config, now } = c.var.deps;
      const sessionId = sessionIdOfTicket(config.authSecret, ticket, now());
      if (sessionId) {
        const [row] = await db
          .select({ id: user.id, email: user.email, name: user.name, expiresAt: session.expiresAt })
          .from(session)
          .innerJoin(user, eq(user.id, session.userId))
          .where(and(eq(session.id, sessionId), gt(session.expiresAt, now())))
          .limit(1);
        if (row) {
          c.set('user', { id: row.id, email: row.email, name: row.name });
          c.set('sessionExpiresAt', row.expiresAt);
        }
      }
    }
    await next();
  };
}

const ticketRoute = defineRoute({
  method: 'post',
  path: '/',
  access: 'signed_in',
  tags: ['Live updates'],
  summary: 'A short-lived ticket that opens the live stream without the session cookie (mobile apps)',
  description: `For the mobile apps, whose WebView may not send the session cookie to the API's origin: \`GET /api/events?ticket=<ticket>\` within ${STREAM_TICKET_SECONDS} s opens the caller's stream as if the cookie were sent. Ask for a new ticket for each new stream.`,
  responses: { 200: jsonContent(streamTicketSchema, 'The ticket'), ...errorResponses(401) },
});

/** `POST /api/events/ticket` (mounted at /api/events/ticket). */
export const streamTicketRoutes = apiRouter().openapi(ticketRoute, async (c) => {
  requireUser(c);
  const { auth, config, now } = c.var.deps;
  const current = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
  if (!current) throw unauthenticated();
  return c.json({ ticket: issueStreamTicket(config.authSecret, current.session.id, now()), expiresInSeconds: STREAM_TICKET_SECONDS }, 200);
});
