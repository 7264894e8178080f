/**
 * Chats (issue #13, first server slice): conversations between a customer and the team, their
 * messages, read marks, and who may see what. Every rule of access lives here (`openConversation`):
 *  - a customer: the conversations they started (someone else's id: 404);
 *  - a worker: the conversations of a booking assigned to them while the job is active
 *    (confirmed, en route, in progress); a completed, cancelled or reassigned job: 404;
 *  - an admin: every conversation, internal notes included;
 *  - a signed-out guest (`ChatGuestViewer`): the one conversation their `chat_guest` cookie names,
 *    until it joins an account (chat-guests.service.ts); they write as `guest` with no sender id,
 *    and their read marks live on the conversation (`guest_last_read_seq`, `guest_last_delivered_seq`:
 *    chat_reads keys on a user), raised and announced like a signed-in customer's.
 * A message may carry an image (an upload of its sender: chat-attachment-owner.ts).
 * Internal notes (admins only) are never returned to, counted for or announced to anyone else.
 * A message is stored and announced (`pg_notify('chat_messages', ids)`) in one transaction; a
 * retried send with the same Idempotency-Key finds the first message (a unique key per
 * conversation, sender and key), even when the copies arrive together.
 */
import { differenceInMinutes } from 'date-fns/differenceInMinutes';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ChatMessage, ChatMessageNotice, ChatReceipts, ChatSenderRole, Conversation } from '../../../domain/chats-contract';
import type { BookingStatus } from '../../../domain/booking-status';
import { roleOf, type Role } from '../../auth/roles';
import { countHit, counterKey } from '../../auth/attempt-counters';
import type { Database, Transaction } from '../../db/client';
import { bookings, chatMessages, chatReads, conversations } from '../../db/schema';
import { lockOwnAttachment, type AttachmentClaim } from './chat-attachment-owner';
import { AppError, notFound, ruleBroken } from '../../lib/errors';
import { CHAT_MESSAGES_CHANNEL, type ChatNotice } from '../../realtime/chat-events';
import { advanceGuestReadMarks, advanceReadMarks } from './chat-activity.service';
import { recordChatResponse } from './chat-responses';

/** The signed-in caller: their id and strongest role (roleOf). */
export interface ChatViewer {
  userId: string;
  role: Role;
}

/**
 * A signed-out visitor holding a `chat_guest` cookie (chat-guests.service.ts): they take part in
 * the one conversation whose guest_token_hash is the SHA-256 of their token, as `guest`.
 */
export interface ChatGuestViewer {
  userId: null;
  role: 'guest';
  guestTokenHash: string;
}

/** Whoever reads or writes a conversation's messages: a signed-in user or a guest. */
export type ChatParticipant = ChatViewer | ChatGuestViewer;

/** Messages one user may send in a window, counted in PostgreSQL (all processes share it). */
export const CHAT_SEND_LIMIT = { max: 30, windowSeconds: 60 };

/** A worker takes part in a job's conversation only while the job is in one of these states. */
const WORKER_ACTIVE_STATUSES: readonly BookingStatus[] = ['confirmed', 'en_route', 'in_progress'];

/** Most conversations one list answers, newest activity first. */
const LIST_LIMIT = 200;
/** Most messages one read answers, oldest first (ask again with `after`). */
const MESSAGES_LIMIT = 500;

/** A conversation the viewer may open, with what the access rule needed to know. */
export interface OpenedConversation {
  id: string;
  status: 'open' | 'closed';
  customerId: string | null;
  /** The booking's worker while the job is active (null otherwise): the one worker who takes part. */
  activeWorkerId: string | null;
  /** How the viewer takes part: as the customer, as the job's worker, as an admin, or as the guest who started it. */
  as: 'customer' | 'worker' | 'admin' | 'guest';
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString());

/**
 * The conversation `id` if `viewer` may see it.
 * @throws AppError 404 not_found when there is no such conversation or it is not the viewer's
 */
