/**
 * The chats' API (issue #13, first server slice), mounted at `/api`:
 *  - `/api/chats` (any signed-in user): start a conversation (optionally about one of their
 *    bookings), list theirs, read and send messages, mark read. The same message routes serve the
 *    job's assigned worker while the job is active and every admin; someone else's conversation
 *    is 404 (chats.service.ts `openConversation`). Admins also read and write internal notes here.
 *    The message and read routes (access `chat_participant`) also admit the signed-out guest whose
 *    `chat_guest` cookie names the conversation (chat-guests.routes.ts starts one); listing and
 *    starting join the caller's guest conversations to their account first (chat-participant.ts).
 *  - `/api/admin/chats` (admins): the inbox with unread counts and waiting minutes, assign,
 *    close, reopen.
 * Sending needs an Idempotency-Key (a retry returns the first message) and is rate limited per
 * user (CHAT_SEND_LIMIT; a guest per conversation). New messages reach the participants live as `event: chat_message` on
 * GET /api/events (src/server/realtime/chat-events.ts). The contract is src/domain/chats-contract.ts.
 */
import type { Context } from 'hono';
import {
  adminChatsQuerySchema,
  assignConversationSchema,
  chatMessageSchema,
  conversationListSchema,
  conversationSchema,
  markReadSchema,
  messageListSchema,
  messagesQuerySchema,
  readMarkSchema,
  sendMessageSchema,
  startConversationSchema,
} from '../../../domain/chats-contract';
import { rateLimited } from '../../auth/rate-limit';
import { roleOf } from '../../auth/roles';
import { requireUser } from '../../auth/session';
import type { AppEnv } from '../../lib/app-env';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { apiRouter, callerOf, defineRoute, errorResponses, idempotencyKeyParameter, idParams, jsonBody, jsonContent } from '../../lib/openapi';
import { attachmentClaimOf, joinGuestChats, participantOf, sendBlockedUntil } from './chat-participant';
import {
  adminInbox,
  assignConversation,
  conversationMessages,
  conversationSummary,
  markRead,
  myConversations,
  openConversation,
  peerReceipts,
  sendMessage,
  setConversationStatus,
  startConversation,
  type ChatViewer,
} from './chats.service';

const TAGS = ['Chats'];
const ADMIN_TAGS = ['Admin: chats'];

const startRoute = defineRoute({
  method: 'post',
  path: '/chats',
  access: 'signed_in',
  tags: TAGS,
  summary: 'Start a conversation with the team, or open the one already open',
  description:
    'With `bookingId` (one of the caller\'s bookings; anyone else\'s is 404 and nothing is made) the conversation carries the booking. An open conversation of the caller on the same booking (or without one) is answered instead of a new one (200).',
  request: { body: jsonBody(startConversationSchema) },
  responses: { 200: jsonContent(conversationSchema, 'The open conversation already there'), 201: jsonContent(conversationSchema, 'Started'), ...errorResponses(400, 401, 404, 415) },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/chats',
  access: 'signed_in',
  tags: TAGS,
  summary: "The caller's conversations (workers: also those of their active jobs), latest activity first",
  description:
    "Joins the caller's guest conversations to their account first: the one this browser's `chat_guest` cookie names, and those whose guest email equals the account's email once that email is verified (POST /api/chats does the same).",
  responses: { 200: jsonContent(conversationListSchema, 'The conversations'), ...errorResponses(401) },
});

const messagesRoute = defineRoute({
  method: 'get',
  path: '/chats/{id}/messages',
  access: 'chat_participant',
  tags: TAGS,
  summary: 'Messages after `after` (a seq), oldest first, at most 500',
  description: "The conversation's customer (or the guest holding its `chat_guest` cookie), the job's assigned worker while the job is active, and admins (404 for anyone else). Internal notes are returned to admins only. Marks the messages delivered to the caller (a guest too). `receipts` are the other side's marks: for the team in a guest conversation, the guest's.",
  request: { params: idParams, query: messagesQuerySchema },
  responses: { 200: jsonContent(messageListSchema, 'The messages'), ...errorResponses(400, 401, 404) },
});

const sendRoute = defineRoute({
  method: 'post',
  path: '/chats/{id}/messages',
  access: 'chat_participant',
  tags: TAGS,
  summary: 'Send a message (admins: or an internal note with `internal: true`)',
  description:
    'Plain text, trimmed, 1-2000 characters. The Idempotency-Key is required: the same key again answers the first message (200, `Idempotent-Replayed: true`) and never adds a second, also when the copies arrive together; the same key with another text is 422. A customer\'s message reopens a closed conversation. An image goes as `attachmentId`: an upload of the sender from POST /api/uploads (anyone else\'s is 422 `attachment_invalid`); the text may then be empty. At most 30 messages per user per minute, for a guest per conversation (429 with Retry-After).',
  // the key is checked in the handler, so that a missing one keeps its own 400 idempotency_key_required
  parameters: [idempotencyKeyParameter(true)],
  request: { params: idParams, body: jsonBody(sendMessageSchema) },
  responses: {
    200: jsonContent(chatMessageSchema, 'The message this Idempotency-Key already sent'),
    201: jsonContent(chatMessageSchema, 'Sent'),
    ...errorResponses(400, 401, 403, 404, 415, 422, 429),
  },
});

const readRoute = defineRoute({
  method: 'post',
  path: '/chats/{id}/read',
  access: 'chat_participant',
  tags: TAGS,
  summary: 'Mark the messages up to `seq` read',
  description: "The mark never goes back, and never past the last message. Answers the mark and what stays unread for the caller. A guest's mark is kept too (on the conversation), and the team sees it as the customer's receipts.",
  request: { params: idParams, body: jsonBody(markReadSchema) },
  responses: { 200: jsonContent(readMarkSchema, 'The read mark'), ...errorResponses(400, 401, 404, 415) },
});

