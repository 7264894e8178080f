/**
 * The chats' API contract (issue #13, first server slice): what a customer, a worker on a job and
 * an admin send and read under `/api/chats` and `/api/admin/chats`, and the live message of
 * `GET /api/events` (`event: chat_message`, whose SSE `id` is the message's `seq`). Shared by the
 * routes (src/server/modules/chats/) and the web. Instants are ISO-8601 strings; message text is
 * plain (trimmed, 1..CHAT_MESSAGE_MAX_LENGTH characters; the web escapes it). Validation
 * messages are i18n keys.
 */
import { z } from 'zod';
import { usPhoneSchema } from './phone';
import { plainText, requiredText } from './text';

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

/** The languages a conversation's customer may have: emails and canned replies follow it. */
export const CHAT_LANGUAGES = ['en', 'es'] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];
const chatLanguage = z.enum(CHAT_LANGUAGES, { error: 'validation.invalid' });

/** `POST /api/chats`: start a conversation, optionally about one of the caller's bookings. */
export const startConversationSchema = z.strictObject({
  bookingId: z.uuid({ error: 'chats.bookingInvalid' }).optional(),
  /** The interface language of the customer (default `en`). */
  language: chatLanguage.optional(),
});

/**
 * `POST /api/chats/guest` (signed out): a visitor's name and an email or a phone (at least one:
 * `chats.guestContactRequired` on `email`). Answers the conversation and sets the `chat_guest`
 * cookie through which the guest reads and writes it; it joins the visitor's account when they
 * sign in with that email.
 */
export const startGuestConversationSchema = z
  .strictObject({
    name: requiredText(100, { required: 'chats.guestNameRequired', tooLong: 'validation.tooLong' }),
    email: z.string({ error: 'validation.emailInvalid' }).trim().max(254, { error: 'validation.emailInvalid' }).pipe(z.email({ error: 'validation.emailInvalid' })).optional(),
    phone: usPhoneSchema.optional(),
    language: chatLanguage.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'chats.guestContactRequired' });
  });

/**
 * `POST /api/chats/{id}/messages`: text (trimmed, at most 2000 characters), an image
 * (`attachmentId`, an upload of the sender from `POST /api/uploads`), or both; one of them is
 * required (`chats.messageRequired` on `body`). `internal` (an admin's note) is for admins only (403 otherwise).
 */
export const sendMessageSchema = z
  .strictObject({
    body: plainText(CHAT_MESSAGE_MAX_LENGTH, { tooLong: 'chats.messageTooLong' }).optional(),
    attachmentId: z.uuid({ error: 'chats.attachmentInvalid' }).optional(),
    internal: z.boolean({ error: 'validation.invalid' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.body && !value.attachmentId) ctx.addIssue({ code: 'custom', path: ['body'], message: 'chats.messageRequired' });
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

/** An image sent in a chat: `url` serves it to the conversation's participants only. */
export const chatAttachmentSchema = z.object({ id: z.uuid(), url: z.string(), contentType: z.string() });

export const chatMessageSchema = z
  .object({
    id: z.uuid(),
    conversationId: z.uuid(),
    seq: z.number().int(),
    senderId: z.string().nullable(),
    senderRole: z.enum(CHAT_SENDER_ROLES),
    senderName: z.string().nullable(),
    /** Plain text; '' when the message is an image only. */
    body: z.string(),
    attachment: chatAttachmentSchema.nullable(),
    internal: z.boolean(),
    createdAt: z.string(),
  });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(CONVERSATION_STATUSES),
    customer: z.object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
    /** The customer's contact when a guest started it (name, email and phone are then the guest's). */
    guest: z.boolean(),
    customerPhone: z.string().nullable(),
    language: z.enum(CHAT_LANGUAGES),
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
/**
 * Read receipts as the caller sees them: the highest seq the other side has received (delivered)
 * and read. For the customer the other side is the team (any admin, or the job's worker); for the
 * team it is the customer. A message of the caller is "sent" when seq > deliveredSeq, "delivered"
 * when seq <= deliveredSeq, "read" when seq <= readSeq.
 */
export const chatReceiptsSchema = z.object({ deliveredSeq: z.number().int(), readSeq: z.number().int() });
export type ChatReceipts = z.infer<typeof chatReceiptsSchema>;

export const messageListSchema = z.object({ messages: z.array(chatMessageSchema), receipts: chatReceiptsSchema });
export const readMarkSchema = z.object({ conversationId: z.uuid(), lastReadSeq: z.number().int(), unreadCount: z.number().int() });

/**
 * `event: chat_receipt` on GET /api/events: one side's marks moved (`side` 'customer' or 'team').
 * Sent to the other side of the conversation; never about internal notes (they are not counted).
 */
export const chatReceiptNoticeSchema = z.object({ conversationId: z.uuid(), side: z.enum(['customer', 'team']), deliveredSeq: z.number().int(), readSeq: z.number().int() });
export type ChatReceiptNotice = z.infer<typeof chatReceiptNoticeSchema>;

/**
 * `event: chat_typing` on GET /api/events: someone is typing (after `POST /api/chats/{id}/typing`,
 * which the composer sends at most every 3 s while typing, never while writing an internal
 * note). Shown for TYPING_SHOWN_MS unless renewed. Sent to the conversation's other participants.
 */
export const chatTypingNoticeSchema = z.object({ conversationId: z.uuid(), senderRole: z.enum(CHAT_SENDER_ROLES), senderName: z.string().nullable() });
export type ChatTypingNotice = z.infer<typeof chatTypingNoticeSchema>;
/** How long a typing notice shows without a new one, ms. */
export const TYPING_SHOWN_MS = 6_000;
/** How often the composer repeats its typing notice at most, ms. */
export const TYPING_REPEAT_MS = 3_000;

/** A canned reply admins insert into an answer; the customer's language picks the text. */
export const cannedReplySchema = z.object({ id: z.uuid(), title: z.string(), bodyEn: z.string(), bodyEs: z.string(), updatedAt: z.string() });
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedReplyListSchema = z.object({ replies: z.array(cannedReplySchema) });

/** `POST /api/admin/chat-replies` and `PUT /api/admin/chat-replies/{id}`. */
export const cannedReplyInputSchema = z.strictObject({
  title: requiredText(80, { required: 'chats.cannedTitleRequired', tooLong: 'validation.tooLong' }),
  bodyEn: requiredText(CHAT_MESSAGE_MAX_LENGTH, { required: 'chats.cannedBodyRequired', tooLong: 'chats.messageTooLong' }),
  bodyEs: requiredText(CHAT_MESSAGE_MAX_LENGTH, { required: 'chats.cannedBodyRequired', tooLong: 'chats.messageTooLong' }),
});

/** `event: chat_message` on GET /api/events (ids only: the client fetches the messages after its last seq). */
export const chatMessageNoticeSchema = z.object({ conversationId: z.uuid(), messageId: z.uuid(), seq: z.number().int() });
export type ChatMessageNotice = z.infer<typeof chatMessageNoticeSchema>;