export async function openConversation(db: Database, viewer: ChatParticipant, id: string): Promise<OpenedConversation> {
  const [row] = await db
    .select({ id: conversations.id, status: conversations.status, customerId: conversations.customerId, guestTokenHash: conversations.guestTokenHash, workerId: bookings.workerId, bookingStatus: bookings.status })
    .from(conversations)
    .leftJoin(bookings, eq(bookings.id, conversations.bookingId))
    .where(eq(conversations.id, id));
  if (!row) throw notFound();
  const activeWorkerId = row.workerId && row.bookingStatus && WORKER_ACTIVE_STATUSES.includes(row.bookingStatus) ? row.workerId : null;
  const base = { id: row.id, status: row.status, customerId: row.customerId, activeWorkerId };
  if (viewer.role === 'guest') {
    // a conversation that joined an account has no token any more: the old cookie names nothing
    if (row.customerId === null && row.guestTokenHash !== null && row.guestTokenHash === viewer.guestTokenHash) return { ...base, as: 'guest' };
    throw notFound();
  }
  if (viewer.role === 'admin') return { ...base, as: 'admin' };
  if (row.customerId === viewer.userId) return { ...base, as: 'customer' };
  if (viewer.role === 'worker' && activeWorkerId === viewer.userId) return { ...base, as: 'worker' };
  throw notFound();
}

/**
 * Starts a conversation for the signed-in customer, or finds their open one on the same booking
 * (or their open general one when no booking is named), so a second click opens the same thread.
 * @returns the conversation's id and whether it was made now
 * @throws AppError 404 not_found when `bookingId` is not one of the customer's bookings
 */
export async function startConversation(db: Database, customerId: string, bookingId: string | undefined, now: Date): Promise<{ id: string; created: boolean }> {
  if (bookingId) {
    const [booking] = await db.select({ customerId: bookings.customerId }).from(bookings).where(eq(bookings.id, bookingId));
    if (!booking || booking.customerId !== customerId) throw notFound();
  }
  const sameThread = and(
    eq(conversations.customerId, customerId),
    eq(conversations.status, 'open'),
    bookingId ? eq(conversations.bookingId, bookingId) : sql`${conversations.bookingId} is null`,
  );
  const [existing] = await db.select({ id: conversations.id }).from(conversations).where(sameThread).orderBy(sql`${conversations.createdAt} desc`).limit(1);
  if (existing) return { id: existing.id, created: false };
  const [made] = await db
    .insert(conversations)
    .values({ customerId, bookingId: bookingId ?? null, createdAt: now, updatedAt: now })
    .returning({ id: conversations.id });
  return { id: made!.id, created: true };
}

type SummaryRow = {
  id: string;
  status: 'open' | 'closed';
  customer_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  language: string;
  guest: boolean;
  booking_id: string | null;
  booking_reference: string | null;
  assigned_admin_id: string | null;
  assigned_admin_name: string | null;
  created_at: unknown;
  last_message_at: unknown;
  awaiting_reply_since: unknown;
  lm_id: string | null;
  lm_seq: unknown;
  lm_sender_id: string | null;
  lm_sender_role: ChatSenderRole | null;
  lm_sender_name: string | null;
  lm_body: string | null;
  lm_internal: boolean | null;
  lm_created_at: unknown;
  lm_attachment_id: string | null;
  lm_attachment_type: string | null;
  unread_count: unknown;
};

/**
 * Conversations as `viewer` sees them: the last message they may see, their unread count
 * (messages from others after their read mark, a guest's being the conversation's
 * guest_last_read_seq; for admins, messages from anyone but admins, notes of other admins
 * excluded), and the minutes the customer has waited for an answer.
 * @param where an SQL condition on `c` (the conversations row)
 */
