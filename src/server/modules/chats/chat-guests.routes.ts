/**
 * Guest chats (issue #13), mounted at `/api` beside chats.routes.ts:
 *  - `POST /api/chats/guest` (anyone): start a conversation as a signed-out visitor, with a name
 *    and an email or a phone; sets the `chat_guest` cookie. A cookie that already names an open
 *    conversation gets that one (200). At most GUEST_START_LIMIT (10) new ones per IP address an hour.
 *  - `GET /api/chats/guest` (anyone): the cookie's conversation, or 404.
 * The guest then reads, writes and marks read through the ordinary `/api/chats/{id}/…` routes
 * (access `chat_participant`) and follows it live on `GET /api/events`.
 */
import { conversationSchema, startGuestConversationSchema } from '../../../domain/chats-contract';
import { clientIp, rateLimited } from '../../auth/rate-limit';
import { chatGuestTokenHash, issueChatGuestCookie } from '../../lib/chat-guest-cookie';
import { notFound } from '../../lib/errors';
import { apiRouter, defineRoute, errorResponses, jsonBody, jsonContent } from '../../lib/openapi';
import { hashClientIp } from '../uploads/upload-quota';
import { guestConversationOf, guestStartBlockedUntil, startGuestConversation } from './chat-guests.service';
import { conversationSummary, type ChatGuestViewer } from './chats.service';

const TAGS = ['Chats'];

const guestViewer = (guestTokenHash: string): ChatGuestViewer => ({ userId: null, role: 'guest', guestTokenHash });

const startGuestRoute = defineRoute({
  method: 'post',
  path: '/chats/guest',
  access: 'anonymous',
  tags: TAGS,
  summary: 'Start a conversation as a signed-out visitor (sets the `chat_guest` cookie)',
  description:
    'A name and an email or a phone (at least one: `chats.guestContactRequired` on `email`). Sets an HttpOnly `chat_guest` cookie (30 days) through which the visitor reads and writes this conversation on the `/api/chats/{id}/…` routes and follows it on `GET /api/events`. A cookie that already names an open conversation answers that one (200) and starts nothing. At most 10 new conversations per IP address an hour (429 with Retry-After). The conversation joins the visitor\'s account when they sign in (docs/decisions/019-chat-guests.md).',
  request: { body: jsonBody(startGuestConversationSchema) },
  responses: {
    200: jsonContent(conversationSchema, 'The open conversation the cookie already names'),
    201: jsonContent(conversationSchema, 'Started'),
    ...errorResponses(400, 415, 429),
  },
});

const guestConversationRoute = defineRoute({
  method: 'get',
  path: '/chats/guest',
  access: 'anonymous',
  tags: TAGS,
  summary: "The conversation the `chat_guest` cookie names (404 without one, or once it joined an account)",
  responses: { 200: jsonContent(conversationSchema, 'The conversation'), ...errorResponses(404) },
});

export const chatGuestsRoutes = apiRouter()
  .openapi(startGuestRoute, async (c) => {
    const { db, config, now } = c.var.deps;
    const input = c.req.valid('json');
    const currentHash = chatGuestTokenHash(c);
    const current = await guestConversationOf(db, currentHash);
    if (current?.status === 'open') return c.json(await conversationSummary(db, guestViewer(currentHash!), current.id, now()), 200);
    const blockedUntil = await guestStartBlockedUntil(db, hashClientIp(clientIp(c, config.trustProxy), config.authSecret), now());
    if (blockedUntil) rateLimited(c, blockedUntil);
    const tokenHash = issueChatGuestCookie(c);
    const id = await startGuestConversation(db, input, tokenHash, now());
    return c.json(await conversationSummary(db, guestViewer(tokenHash), id, now()), 201);
  })
  .openapi(guestConversationRoute, async (c) => {
    const { db, now } = c.var.deps;
    const tokenHash = chatGuestTokenHash(c);
    const current = await guestConversationOf(db, tokenHash);
    if (!current) throw notFound();
    return c.json(await conversationSummary(db, guestViewer(tokenHash!), current.id, now()), 200);
  });
