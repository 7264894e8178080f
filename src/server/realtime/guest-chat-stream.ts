/**
 * The live stream of a signed-out chat guest (issue #13): `GET /api/events` without a session but
 * with a `chat_guest` cookie that names a conversation (chat-guests.service.ts). It carries only
 * that conversation's messages (`event: chat_message`, `id: <seq>`, internal notes never) — no
 * booking, error or other chat events. A `Last-Event-ID` replays the conversation's messages after
 * that seq first. The team's typing (`event: chat_typing`) and read receipts (`event: chat_receipt`)
 * in that conversation arrive live too. The cookie is checked when the stream opens; a conversation that joins an account
 * meanwhile keeps its open stream until the browser reconnects (then the session serves it).
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ChatMessageNotice } from '../../domain/chats-contract';
import { unauthenticated } from '../lib/errors';
import type { AppEnv } from '../lib/app-env';
import { chatGuestTokenHash } from '../lib/chat-guest-cookie';
import { guestConversationOf, missedGuestChatNotices } from '../modules/chats/chat-guests.service';
import { chatActivityEventForGuest } from './chat-events';

export interface GuestStreamOptions {
  /** Interval of the keep-alive comment, ms. */
  keepAliveMs: number;
  /** What the browser's EventSource waits before reconnecting, ms. */
  reconnectMs: number;
  /** Writes a client may leave unread before its stream is dropped. */
  maxPendingWrites: number;
  /** The request's Last-Event-ID as a chat seq, or null. */
  lastEventId: number | null;
}

/**
 * Answers the guest's event stream.
 * @throws AppError 401 unauthenticated when the `chat_guest` cookie names no guest conversation
 */
export async function guestChatStream(c: Context<AppEnv>, options: GuestStreamOptions): Promise<Response> {
  const { db, bookingEvents } = c.var.deps;
  const conversation = await guestConversationOf(db, chatGuestTokenHash(c));
  if (!conversation) throw unauthenticated();
  c.header('X-Accel-Buffering', 'no');
  const disconnected = c.req.raw.signal;

  return streamSSE(c, async (stream) => {
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let pending = 0;
    const send = (write: () => Promise<unknown>) => {
      if (stream.aborted || stream.closed) return;
      if (pending >= options.maxPendingWrites) {
        stream.abort();
        finish();
        return;
      }
      pending++;
      void write().finally(() => {
        pending--;
      });
    };
    // as in events.routes.ts: live notices wait while the missed ones are replayed
    let held: ChatMessageNotice[] | null = options.lastEventId === null ? null : [];
    const replayed = new Set<number>();
    const sendChat = (notice: ChatMessageNotice) => {
      if (replayed.has(notice.seq)) return;
      const data = JSON.stringify({ conversationId: notice.conversationId, messageId: notice.messageId, seq: notice.seq });
      send(() => stream.writeSSE({ event: 'chat_message', id: String(notice.seq), data }));
    };
    const unsubscribe = bookingEvents.subscribeChat((notice) => {
      if (notice.conversationId !== conversation.id || notice.internal) return;
      if (held) held.push(notice);
      else sendChat(notice);
    });
    // the team's typing and read receipts in this conversation (issue #13, chat-events.ts)
    const unsubscribeActivity = bookingEvents.subscribeChatActivity((activity) => {
      const chatEvent = chatActivityEventForGuest(conversation.id, activity);
      if (chatEvent) send(() => stream.writeSSE({ event: chatEvent.event, data: JSON.stringify(chatEvent.data) }));
    });
    const stopOnHubClose = bookingEvents.onClose(finish);
    const keepAlive = setInterval(() => send(() => stream.write(': keep-alive\n\n')), options.keepAliveMs);
    stream.onAbort(finish);
    disconnected.addEventListener('abort', finish);
    if (disconnected.aborted) finish();
    try {
      await stream.write(`: connected\nretry: ${options.reconnectMs}\n\n`);
      if (held) {
        for (const notice of await missedGuestChatNotices(db, conversation.id, options.lastEventId!)) {
          sendChat(notice);
          replayed.add(notice.seq);
        }
        const live = held;
        held = null;
        for (const notice of live) sendChat(notice);
      }
      await finished;
    } finally {
      clearInterval(keepAlive);
      unsubscribe();
      unsubscribeActivity();
      stopOnHubClose();
      disconnected.removeEventListener('abort', finish);
    }
  });
}