async function summaries(db: Database, viewer: ChatParticipant, where: SQL, now: Date): Promise<Conversation[]> {
  const isAdmin = viewer.role === 'admin';
  const visible = isAdmin ? sql`true` : sql`not m.internal`;
  // what a customer wrote as a guest before their conversation joined the account is theirs too
  const unreadFrom = isAdmin
    ? sql`m.sender_role <> 'admin'`
    : viewer.userId === null
      ? sql`m.sender_role <> 'guest'`
      : sql`m.sender_id is distinct from ${viewer.userId} and not (m.sender_role = 'guest' and c.customer_id = ${viewer.userId})`;
  const readMark = viewer.userId === null ? sql`c.guest_last_read_seq` : sql`coalesce(r.last_read_seq, 0)`;
  const result = await db.execute(sql`
    select c.id, c.status, c.customer_id,
      coalesce(cu.name, c.guest_name) as customer_name, coalesce(cu.email, c.guest_email) as customer_email,
      coalesce(cp.phone, c.guest_phone) as customer_phone, c.language, (c.customer_id is null) as guest,
      c.booking_id, b.reference as booking_reference, c.assigned_admin_id, aa.name as assigned_admin_name,
      c.created_at, c.last_message_at, c.awaiting_reply_since,
      lm.id as lm_id, lm.seq as lm_seq, lm.sender_id as lm_sender_id, lm.sender_role as lm_sender_role,
      coalesce(ls.name, case when lm.sender_role = 'guest' then c.guest_name end) as lm_sender_name,
      lm.body as lm_body, lm.internal as lm_internal, lm.created_at as lm_created_at,
      lm.attachment_upload_id as lm_attachment_id, la.content_type as lm_attachment_type,
      (select count(*)::int from chat_messages m
        where m.conversation_id = c.id and m.seq > ${readMark} and ${visible} and ${unreadFrom}) as unread_count
    from conversations c
    left join users cu on cu.id = c.customer_id
    left join profiles cp on cp.id = c.customer_id
    left join bookings b on b.id = c.booking_id
    left join users aa on aa.id = c.assigned_admin_id
    left join chat_reads r on r.conversation_id = c.id and r.user_id = ${viewer.userId}
    left join lateral (select * from chat_messages m where m.conversation_id = c.id and ${visible} order by m.seq desc limit 1) lm on true
    left join users ls on ls.id = lm.sender_id
    left join uploads la on la.id = lm.attachment_upload_id
    where ${where}
    order by coalesce(c.last_message_at, c.created_at) desc, c.id
    limit ${LIST_LIMIT}`);
  return rowsOf<SummaryRow>(result).map((row) => {
    const waitingSince = row.status === 'open' && row.awaiting_reply_since ? new Date(row.awaiting_reply_since as string | Date) : null;
    return {
      id: row.id,
      status: row.status,
      customer: { id: row.customer_id, name: row.customer_name, email: row.customer_email },
      guest: row.guest === true,
      customerPhone: row.customer_phone,
      language: row.language === 'es' ? 'es' : 'en',
      bookingId: row.booking_id,
      bookingReference: row.booking_reference,
      assignedAdmin: row.assigned_admin_id ? { id: row.assigned_admin_id, name: row.assigned_admin_name ?? '' } : null,
      createdAt: iso(row.created_at)!,
      lastMessageAt: iso(row.last_message_at),
      lastMessage: row.lm_id
        ? {
            id: row.lm_id,
            conversationId: row.id,
            seq: Number(row.lm_seq),
            senderId: row.lm_sender_id,
            senderRole: row.lm_sender_role!,
            senderName: row.lm_sender_name,
            body: row.lm_body!,
            attachment: chatAttachmentOf(row.id, row.lm_attachment_id, row.lm_attachment_type),
            internal: row.lm_internal === true,
            createdAt: iso(row.lm_created_at)!,
          }
        : null,
      unreadCount: Number(row.unread_count),
      waitingMinutes: waitingSince ? Math.max(0, differenceInMinutes(now, waitingSince)) : null,
    };
  });
}

/**
 * The conversations a customer or worker takes part in: those they started, and (workers) those
 * of their active jobs. Admins get theirs as a customer here; their inbox is `adminInbox`.
 */
