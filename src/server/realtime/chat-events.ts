/**
 * The chats' live events (issue #13): sending a message runs, in the transaction that stores it,
 * `pg_notify('chat_messages', {conversationId, messageId, seq, internal, customerId, workerId})`
 * (src/server/modules/chats/chat-messages.service.ts) — ids and flags only, far below NOTIFY's
 * 8000-byte limit, and nothing is announced for a rolled-back send. The realtime hub
 * (booking-event-hub.ts) LISTENs on this channel in every process and fans each notice out to
 * its chat subscribers, the SSE streams of `GET /api/events`, which send `event: chat_message`
 * with `id: <seq>` to the conversation's participants only (`canSeeChatNotice`).
 */
import { CHAT_SENDER_ROLES, type ChatMessageNotice, type ChatReceiptNotice, type ChatSenderRole, type ChatTypingNotice } from '../../domain/chats-contract';
import type { Role } from '../auth/roles';
import { payloadObject, textOrNull } from './notify-payload';

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
  const v = payloadObject(payload);
  if (!v) return null;
  if (typeof v.conversationId !== 'string' || typeof v.messageId !== 'string' || typeof v.seq !== 'number' || typeof v.internal !== 'boolean') return null;
  return { conversationId: v.conversationId, messageId: v.messageId, seq: v.seq, internal: v.internal, customerId: textOrNull(v.customerId), workerId: textOrNull(v.workerId) };
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

// --- Typing and read receipts (issue #13, second slice) ------------------------------------

/**
 * The NOTIFY channel of chat activity that stores nothing of its own: typing
 * (`POST /api/chats/{id}/typing`) and moved read marks (src/server/modules/chats/chat-activity.service.ts).
 * Payloads are ids, flags, seqs and a sender name cut to SENDER_NAME_MAX characters: far below
 * NOTIFY's 8000 bytes.
 */
export const CHAT_ACTIVITY_CHANNEL = 'chat_activity';

/** The longest sender name a typing notice carries, in characters. */
export const SENDER_NAME_MAX = 80;

/** Who is routed a conversation's activity: its signed-in customer and the job's active worker. */
interface ActivityRouting {
  conversationId: string;
  /** The conversation's signed-in customer (null for a guest). */
  customerId: string | null;
  /** The booking's worker while the job is active (null otherwise). */
  workerId: string | null;
}

/** Someone is typing in a conversation (never while writing an internal note: the web does not announce those). */
export interface ChatTypingActivity extends ActivityRouting {
  kind: 'typing';
  /** The typist's user id (null for a guest). */
  senderId: string | null;
  senderRole: ChatSenderRole;
  senderName: string | null;
}

/** One side's read marks moved: for 'team', the highest marks of anyone on the team (as peerReceipts). */
export interface ChatReceiptActivity extends ActivityRouting {
  kind: 'receipt';
  side: 'customer' | 'team';
  deliveredSeq: number;
  readSeq: number;
}

export type ChatActivity = ChatTypingActivity | ChatReceiptActivity;

/** Called once per activity notice; must return quickly. */
export type ChatActivityListener = (activity: ChatActivity) => void;

/** What a stream sends for an activity notice: the SSE event name and its data. */
export type ChatActivityEvent = { event: 'chat_typing'; data: ChatTypingNotice } | { event: 'chat_receipt'; data: ChatReceiptNotice };

/**
 * Reads a NOTIFY payload of the chat_activity channel.
 * @returns null when it is not one of the expected JSON objects (logged by the caller)
 */
export function parseChatActivity(payload: string): ChatActivity | null {
  const v = payloadObject(payload);
  if (!v) return null;
  if (typeof v.conversationId !== 'string') return null;
  const routing = { conversationId: v.conversationId, customerId: textOrNull(v.customerId), workerId: textOrNull(v.workerId) };
  if (v.kind === 'typing') {
    if (typeof v.senderRole !== 'string' || !(CHAT_SENDER_ROLES as readonly string[]).includes(v.senderRole)) return null;
    const name = textOrNull(v.senderName);
    return { kind: 'typing', ...routing, senderId: textOrNull(v.senderId), senderRole: v.senderRole as ChatSenderRole, senderName: name === null ? null : name.slice(0, SENDER_NAME_MAX) };
  }
  if (v.kind === 'receipt') {
    if ((v.side !== 'customer' && v.side !== 'team') || !Number.isSafeInteger(v.deliveredSeq) || !Number.isSafeInteger(v.readSeq)) return null;
    return { kind: 'receipt', ...routing, side: v.side, deliveredSeq: v.deliveredSeq as number, readSeq: v.readSeq as number };
  }
  return null;
}

/**
 * What a signed-in viewer's stream sends for an activity notice, or null when nothing (issue #13):
 *  - `chat_typing` goes to the conversation's participants other than the typist: every admin,
 *    the signed-in customer, the job's active worker;
 *  - `chat_receipt` goes to the other side: the customer's marks ('customer') to admins and the
 *    job's active worker, the team's marks ('team') to the customer.
 * @param viewer the signed-in user's id and strongest role (roleOf)
 */
export function chatActivityEventFor(viewer: { userId: string; role: Role }, activity: ChatActivity): ChatActivityEvent | null {
  const isCustomer = activity.customerId === viewer.userId;
  const isTeam = viewer.role === 'admin' || (viewer.role === 'worker' && activity.workerId === viewer.userId);
  if (activity.kind === 'typing') {
    if (activity.senderId === viewer.userId) return null;
    return isCustomer || isTeam ? { event: 'chat_typing', data: typingData(activity) } : null;
  }
  const audience = activity.side === 'customer' ? isTeam && !isCustomer : isCustomer;
  return audience ? { event: 'chat_receipt', data: receiptData(activity) } : null;
}

/**
 * The same for a signed-out guest's stream, which reaches one conversation (its `chat_guest`
 * cookie): the team's typing and the team's receipts of that conversation.
 */
export function chatActivityEventForGuest(conversationId: string, activity: ChatActivity): ChatActivityEvent | null {
  if (activity.conversationId !== conversationId) return null;
  if (activity.kind === 'typing') return activity.senderRole === 'guest' ? null : { event: 'chat_typing', data: typingData(activity) };
  return activity.side === 'team' ? { event: 'chat_receipt', data: receiptData(activity) } : null;
}

const typingData = (a: ChatTypingActivity): ChatTypingNotice => ({ conversationId: a.conversationId, senderRole: a.senderRole, senderName: a.senderName });
const receiptData = (a: ChatReceiptActivity): ChatReceiptNotice => ({ conversationId: a.conversationId, side: a.side, deliveredSeq: a.deliveredSeq, readSeq: a.readSeq });
