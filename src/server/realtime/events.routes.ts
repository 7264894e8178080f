/**
 * `GET /api/events`: the live stream of booking changes, as Server-Sent Events (docs/api.md,
 * "Scheduling and dispatch"). Signed-in callers, and signed-out chat guests (guest-chat-stream.ts:
 * their conversation's `chat_message`, `chat_typing` and `chat_receipt` events only); 401 otherwise. Each change the caller may
 * see (booking-visibility.ts: admins all, workers their jobs, customers their bookings) arrives as
 *
 *     event: booking
 *     data: {"bookingId":"…","type":"assigned","status":"confirmed"}
 *
 * Each new error log entry (issue #11, error-log-events.ts) arrives to admins as `event: error_log`
 * with `{"id","severity","error_type","error_message"}`, and to every other signed-in user as
 * `event: error_count` with `{"severity"}` only (docs/decisions/015-error-log-access.md). (Not
 * `event: error`: EventSource reports its own connection failures under that name.)
 *
 * Each new chat message (issue #13, chat-events.ts) arrives to the conversation's participants
 * (its customer, the job's assigned worker, admins; internal notes to admins only) as
 * `event: chat_message` with `id: <seq>` and `{"conversationId","messageId","seq"}`. A stream
 * opened with a `Last-Event-ID` header (the browser's EventSource sends the last id it saw when it
 * reconnects) first replays the chat messages after that seq, up to REPLAY_LIMIT. Typing
 * (`event: chat_typing`) and the other side's read marks (`event: chat_receipt`) arrive live to
 * the same participants (chat-events.ts `chatActivityEventFor`), without an id and never replayed.
 *
 * A `: keep-alive` comment every 25 s keeps proxies from closing an idle stream. The stream ends
 * when the client goes away, when the server shuts down (the hub closes), or when the client
 * stops reading and too many events pile up (the browser's EventSource then reconnects). The
 * data is a nudge, not the booking: clients refetch what they show. The stream itself (replay,
 * keep-alive, back-pressure) is event-stream.ts, shared with the guest stream.
 */
import { z } from 'zod';
import { bookingChangeSchema, type BookingChange } from '../../domain/bookings-contract';
import { errorCountNudgeSchema, errorLogNoticeSchema } from '../../domain/errors-contract';
import { chatMessageNoticeSchema, chatReceiptNoticeSchema, chatTypingNoticeSchema } from '../../domain/chats-contract';
import { roleOf } from '../auth/roles';
import { requireUser } from '../auth/session';
import { apiRouter, defineRoute, errorResponses } from '../lib/openapi';
import { canSeeBookingChange } from './booking-visibility';
import { errorEventFor } from './error-log-events';
import { canSeeChatNotice, chatActivityEventFor } from './chat-events';
import { missedChatNotices } from '../modules/chats/chats.service';
import { guestChatStream } from './guest-chat-stream';
import { lastEventIdOf, openEventStream } from './event-stream';

/** Interval of the keep-alive comment, ms. */
export const KEEP_ALIVE_MS = 25_000;
/** Writes a client may leave unread before its stream is dropped. */
const MAX_PENDING_WRITES = 256;
/** What the browser's EventSource waits before reconnecting, ms (sent as `retry:`). */
const RECONNECT_MS = 3_000;

export interface EventsRouteOptions {
  /** Tests only: a shorter keep-alive interval, ms. */
  keepAliveMs?: number;
}

const eventsRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'chat_participant',
  tags: ['Live updates'],
  summary: 'The live stream of booking changes (Server-Sent Events)',
  description:
    'Each change the caller may see (admins all, workers their jobs, customers their bookings) arrives as `event: booking` with a `BookingChange` as `data`; a `: keep-alive` comment every 25 s. The data is a nudge to refetch, not the booking. Each new error log entry arrives to admins as `event: error_log` (`ErrorLogNotice`) and to other signed-in users as `event: error_count` (`ErrorCountNudge`, the severity only). Each new chat message of the caller\'s conversations (internal notes: admins only) arrives as `event: chat_message` with `id: <seq>` and a `ChatMessageNotice`; with a `Last-Event-ID` header the stream first replays the chat messages after that seq. Someone else typing in one of the caller\'s conversations arrives as `event: chat_typing` (`ChatTypingNotice`; never for internal notes), and the other side\'s read marks moving as `event: chat_receipt` (`ChatReceiptNotice`); neither has an id or is replayed. A signed-out visitor holding a `chat_guest` cookie that names their conversation gets that conversation\'s `chat_message` (with the same replay), `chat_typing` and `chat_receipt` events only; without a session or such a cookie: 401.',
  responses: {
    200: { description: 'An open event stream', content: { 'text/event-stream': { schema: z.union([bookingChangeSchema, errorLogNoticeSchema, errorCountNudgeSchema, chatMessageNoticeSchema, chatTypingNoticeSchema, chatReceiptNoticeSchema]) } } },
    ...errorResponses(401),
  },
});

export function eventsRoutes(options: EventsRouteOptions = {}) {
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  return apiRouter().openapi(eventsRoute, async (c) => {
    const streamOptions = { keepAliveMs, reconnectMs: RECONNECT_MS, maxPendingWrites: MAX_PENDING_WRITES, lastEventId: lastEventIdOf(c.req.header('last-event-id')) };
    // a signed-out chat guest: their conversation's messages only (guest-chat-stream.ts)
    if (!c.var.user) return guestChatStream(c, streamOptions);
    const user = requireUser(c);
    const { db, bookingEvents } = c.var.deps;
    const viewer = { userId: user.id, role: await roleOf(db, user.id) };
    return openEventStream(c, streamOptions, {
      carriesChat: (notice) => canSeeChatNotice(viewer, notice),
      missedChats: (afterSeq) => missedChatNotices(db, viewer, afterSeq),
      subscribe: (emit) => [
        bookingEvents.subscribe((change) => {
          if (!canSeeBookingChange(viewer, change)) return;
          const message: BookingChange = { bookingId: change.bookingId, type: change.type, status: change.status };
          emit('booking', message);
        }),
        bookingEvents.subscribeErrors((notice) => {
          const { event, data } = errorEventFor(viewer.role, notice);
          emit(event, data);
        }),
        // Typing and read receipts (issue #13): live only, no id, never replayed.
        bookingEvents.subscribeChatActivity((activity) => {
          const chatEvent = chatActivityEventFor(viewer, activity);
          if (chatEvent) emit(chatEvent.event, chatEvent.data);
        }),
      ],
    });
  });
}
