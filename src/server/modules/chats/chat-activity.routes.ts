/**
 * `POST /api/chats/{id}/typing` (issue #13): "I am typing" from a participant of the
 * conversation (its customer or guest, the job's assigned worker while the job is active, an admin;
 * anyone else 404, as for sending). Stores nothing: after the access check one `pg_notify` reaches
 * the other participants as `event: chat_typing` on GET /api/events, at most one per caller and
 * conversation every 2 s (more are answered 204 and dropped). The route takes no body: an admin
 * writing an internal note never announces typing (the web does not call it then). Read receipts
 * are announced by the read and send routes themselves (chat-activity.service.ts).
 */
import { apiRouter, defineRoute, errorResponses, idParams } from '../../lib/openapi';
import { announceTyping } from './chat-activity.service';
import { participantOf } from './chat-participant';
import { openConversation } from './chats.service';

const typingRoute = defineRoute({
  method: 'post',
  path: '/chats/{id}/typing',
  access: 'chat_participant',
  tags: ['Chats'],
  summary: 'Tell the other participants that the caller is typing',
  description:
    "No body. The conversation's customer (or the guest holding its `chat_guest` cookie), the job's assigned worker while the job is active, and admins (404 for anyone else). Nothing is stored: the other participants (never the caller) get `event: chat_typing` (`ChatTypingNotice`) on GET /api/events. At most one notice per caller and conversation every 2 s; more are answered 204 and dropped. Never sent for an internal note.",
  request: { params: idParams },
  responses: { 204: { description: 'Announced (or dropped as too soon after the last one)' }, ...errorResponses(401, 404) },
});

export const chatActivityRoutes = apiRouter().openapi(typingRoute, async (c) => {
  const participant = await participantOf(c);
  const { db, now } = c.var.deps;
  const conversation = await openConversation(db, participant, c.req.valid('param').id);
  const typist =
    participant.userId === null
      ? { userId: null, role: 'guest' as const, name: null }
      : { userId: participant.userId, role: conversation.as, name: c.var.user?.name || null };
  await announceTyping(db, conversation, typist, participant.userId ?? `guest:${participant.guestTokenHash}`, now());
  return c.body(null, 204);
});
