/**
 * Guest conversations (issue #13, docs/decisions/019-chat-guests.md): a signed-out visitor starts
 * one conversation with their name and an email or a phone, and reaches it through the
 * `chat_guest` cookie (src/server/lib/chat-guest-cookie.ts; only the token's SHA-256 is stored).
 * It joins the visitor's account when they sign in and open their chats with that cookie, or with
 * a verified account email equal to the guest email (an unverified one never joins: anyone can sign
 * up with someone else's address). Joining sets customer_id and clears the token; the messages the
 * guest wrote keep sender_role `guest` (chats.service.ts counts them as the customer's own), and
 * the guest's read marks (guest_last_read_seq / guest_last_delivered_seq) become the customer's
 * chat_reads marks, so the team's receipts and the customer's unread count carry over.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ChatLanguage, ChatMessageNotice } from '../../../domain/chats-contract';
import { countHit, counterKey } from '../../auth/attempt-counters';
import type { Database } from '../../db/client';
import { chatReads, conversations, user } from '../../db/schema';
import { REPLAY_LIMIT } from './chats.service';

/** Guest conversations one IP address may start per window (keyed by the IP's keyed hash): 10 an hour leaves room for a household or an office behind one address. */
export const GUEST_START_LIMIT = { max: 10, windowSeconds: 60 * 60 };
/** Messages one guest conversation may receive from its guest per window. */
export const GUEST_SEND_LIMIT = { max: 30, windowSeconds: 60 };

/**
 * The conversation a `chat_guest` token reaches: one still without an account (a joined one has
 * no token any more).
 * @param tokenHash SHA-256 (hex) of the cookie's token
 * @returns its id and status, or null
 */
export async function guestConversationOf(db: Database, tokenHash: string | null): Promise<{ id: string; status: 'open' | 'closed' } | null> {
  if (!tokenHash) return null;
  const [row] = await db
    .select({ id: conversations.id, status: conversations.status })
    .from(conversations)
    .where(and(eq(conversations.guestTokenHash, tokenHash), isNull(conversations.customerId)));
  return row ?? null;
}

/**
 * Starts a guest conversation.
 * @param guest name, email and/or phone (E.164 or as the contract normalized it), language
 * @param tokenHash SHA-256 (hex) of the new `chat_guest` token
 * @returns the new conversation's id
 */
export async function startGuestConversation(
  db: Database,
  guest: { name: string; email?: string; phone?: string; language?: ChatLanguage },
  tokenHash: string,
  now: Date,
): Promise<string> {
  const [made] = await db
    .insert(conversations)
    .values({
      guestName: guest.name,
      guestEmail: guest.email ?? null,
      guestPhone: guest.phone ?? null,
      guestTokenHash: tokenHash,
      language: guest.language ?? 'en',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: conversations.id });
  return made!.id;
}

/**
 * Counts one guest start for an IP address against GUEST_START_LIMIT.
 * @param ipHash the keyed hash of the client's IP (upload-quota.ts `hashClientIp`)
 * @returns null when allowed, else when the window ends (the caller answers 429)
 */
export async function guestStartBlockedUntil(db: Database, ipHash: string, now: Date): Promise<Date | null> {
  const hit = await countHit(db, counterKey('chat-guest-start', ipHash), now, GUEST_START_LIMIT.windowSeconds);
  return hit.count > GUEST_START_LIMIT.max ? hit.resetsAt : null;
}

/**
 * Counts one guest message in a conversation against GUEST_SEND_LIMIT (a guest has no user id:
 * the conversation is the unit).
 * @returns null when allowed, else when the window ends (the caller answers 429)
 */
export async function guestSendBlockedUntil(db: Database, conversationId: string, now: Date): Promise<Date | null> {
  const hit = await countHit(db, counterKey('chat-send-guest', conversationId), now, GUEST_SEND_LIMIT.windowSeconds);
  return hit.count > GUEST_SEND_LIMIT.max ? hit.resetsAt : null;
}

/**
 * Joins guest conversations to a signed-in user's account: the one their browser's `chat_guest`
 * token reaches, and, when the account's email is verified, those whose guest email equals it
 * (case-insensitive). Sets customer_id and clears the token, and carries the guest's read marks
 * into the user's chat_reads row of each (the greater of both, per mark), in one transaction.
 * A guest mark raised at the same moment either lands before the join (and is carried: the
 * update reads the row's latest version) or is dropped (chat-activity.service.ts
 * `advanceGuestReadMarks` touches only conversations without an account).
 * @param tokenHash SHA-256 (hex) of the request's `chat_guest` token, or null without the cookie
 * @returns the ids of the conversations joined now
 */
export async function joinGuestConversations(db: Database, userId: string, tokenHash: string | null, now: Date): Promise<string[]> {
  const [account] = await db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  const byCookie = tokenHash ? eq(conversations.guestTokenHash, tokenHash) : undefined;
  const byEmail = account?.emailVerified ? sql`lower(${conversations.guestEmail}) = lower(${account.email})` : undefined;
  if (!byCookie && !byEmail) return [];
  return db.transaction(async (tx) => {
    const joined = await tx
      .update(conversations)
      .set({ customerId: userId, guestTokenHash: null, updatedAt: now })
      .where(and(isNull(conversations.customerId), or(byCookie, byEmail)))
      .returning({ id: conversations.id, read: conversations.guestLastReadSeq, delivered: conversations.guestLastDeliveredSeq });
    // a guest who never received anything has no marks to carry (delivered is never below read)
    const marks = joined.filter((row) => Number(row.delivered) > 0);
    if (marks.length > 0) {
      await tx
        .insert(chatReads)
        .values(marks.map((row) => ({ conversationId: row.id, userId, lastReadSeq: Number(row.read), lastDeliveredSeq: Number(row.delivered), updatedAt: now })))
        .onConflictDoUpdate({
          target: [chatReads.conversationId, chatReads.userId],
          set: {
            lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)`,
            lastDeliveredSeq: sql`greatest(${chatReads.lastDeliveredSeq}, excluded.last_delivered_seq)`,
            updatedAt: now,
          },
        });
    }
    return joined.map((row) => row.id);
  });
}

/**
 * The live notices a guest's stream missed after SSE id `afterSeq`: their conversation's messages
 * (no internal notes) with a larger seq, oldest first, at most REPLAY_LIMIT.
 */
export async function missedGuestChatNotices(db: Database, conversationId: string, afterSeq: number): Promise<ChatMessageNotice[]> {
  const result = await db.execute(sql`
    select m.conversation_id, m.id, m.seq from chat_messages m
    where m.conversation_id = ${conversationId} and m.seq > ${afterSeq} and not m.internal order by m.seq limit ${REPLAY_LIMIT}`);
  return (result as unknown as { rows: { conversation_id: string; id: string; seq: unknown }[] }).rows.map((row) => ({ conversationId: row.conversation_id, messageId: row.id, seq: Number(row.seq) }));
}
