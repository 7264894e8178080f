/**
 * The live stream of a signed-out chat guest (issue #13): `GET /api/events` without a session but
 * with a `chat_guest` cookie that names a conversation (chat-guests.service.ts). It carries only
 * that conversation's messages (`event: chat_message`, `id: <seq>`, internal notes never) — no
 * booking, error or other chat events. A `Last-Event-ID` replays the conversation's messages after
 * that seq first. The team's typing (`event: chat_typing`) and read receipts (`event: chat_receipt`)
 * in that conversation arrive live too. The stream itself is event-stream.ts. The cookie is
 * checked when the stream opens; a conversation that joins an account meanwhile keeps its open
 * stream until the browser reconnects (then the session serves it).
 */
import type { Context } from 'hono';
import { unauthenticated } from '../lib/errors';
import type { AppEnv } from '../lib/app-env';
import { chatGuestTokenHash } from '../lib/chat-guest-cookie';
import { guestConversationOf, missedGuestChatNotices } from '../modules/chats/chat-guests.service';
import { chatActivityEventForGuest } from './chat-events';
import { openEventStream, type EventStreamOptions } from './event-stream';

/**
 * Answers the guest's event stream.
 * @throws AppError 401 unauthenticated when the `chat_guest` cookie names no guest conversation
 */
export async function guestChatStream(c: Context<AppEnv>, options: EventStreamOptions): Promise<Response> {
  const { db, bookingEvents } = c.var.deps;
  const conversation = await guestConversationOf(db, chatGuestTokenHash(c));
  if (!conversation) throw unauthenticated();
  return openEventStream(c, options, {
    carriesChat: (notice) => notice.conversationId === conversation.id && !notice.internal,
    missedChats: (afterSeq) => missedGuestChatNotices(db, conversation.id, afterSeq),
    // the team's typing and read receipts in this conversation (issue #13, chat-events.ts)
    subscribe: (emit) => [
      bookingEvents.subscribeChatActivity((activity) => {
        const chatEvent = chatActivityEventForGuest(conversation.id, activity);
        if (chatEvent) emit(chatEvent.event, chatEvent.data);
      }),
    ],
  });
}
