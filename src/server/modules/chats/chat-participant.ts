/**
 * Who calls a conversation's routes (`chat_participant` access): the signed-in user with their
 * strongest role, or else the guest holding a `chat_guest` cookie. Whether they take part in the
 * conversation named in the path is chats.service.ts `openConversation` (404 otherwise).
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { roleOf } from '../../auth/roles';
import type { AppEnv } from '../../lib/app-env';
import { chatGuestTokenHash, clearChatGuestCookie } from '../../lib/chat-guest-cookie';
import { unauthenticated } from '../../lib/errors';
import { UPLOAD_OWNER_COOKIE } from '../uploads/uploads.service';
import type { AttachmentClaim } from './chat-attachment-owner';
import { guestConversationOf, guestSendBlockedUntil, joinGuestConversations } from './chat-guests.service';
import { chatSendBlockedUntil, type ChatParticipant, type OpenedConversation } from './chats.service';

/**
 * The caller as a chat participant.
 * @throws AppError 401 unauthenticated when signed out without a `chat_guest` cookie
 */
export async function participantOf(c: Context<AppEnv>): Promise<ChatParticipant> {
  const user = c.var.user;
  if (user) return { userId: user.id, role: await roleOf(c.var.deps.db, user.id) };
  const guestTokenHash = chatGuestTokenHash(c);
  if (!guestTokenHash) throw unauthenticated();
  return { userId: null, role: 'guest', guestTokenHash };
}

/**
 * Counts one send: per user (CHAT_SEND_LIMIT), or for a guest per conversation (GUEST_SEND_LIMIT).
 * @returns null when allowed, else when the window ends (the caller answers 429)
 */
export function sendBlockedUntil(c: Context<AppEnv>, participant: ChatParticipant, conversation: OpenedConversation): Promise<Date | null> {
  const { db, now } = c.var.deps;
  return participant.userId === null ? guestSendBlockedUntil(db, conversation.id, now()) : chatSendBlockedUntil(db, participant.userId, now());
}

/** The sender's claim on an upload to attach: who they are to the uploads module (its `upload_owner` cookie too). */
export function attachmentClaimOf(c: Context<AppEnv>, participant: ChatParticipant, uploadId: string): AttachmentClaim {
  return { uploadId, userId: participant.userId, anonymousToken: getCookie(c, UPLOAD_OWNER_COOKIE) ?? null };
}

/**
 * Joins the signed-in user's guest conversations to their account (chat-guests.service.ts
 * `joinGuestConversations`: by this browser's `chat_guest` cookie, or by their verified email),
 * and clears a cookie that names no guest conversation any more.
 */
export async function joinGuestChats(c: Context<AppEnv>, userId: string): Promise<void> {
  const { db, now } = c.var.deps;
  const tokenHash = chatGuestTokenHash(c);
  await joinGuestConversations(db, userId, tokenHash, now());
  if (tokenHash && !(await guestConversationOf(db, tokenHash))) clearChatGuestCookie(c);
}
