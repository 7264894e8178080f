/**
 * Chats between customers and the team (issue #13): one conversation per thread, its messages
 * and each participant's read marks. A message's `seq` (bigserial, growing across all
 * conversations) is its Server-Sent Events id, so a client that reconnects can ask for what came
 * after the last one it saw. See src/server/modules/chats/.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHAT_SENDER_ROLES, CONVERSATION_STATUSES } from '../../../domain/chats-contract';
import { databaseNow } from '../clock';
import { user } from './auth';
import { bookings, uploads } from './bookings';

export const conversationStatus = pgEnum('conversation_status', CONVERSATION_STATUSES);
export const chatSenderRole = pgEnum('chat_sender_role', CHAT_SENDER_ROLES);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in customer; null for a signed-out visitor (guest columns below). */
    customerId: text('customer_id').references(() => user.id, { onDelete: 'set null' }),
    guestName: text('guest_name'),
    guestEmail: text('guest_email'),
    guestPhone: text('guest_phone'),
    /** SHA-256 of the signed-out visitor's `chat_guest` cookie token: how a guest reaches their conversation. */
    guestTokenHash: text('guest_token_hash'),
    /** A guest's read marks (chat_reads holds signed-in users only): the highest seq read / delivered. */
    guestLastReadSeq: bigint('guest_last_read_seq', { mode: 'number' }).notNull().default(0),
    guestLastDeliveredSeq: bigint('guest_last_delivered_seq', { mode: 'number' }).notNull().default(0),
    /** The customer's language when the conversation started (`en` or `es`): offline emails and canned replies use it. */
    language: text('language').notNull().default('en'),
    /** The booking the conversation is about, when started from one. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    status: conversationStatus('status').notNull().default('open'),
    assignedAdminId: text('assigned_admin_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }),
    /**
     * The first customer message the team has not answered yet (null: nothing waits). Set by a
     * customer's message when null, cleared by a team reply that the customer sees (not a note).
     */
    awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
    /** Offline fallback: the highest team message seq already emailed to the customer (0: none). */
    customerEmailedSeq: bigint('customer_emailed_seq', { mode: 'number' }).notNull().default(0),
    /** Offline fallback: the `awaiting_reply_since` the admins were emailed about (one email per wait). */
    adminAlertedFor: timestamp('admin_alerted_for', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_guest_token_idx').on(t.guestTokenHash),
    index('conversations_guest_email_idx').on(sql`lower(${t.guestEmail})`),
    index('conversations_customer_idx').on(t.customerId, t.createdAt),
    index('conversations_booking_idx').on(t.bookingId),
    index('conversations_status_last_message_idx').on(t.status, t.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Grows with every message of every conversation: the SSE event id. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => user.id, { onDelete: 'set null' }),
    senderRole: chatSenderRole('sender_role').notNull(),
    /** Plain text as sent (trimmed), at most 2000 characters; empty only with an attachment. The web escapes it. */
    body: text('body').notNull(),
    /** An image sent with the message (same storage and checks as booking photos). */
    attachmentUploadId: uuid('attachment_upload_id').references(() => uploads.id),
    /** An admin's internal note: never sent to the customer or the worker. */
    internal: boolean('internal').notNull().default(false),
    /** The sender's Idempotency-Key: a retried send finds the first message instead of adding one. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('chat_messages_sender_key').on(t.conversationId, t.senderId, t.idempotencyKey).nullsNotDistinct(),
    index('chat_messages_conversation_seq_idx').on(t.conversationId, t.seq),
    check('chat_messages_body_length', sql`char_length(${t.body}) <= 2000 and (char_length(${t.body}) >= 1 or ${t.attachmentUploadId} is not null)`),
    index('chat_messages_attachment_idx').on(t.attachmentUploadId),
  ],
);

export const chatReads = pgTable(
  'chat_reads',
  {
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    /** The highest message seq this user has read in the conversation (0: none). */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    /** The highest message seq delivered to this user (never below lastReadSeq). */
    lastDeliveredSeq: bigint('last_delivered_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** Canned replies admins keep for common answers, in English and Spanish (the customer's language is used). */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What admins see in the picker, 1..80 characters. */
    title: text('title').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyEs: text('body_es').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
  },
  (t) => [
    check('chat_canned_replies_title_length', sql`char_length(${t.title}) between 1 and 80`),
    check('chat_canned_replies_body_length', sql`char_length(${t.bodyEn}) between 1 and 2000 and char_length(${t.bodyEs}) between 1 and 2000`),
  ],
);

/**
 * One answered wait: a customer message the team had not answered (`waitingSince`, the
 * conversation's awaiting_reply_since) and the team reply that ended it. Written in the reply's
 * transaction; /admin/analytics reads the median and the share within 10 minutes.
 */
export const chatResponses = pgTable(
  'chat_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    /** answeredAt - waitingSince, whole seconds. */
    responseSeconds: integer('response_seconds').notNull(),
    /** The conversation's first answered wait (its first response time). */
    first: boolean('first').notNull(),
    responderId: text('responder_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [index('chat_responses_answered_idx').on(t.answeredAt), unique('chat_responses_wait').on(t.conversationId, t.waitingSince)],
);