export function myConversations(db: Database, viewer: ChatViewer, now: Date): Promise<Conversation[]> {
  const asWorker =
    viewer.role === 'worker'
      ? sql` or exists (select 1 from bookings wb where wb.id = c.booking_id and wb.worker_id = ${viewer.userId} and wb.status::text in (${sql.join(WORKER_ACTIVE_STATUSES.map((s) => sql`${s}`), sql`, `)}))`
      : sql``;
  return summaries(db, viewer, sql`(c.customer_id = ${viewer.userId}${asWorker})`, now);
}

/** One conversation as `viewer` sees it (after `openConversation` admitted them). */
export async function conversationSummary(db: Database, viewer: ChatParticipant, id: string, now: Date): Promise<Conversation> {
  const [summary] = await summaries(db, viewer, sql`c.id = ${id}`, now);
  if (!summary) throw notFound();
  return summary;
}

/** The admins' inbox: open, closed, or open and assigned to the calling admin. */
export function adminInbox(db: Database, admin: ChatViewer, filter: 'open' | 'closed' | 'mine', now: Date): Promise<Conversation[]> {
  const where = filter === 'mine' ? sql`c.status = 'open' and c.assigned_admin_id = ${admin.userId}` : sql`c.status = ${filter}`;
  return summaries(db, admin, where, now);
}

type MessageRow = {
  id: string;
  conversation_id: string;
  seq: unknown;
  sender_id: string | null;
  sender_role: ChatSenderRole;
  sender_name: string | null;
  body: string;
  internal: boolean;
  created_at: unknown;
  attachment_upload_id: string | null;
  attachment_content_type: string | null;
};

/** Where a message's image is served to the conversation's participants (chat-attachments.routes.ts). */
export const chatAttachmentUrl = (conversationId: string, uploadId: string) => `/api/chats/${conversationId}/attachments/${uploadId}`;

function chatAttachmentOf(conversationId: string, uploadId: string | null, contentType: string | null): ChatMessage['attachment'] {
  return uploadId ? { id: uploadId, url: chatAttachmentUrl(conversationId, uploadId), contentType: contentType ?? 'image/jpeg' } : null;
}

/** The columns of a MessageRow from `m` (chat_messages) with MESSAGE_JOINS; a guest's messages carry the guest's name. */
const MESSAGE_COLUMNS = sql`m.id, m.conversation_id, m.seq, m.sender_id, m.sender_role,
  coalesce(u.name, case when m.sender_role = 'guest' then mc.guest_name end) as sender_name, m.body, m.internal, m.created_at,
  m.attachment_upload_id, au.content_type as attachment_content_type`;
const MESSAGE_JOINS = sql`left join users u on u.id = m.sender_id
  join conversations mc on mc.id = m.conversation_id
  left join uploads au on au.id = m.attachment_upload_id`;

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  conversationId: row.conversation_id,
  seq: Number(row.seq),
  senderId: row.sender_id,
  senderRole: row.sender_role,
  senderName: row.sender_name,
  body: row.body,
  attachment: chatAttachmentOf(row.conversation_id, row.attachment_upload_id, row.attachment_content_type),
  internal: row.internal === true,
  createdAt: iso(row.created_at)!,
});

/**
 * The messages after seq `after` that the viewer may see, oldest first (at most 500); admins see
 * internal notes. Marks them delivered to the viewer (a guest too: `advanceMarks`).
 */
export async function conversationMessages(db: Database, viewer: ChatParticipant, conversation: OpenedConversation, after: number): Promise<ChatMessage[]> {
  const visible = conversation.as === 'admin' ? sql`true` : sql`not m.internal`;
  const result = await db.execute(sql`
    select ${MESSAGE_COLUMNS}
    from chat_messages m ${MESSAGE_JOINS}
    where m.conversation_id = ${conversation.id} and m.seq > ${after} and ${visible}
    order by m.seq limit ${MESSAGES_LIMIT}`);
  const messages = rowsOf<MessageRow>(result).map(toMessage);
  const last = messages.at(-1);
  if (last) await advanceMarks(db, viewer, conversation, { delivered: last.seq });
  return messages;
}

