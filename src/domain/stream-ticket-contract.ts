/**
 * `POST /api/events/ticket` (issue #15, docs/decisions/025-mobile-apps-reach-the-api.md): a
 * short-lived ticket that opens the live-updates stream (`GET /api/events?ticket=`) for the
 * caller's session without the session cookie. The apps' WebViews may not send the cookie on
 * their own cross-site requests (iOS blocks third-party cookies), and Capacitor's native HTTP,
 * which carries it, cannot stream; the ticket is fetched through native HTTP instead.
 */
import { z } from 'zod';

/** How long a ticket opens a stream, seconds. A stream opened with it stays open past that. */
export const STREAM_TICKET_SECONDS = 60;

export const streamTicketSchema = z
  .object({
    /** Opaque; put it in the `ticket` query parameter of `GET /api/events`. */
    ticket: z.string(),
    /** Seconds it stays usable. */
    expiresInSeconds: z.number().int().positive(),
  })
  .meta({ id: 'StreamTicket' });
export type StreamTicket = z.infer<typeof streamTicketSchema>;
