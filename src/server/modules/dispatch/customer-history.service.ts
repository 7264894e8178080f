/**
 * Reads one customer's history for admins (issue #14, src/domain/customer-history-contract.ts):
 * their account, bookings, ledger rows, chat conversations with messages, and the notes on their
 * bookings. A handful of queries, whatever the number of bookings.
 */
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CustomerHistory } from '../../../domain/customer-history-contract';
import type { ServiceSlug } from '../../../domain/services';
import type { Database } from '../../db/client';
import { bookingEvents, bookings, chatMessages, conversations, paymentLedger, profiles, user } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** Messages shown per conversation (the latest ones). */
const MESSAGES_PER_CHAT = 100;

/** @throws AppError 404 not_found when no account has this id */
export async function customerHistory(db: Database, customerId: string): Promise<CustomerHistory> {
  const [account] = await db
    .select({ id: user.id, name: user.name, email: user.email, phone: profiles.phone, joinedAt: user.createdAt })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, customerId));
  if (!account) throw notFound();

  const worker = db.select({ id: user.id, name: user.name }).from(user).as('worker');
  const bookingRows = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      service: bookings.serviceSlug,
      status: bookings.status,
      scheduledStart: bookings.scheduledStart,
      totalCents: bookings.totalCents,
      finalTotalCents: bookings.finalTotalCents,
      notes: bookings.notes,
      workerName: worker.name,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .leftJoin(worker, eq(worker.id, bookings.workerId))
    .where(eq(bookings.customerId, customerId))
    .orderBy(desc(bookings.scheduledStart));
  const ids = bookingRows.map((b) => b.id);
  const referenceOf = new Map(bookingRows.map((b) => [b.id, b.reference]));

  const [ledger, events, chats] = await Promise.all([
    ids.length ? db.select().from(paymentLedger).where(inArray(paymentLedger.bookingId, ids)).orderBy(desc(paymentLedger.createdAt)) : [],
    ids.length
      ? db
          .select({ bookingId: bookingEvents.bookingId, note: bookingEvents.note, actorRole: bookingEvents.actorRole, createdAt: bookingEvents.createdAt })
          .from(bookingEvents)
          .where(and(inArray(bookingEvents.bookingId, ids), isNotNull(bookingEvents.note)))
          .orderBy(desc(bookingEvents.createdAt))
      : [],
    db.select().from(conversations).where(eq(conversations.customerId, customerId)).orderBy(desc(conversations.createdAt)),
  ]);

  const chatIds = chats.map((c) => c.id);
  const messages = chatIds.length
    ? await db
        .select({
          id: chatMessages.id,
          conversationId: chatMessages.conversationId,
          seq: chatMessages.seq,
          senderRole: chatMessages.senderRole,
          senderName: user.name,
          body: chatMessages.body,
          internal: chatMessages.internal,
          attachmentUploadId: chatMessages.attachmentUploadId,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .leftJoin(user, eq(user.id, chatMessages.senderId))
        .where(inArray(chatMessages.conversationId, chatIds))
        .orderBy(asc(chatMessages.seq))
    : [];
  const chatBookingRefs = chats.some((c) => c.bookingId && !referenceOf.has(c.bookingId))
    ? await db.select({ id: bookings.id, reference: bookings.reference }).from(bookings).where(inArray(bookings.id, chats.flatMap((c) => (c.bookingId ? [c.bookingId] : []))))
    : [];
  for (const row of chatBookingRefs) referenceOf.set(row.id, row.reference);

  const bookingNotes = bookingRows.flatMap((b) => (b.notes?.trim() ? [{ bookingId: b.id, reference: b.reference, source: 'booking' as const, authorRole: 'user', text: b.notes.trim(), createdAt: b.createdAt.toISOString() }] : []));
  const eventNotes = events.flatMap((e) => (e.note?.trim() ? [{ bookingId: e.bookingId, reference: referenceOf.get(e.bookingId) ?? '', source: 'event' as const, authorRole: e.actorRole ?? null, text: e.note.trim(), createdAt: e.createdAt.toISOString() }] : []));

  return {
    customer: { ...account, joinedAt: account.joinedAt.toISOString() },
    bookings: bookingRows.map((b) => ({
      id: b.id,
      reference: b.reference,
      service: b.service as ServiceSlug,
      status: b.status,
      scheduledStart: b.scheduledStart.toISOString(),
      totalCents: b.status === 'completed' && b.finalTotalCents !== null ? b.finalTotalCents : b.totalCents,
      workerName: b.workerName ?? null,
      createdAt: b.createdAt.toISOString(),
    })),
    payments: ledger.map((row) => ({ id: row.id, bookingId: row.bookingId, reference: referenceOf.get(row.bookingId) ?? '', kind: row.kind, amountCents: row.amountCents, reason: row.reason, createdAt: row.createdAt.toISOString() })),
    chats: chats.map((chat) => ({
      id: chat.id,
      status: chat.status,
      bookingReference: chat.bookingId ? (referenceOf.get(chat.bookingId) ?? null) : null,
      createdAt: chat.createdAt.toISOString(),
      messages: messages
        .filter((m) => m.conversationId === chat.id)
        .slice(-MESSAGES_PER_CHAT)
        .map((m) => ({ id: m.id, senderRole: m.senderRole, senderName: m.senderName ?? null, body: m.body, internal: m.internal, hasAttachment: m.attachmentUploadId !== null, createdAt: m.createdAt.toISOString() })),
    })),
    notes: [...bookingNotes, ...eventNotes].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  };
}