/**
 * The other side's marks as `conversation.as` sees them (chatReceiptsSchema): for the customer (or
 * the guest), the highest marks of anyone on the team (admins, workers); for the team, the
 * customer's chat_reads marks, or in a conversation without an account the guest's
 * (guest_last_delivered_seq / guest_last_read_seq).
 */
export async function peerReceipts(db: Database, conversation: OpenedConversation): Promise<ChatReceipts> {
  const forCustomer = conversation.as === 'customer' || conversation.as === 'guest';
  if (!forCustomer && conversation.customerId === null) {
    const [guest] = await db
      .select({ delivered: conversations.guestLastDeliveredSeq, read: conversations.guestLastReadSeq })
      .from(conversations)
      .where(eq(conversations.id, conversation.id));
    return { deliveredSeq: Number(guest?.delivered ?? 0), readSeq: Number(guest?.read ?? 0) };
  }
  const peers = forCustomer ? sql`r.user_id is distinct from ${conversation.customerId}` : sql`r.user_id = ${conversation.customerId}`;
  const result = await db.execute(sql`
    select coalesce(max(r.last_delivered_seq), 0) as delivered, coalesce(max(r.last_read_seq), 0) as read
    from chat_reads r where r.conversation_id = ${conversation.id} and ${peers}`);
  const row = rowsOf<{ delivered: unknown; read: unknown }>(result)[0];
  return { deliveredSeq: Number(row?.delivered ?? 0), readSeq: Number(row?.read ?? 0) };
}

/**
 * Raises the viewer's read and/or delivered mark in a conversation (never lowers it) and announces
 * the side's receipts live when a mark moved (chat-activity.service.ts): a signed-in user's in
 * chat_reads (`advanceReadMarks`), a guest's on the conversation (`advanceGuestReadMarks`).
 * @param marks seqs: `read` (optional) and `delivered`, both within the conversation's messages
 * @returns whether a mark moved
 */
function advanceMarks(db: Database | Transaction, viewer: ChatParticipant, conversation: OpenedConversation, marks: { read?: number; delivered: number }): Promise<boolean> {
  return viewer.userId === null ? advanceGuestReadMarks(db, conversation, marks) : advanceReadMarks(db, conversation, viewer.userId, marks);
}

/** The viewer's stored read mark (0: none): their chat_reads row, or a guest's guest_last_read_seq. */
async function ownReadSeq(db: Database, viewer: ChatParticipant, conversationId: string): Promise<number> {
  if (viewer.userId === null) {
    const [guest] = await db.select({ lastReadSeq: conversations.guestLastReadSeq }).from(conversations).where(eq(conversations.id, conversationId));
    return Number(guest?.lastReadSeq ?? 0);
  }
  const [mark] = await db.select({ lastReadSeq: chatReads.lastReadSeq }).from(chatReads).where(and(eq(chatReads.conversationId, conversationId), eq(chatReads.userId, viewer.userId)));
  return Number(mark?.lastReadSeq ?? 0);
}

/**
 * Marks everything up to seq `upTo` read (capped at the conversation's last message), for a
 * signed-in participant or a guest alike (a guest's mark is kept on the conversation).
 * @returns the read mark now stored (never lower than before) and what stays unread for the viewer
 */
export async function markRead(db: Database, viewer: ChatParticipant, conversation: OpenedConversation, upTo: number, now: Date) {
  // Capped at the last message the viewer may see: a customer's mark never lands on a note's seq.
  const visible = conversation.as === 'admin' ? undefined : eq(chatMessages.internal, false);
  const [top] = await db.select({ max: sql<string | number | null>`max(${chatMessages.seq})` }).from(chatMessages).where(and(eq(chatMessages.conversationId, conversation.id), visible));
  const seq = Math.min(upTo, Number(top?.max ?? 0));
  await advanceMarks(db, viewer, conversation, { read: seq, delivered: seq });
  const lastReadSeq = await ownReadSeq(db, viewer, conversation.id);
  const summary = await conversationSummary(db, viewer, conversation.id, now);
  return { conversationId: conversation.id, lastReadSeq, unreadCount: summary.unreadCount };
}

