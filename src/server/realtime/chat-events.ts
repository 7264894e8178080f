/**
 * The chats' live events (issue #13): sending a message runs, in the transaction that stores it,
 * `pg_notify('chat_messages', {conversationId, messageId, seq, internal, customerId, workerId})`
 * (src/server/modules/chats/chat-messages.service.ts) — ids and flags only, far below NOTIFY's
 * 8000-byte limit, and nothing is announced for a rolled-back send. The realtime hub
 * (booking-event-hub.ts) LISTENs on this channel in every process and fans each notice out to
 * its chat subscribers, the SSE streams of `GET /api/events`, which send `event: chat_message`
 * with `id: <seq>` to the conversation's participants only (`canSeeChatNotice`).
 */
import type { ChatMessageNotice } from '../../domain/chats-contract';
import type { Role } from '../auth/roles';

/** The NOTIFY channel of new chat messages. */
export const CHAT_MESSAGES_CHANNEL = 'chat_messages';

/** One new message as announced: who may see it is decided from these ids. */
export interface ChatNotice extends ChatMessageNotice {
  /** An admin's internal note: admins only. */
  internal: boolean;
  /** The conversation's signed-in customer (null for a guest). */
  customerId: string | null;
  /** The worker assigned to the conversation's booking when the message was sent, while the job is active. */
  workerId: string | null;
}

/** Called once per new message; must return quickly. */
export type ChatListener = (notice: ChatNotice) => void;

/**
 * Reads a NOTIFY payload of the chat_messages channel.
 * @returns null when it is not the expected JSON object (logged by the caller)
 */
export function parseChatNotice(payload: string): ChatNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.conversationId !== 'string' || typeof v.messageId !== 'string' || typeof v.seq !== 'number' || typeof v.internal !== 'boolean') return null;
  const text = (x: unknown) => (typeof x === 'string' ? x : null);
  return { conversationId: v.conversationId, messageId: v.messageId, seq: v.seq, internal: v.internal, customerId: text(v.customerId), workerId: text(v.workerId) };
}

/**
 * Whether a viewer's stream carries a message: admins every message, the conversation's customer
 * and the job's assigned worker every message but internal notes.
 * @param viewer the signed-in user's id and strongest role (roleOf)
 */
export function canSeeChatNotice(viewer: { userId: string; role: Role }, notice: ChatNotice): boolean {
  if (viewer.role === 'admin') return true;
  if (notice.internal) return false;
  return notice.customerId === viewer.userId || (viewer.role === 'worker' && notice.workerId === viewer.userId);
}
