/**
 * The chats' API contract (issue #13, first server slice): what a customer, a worker on a job and
 * an admin send and read under `/api/chats` and `/api/admin/chats`, and the live message of
 * `GET /api/events` (`event: chat_message`, whose SSE `id` is the message's `seq`). Shared by the
 * routes (src/server/modules/chats/) and the web. Instants are ISO-8601 strings; message text is
 * plain (trimmed, 1..CHAT_MESSAGE_MAX_LENGTH characters; the web escapes it). Validation
 * messages are i18n keys.
 */
import { z } from 'zod';
import { requiredText } from './text';

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** Who wrote a message: `guest` is a signed-out visitor. */
export const CHAT_SENDER_ROLES = ['customer', 'admin', 'worker', 'guest'] as const;
export type ChatSenderRole = (typeof CHAT_SENDER_ROLES)[number];

/** The longest message, in characters (after trimming). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** The inbox filters of `GET /api/admin/chats`: open, closed, or open and assigned to the caller. */
export const ADMIN_CHAT_FILTERS = ['open', 'closed', 'mine'] as const;

const messageBody = requiredText(CHAT_MESSAGE_MAX_LENGTH, { required: 'chats.messageRequired', tooLong: 'chats.messageTooLong' });

/** `POST /api/chats`: start a conversation, optionally about one of the caller's bookings. */
export const startConversationSchema = z.strictObject({
  bookingId: z.uuid({ error: 'chats.bookingInvalid' }).optional(),
});

/** `POST /api/chats/{id}/messages`; `internal` (an admin's note) is for admins only (403 otherwise). */
export const sendMessageSchema = z.strictObject({
  body: messageBody,
  internal: z.boolean({ error: 'validation.invalid' }).optional(),
});

/** `POST /api/chats/{id}/read`: everything up to and including `seq` has been read. */
export const markReadSchema = z.strictObject({
  seq: z.int({ error: 'chats.seqInvalid' }).min(0, { error: 'chats.seqInvalid' }).max(Number.MAX_SAFE_INTEGER, { error: 'chats.seqInvalid' }),
});

/** `GET /api/chats/{id}/messages?after=`: only messages with a larger seq (default 0: all, oldest first). */
export const messagesQuerySchema = z.object({
  after: z.coerce.number({ error: 'chats.seqInvalid' }).int({ error: 'chats.seqInvalid' }).min(0, { error: 'chats.seqInvalid' }).max(Number.MAX_SAFE_INTEGER, { error: 'chats.seqInvalid' }).default(0),
});

export const adminChatsQuerySchema = z.object({
  filter: z.enum(ADMIN_CHAT_FILTERS, { error: 'chats.filterInvalid' }).default('open'),
});

/** `POST /api/admin/chats/{id}/assign`: an admin's user id, or null to unassign. */
export const assignConversationSchema = z.strictObject({
  adminId: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(200, { error: 'validation.tooLong' }).nullable(),
});

export const chatMessageSchema = z
  .object({
    id: z.uuid(),
    conversationId: z.uuid(),
    seq: z.number().int(),
    senderId: z.string().nullable(),
    senderRole: z.enum(CHAT_SENDER_ROLES),
    senderName: z.string().nullable(),
    body: z.string(),
    internal: z.boolean(),
    createdAt: z.string(),
  });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(CONVERSATION_STATUSES),
    customer: z.object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
    bookingId: z.uuid().nullable(),
    bookingReference: z.string().nullable(),
    assignedAdmin: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    lastMessageAt: z.string().nullable(),
    /** The latest message the caller may see (notes count for admins only). */
    lastMessage: chatMessageSchema.nullable(),
    /** Messages from others the caller has not read (notes count for admins only). */
    unreadCount: z.number().int(),
    /** Whole minutes since the first customer message the team has not answered; null when nothing waits. */
    waitingMinutes: z.number().int().nullable(),
  });
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({ conversations: z.array(conversationSchema) });
export const messageListSchema = z.object({ messages: z.array(chatMessageSchema) });
export const readMarkSchema = z.object({ conversationId: z.uuid(), lastReadSeq: z.number().int(), unreadCount: z.number().int() });

/** `event: chat_message` on GET /api/events (ids only: the client fetches the messages after its last seq). */
export const chatMessageNoticeSchema = z.object({ conversationId: z.uuid(), messageId: z.uuid(), seq: z.number().int() });
export type ChatMessageNotice = z.infer<typeof chatMessageNoticeSchema>;