/**
 * Stores one message and announces it, in one transaction. The sender's role in the thread
 * decides its effects: a customer's message reopens a closed conversation and starts the
 * waiting clock (if it is not running); a team reply the customer sees stops it.
 * @param idempotencyKey the request's Idempotency-Key: the same key again returns the first message
 * @returns the message, whether this call stored it (false: a replay), and whether it started a
 *   wait for the team (a customer's or guest's message in a conversation that was not waiting, or
 *   was closed): the moment admins are pushed once (issue #15, modules/push)
 * @param message.attachment an image to send (an upload of the sender: chat-attachment-owner.ts), or none
 * @throws AppError 403 forbidden when a non-admin asks for an internal note; 422
 *   idempotency_key_reused when the key was used for another text or image; 422
 *   attachment_invalid when the image is not an upload of the sender; 429 rate_limited (via the caller)
 */
export async function sendMessage(
  db: Database,
  viewer: ChatParticipant,
  conversation: OpenedConversation,
  message: { body: string; internal: boolean; attachment?: AttachmentClaim },
  idempotencyKey: string,
  now: Date,
): Promise<{ message: ChatMessage; created: boolean; startedWaiting: boolean }> {
  if (message.internal && conversation.as !== 'admin') throw new AppError(403, 'forbidden', 'chats.internalForAdmins');
  const senderRole: ChatSenderRole = conversation.as;
  const attachmentUploadId = message.attachment?.uploadId ?? null;
  const stored = await db.transaction(async (tx) => {
    // held until commit, so the upload cleanup cannot remove the image under the new message
    if (message.attachment) await lockOwnAttachment(tx, message.attachment);
    const [inserted] = await tx
      .insert(chatMessages)
      .values({ conversationId: conversation.id, senderId: viewer.userId, senderRole, body: message.body, attachmentUploadId, internal: message.internal, idempotencyKey, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return null;
    const fromCustomer = senderRole === 'customer' || senderRole === 'guest';
    // Read under the row's lock (the update below takes it anyway), so of two messages at once only one starts the wait.
    const [before] = fromCustomer
      ? await tx.select({ status: conversations.status, awaitingReplySince: conversations.awaitingReplySince }).from(conversations).where(eq(conversations.id, conversation.id)).for('update')
      : [];
    const startedWaiting = Boolean(before && (before.status !== 'open' || before.awaitingReplySince === null));
    // A team reply the customer sees ends the wait: record how long it took (chat-responses.ts).
    if (!fromCustomer && !message.internal) await recordChatResponse(tx, conversation.id, viewer.userId, now);
    await tx
      .update(conversations)
      .set({
        lastMessageAt: now,
        updatedAt: now,
        ...(fromCustomer ? { lastCustomerMessageAt: now, awaitingReplySince: sql`coalesce(${conversations.awaitingReplySince}, ${now.toISOString()}::timestamptz)`, status: 'open' as const } : {}),
        ...(!fromCustomer && !message.internal ? { awaitingReplySince: null } : {}),
      })
      .where(eq(conversations.id, conversation.id));
    // one's own message is read by its sender (a guest's too)
    await advanceMarks(tx, viewer, conversation, { read: inserted.seq, delivered: inserted.seq });
    const notice: ChatNotice = {
      conversationId: conversation.id,
      messageId: inserted.id,
      seq: inserted.seq,
      internal: inserted.internal,
      customerId: conversation.customerId,
      workerId: conversation.activeWorkerId,
    };
    await tx.execute(sql`select pg_notify(${CHAT_MESSAGES_CHANNEL}, ${JSON.stringify(notice)})`);
    return { id: inserted.id, startedWaiting };
  });
  if (stored) return { message: await readMessage(db, stored.id), created: true, startedWaiting: stored.startedWaiting };
  // The key was used before (or by a copy of this request sent at the same time, now committed).
  const [first] = await db
    .select({ id: chatMessages.id, body: chatMessages.body, internal: chatMessages.internal, attachmentUploadId: chatMessages.attachmentUploadId })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversation.id),
        viewer.userId === null ? isNull(chatMessages.senderId) : eq(chatMessages.senderId, viewer.userId),
        eq(chatMessages.idempotencyKey, idempotencyKey),
      ),
    );
  if (!first) throw new Error('chat message key conflict without a stored message');
  if (first.body !== message.body || first.internal !== message.internal || first.attachmentUploadId !== attachmentUploadId) throw ruleBroken('idempotency_key_reused', 'errors.idempotencyKeyReused');
  return { message: await readMessage(db, first.id), created: false, startedWaiting: false };
}