const inboxRoute = defineRoute({
  method: 'get',
  path: '/admin/chats',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'The inbox: open (default), closed, or mine (open and assigned to me)',
  description: 'Each conversation with its customer, booking, assignee, last message (notes included), unread count for the caller, and the whole minutes since the first customer message the team has not answered (null when nothing waits or it is closed).',
  request: { query: adminChatsQuerySchema },
  responses: { 200: jsonContent(conversationListSchema, 'The conversations'), ...errorResponses(400, 401, 403) },
});

const assignRoute = defineRoute({
  method: 'post',
  path: '/admin/chats/{id}/assign',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'Assign the conversation to an admin, or unassign it (`adminId: null`)',
  request: { params: idParams, body: jsonBody(assignConversationSchema) },
  responses: { 200: jsonContent(conversationSchema, 'The conversation'), ...errorResponses(400, 401, 403, 404, 415, 422) },
});

const statusRoute = (action: 'close' | 'reopen') =>
  defineRoute({
    method: 'post',
    path: `/admin/chats/{id}/${action}`,
    access: 'admin',
    tags: ADMIN_TAGS,
    summary: action === 'close' ? 'Close the conversation' : 'Reopen the conversation',
    description: 'Doing it twice changes nothing more.',
    request: { params: idParams },
    responses: { 200: jsonContent(conversationSchema, 'The conversation'), ...errorResponses(401, 403, 404) },
  });
const closeRoute = statusRoute('close');
const reopenRoute = statusRoute('reopen');

/** The signed-in caller with their strongest role. @throws AppError 401 when signed out */
async function viewerOf(c: Context<AppEnv>): Promise<ChatViewer> {
  const user = requireUser(c);
  return { userId: user.id, role: await roleOf(c.var.deps.db, user.id) };
}

const adminViewer = (c: Context<AppEnv>): ChatViewer => ({ userId: callerOf(c).id, role: 'admin' });

// Static paths before `{id}` where they could meet.
export const chatsRoutes = apiRouter()
  .openapi(startRoute, async (c) => {
    const viewer = await viewerOf(c);
    const { bookingId } = c.req.valid('json');
    const { db, now } = c.var.deps;
    await joinGuestChats(c, viewer.userId);
    const { id, created } = await startConversation(db, viewer.userId, bookingId, now());
    return created ? c.json(await conversationSummary(db, viewer, id, now()), 201) : c.json(await conversationSummary(db, viewer, id, now()), 200);
  })
  .openapi(listRoute, async (c) => {
    const viewer = await viewerOf(c);
    await joinGuestChats(c, viewer.userId);
    return c.json({ conversations: await myConversations(c.var.deps.db, viewer, c.var.deps.now()) }, 200);
  })
  .openapi(messagesRoute, async (c) => {
    const viewer = await participantOf(c);
    const conversation = await openConversation(c.var.deps.db, viewer, c.req.valid('param').id);
    const messages = await conversationMessages(c.var.deps.db, viewer, conversation, c.req.valid('query').after);
    return c.json({ messages, receipts: await peerReceipts(c.var.deps.db, conversation) }, 200);
  })
  .openapi(sendRoute, async (c) => {
    const viewer = await participantOf(c);
    const { db, now } = c.var.deps;
    const conversation = await openConversation(db, viewer, c.req.valid('param').id);
    const body = c.req.valid('json');
    const key = idempotencyKeyOf(c, true)!;
    const blockedUntil = await sendBlockedUntil(c, viewer, conversation);
    if (blockedUntil) rateLimited(c, blockedUntil);
    const attachment = body.attachmentId ? attachmentClaimOf(c, viewer, body.attachmentId) : undefined;
    const result = await sendMessage(db, viewer, conversation, { body: body.body ?? '', internal: body.internal ?? false, attachment }, key, now());
    // committed: tell the admins' devices once per wait (issue #15)
    if (result.startedWaiting) c.var.deps.push.notify({ event: 'waiting_chat', conversationId: conversation.id });
    if (result.created) return c.json(result.message, 201);
    c.header('Idempotent-Replayed', 'true');
    return c.json(result.message, 200);
  })
  .openapi(readRoute, async (c) => {
    const viewer = await participantOf(c);
    const { db, now } = c.var.deps;
    const conversation = await openConversation(db, viewer, c.req.valid('param').id);
    return c.json(await markRead(db, viewer, conversation, c.req.valid('json').seq, now()), 200);
  })
  .openapi(inboxRoute, async (c) => c.json({ conversations: await adminInbox(c.var.deps.db, adminViewer(c), c.req.valid('query').filter, c.var.deps.now()) }, 200))
  .openapi(assignRoute, async (c) => {
    const { db, now } = c.var.deps;
    const { id } = c.req.valid('param');
    await assignConversation(db, id, c.req.valid('json').adminId, now());
    return c.json(await conversationSummary(db, adminViewer(c), id, now()), 200);
  })
  .openapi(closeRoute, async (c) => {
    const { db, now } = c.var.deps;
    const { id } = c.req.valid('param');
    await setConversationStatus(db, id, 'closed', now());
    return c.json(await conversationSummary(db, adminViewer(c), id, now()), 200);
  })
  .openapi(reopenRoute, async (c) => {
    const { db, now } = c.var.deps;
    const { id } = c.req.valid('param');
    await setConversationStatus(db, id, 'open', now());
    return c.json(await conversationSummary(db, adminViewer(c), id, now()), 200);
  });