async function readMessage(db: Database, id: string): Promise<ChatMessage> {
  const result = await db.execute(sql`select ${MESSAGE_COLUMNS} from chat_messages m ${MESSAGE_JOINS} where m.id = ${id}`);
  return toMessage(rowsOf<MessageRow>(result)[0]!);
}

/**
 * Counts one send for the user against CHAT_SEND_LIMIT.
 * @returns null when allowed, else when the window ends (the caller answers 429)
 */
export async function chatSendBlockedUntil(db: Database, userId: string, now: Date): Promise<Date | null> {
  const hit = await countHit(db, counterKey('chat-send', userId), now, CHAT_SEND_LIMIT.windowSeconds);
  return hit.count > CHAT_SEND_LIMIT.max ? hit.resetsAt : null;
}

/**
 * Assigns a conversation to an admin, or unassigns it (null).
 * @throws AppError 404 for no such conversation; 422 assignee_not_admin when the user is not an admin
 */
export async function assignConversation(db: Database, id: string, adminId: string | null, now: Date): Promise<void> {
  if (adminId !== null && (await roleOf(db, adminId)) !== 'admin') throw ruleBroken('assignee_not_admin', 'chats.assigneeNotAdmin');
  const updated = await db.update(conversations).set({ assignedAdminId: adminId, updatedAt: now }).where(eq(conversations.id, id)).returning({ id: conversations.id });
  if (updated.length === 0) throw notFound();
}

/**
 * Closes or reopens a conversation (doing it twice changes nothing more).
 * @throws AppError 404 for no such conversation
 */
export async function setConversationStatus(db: Database, id: string, status: 'open' | 'closed', now: Date): Promise<void> {
  const updated = await db.update(conversations).set({ status, updatedAt: now }).where(eq(conversations.id, id)).returning({ id: conversations.id });
  if (updated.length === 0) throw notFound();
}

/** Most messages one reconnection replays; a client that missed more reads the conversations again. */
export const REPLAY_LIMIT = 1000;

/**
 * The live notices a viewer missed after SSE id `afterSeq` (a reconnecting stream's Last-Event-ID):
 * the messages of their conversations with a larger seq, oldest first, at most REPLAY_LIMIT.
 * Customers and workers: no internal notes; workers: their active jobs' conversations as they are now.
 */
export async function missedChatNotices(db: Database, viewer: ChatViewer, afterSeq: number): Promise<ChatMessageNotice[]> {
  const active = sql.join(WORKER_ACTIVE_STATUSES.map((s) => sql`${s}`), sql`, `);
  const mine =
    viewer.role === 'admin'
      ? sql`true`
      : sql`not m.internal and (c.customer_id = ${viewer.userId}${
          viewer.role === 'worker' ? sql` or exists (select 1 from bookings wb where wb.id = c.booking_id and wb.worker_id = ${viewer.userId} and wb.status::text in (${active}))` : sql``
        })`;
  const result = await db.execute(sql`
    select m.conversation_id, m.id, m.seq from chat_messages m join conversations c on c.id = m.conversation_id
    where m.seq > ${afterSeq} and ${mine} order by m.seq limit ${REPLAY_LIMIT}`);
  return rowsOf<{ conversation_id: string; id: string; seq: unknown }>(result).map((row) => ({ conversationId: row.conversation_id, messageId: row.id, seq: Number(row.seq) }));
}
