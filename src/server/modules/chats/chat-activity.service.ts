/**
 * Chat activity that is announced live but stores nothing of its own (issue #13, second slice):
 *  - typing: `POST /api/chats/{id}/typing` sends one `pg_notify('chat_activity', …)` after the
 *    access check, at most one per user and conversation every TYPING_THROTTLE_MS, counted in
 *    the shared `rate_limit_counters` (auth/attempt-counters.ts) so the limit holds however many
 *    app processes the typist's requests reach (issue #16). Internal notes never announce
 *    typing: the web does not call the route while an admin writes a note, and the route takes
 *    no body.
 *  - read receipts: every raise of a user's delivered/read marks (`advanceReadMarks`: reading
 *    messages marks them delivered, POST read marks them read, sending marks one's own message
 *    read) announces the side's marks on the same channel, only when a mark actually moved. A
 *    signed-out guest's marks live on the conversation (`guest_last_read_seq`,
 *    `guest_last_delivered_seq`: chat_reads keys on a user) and are raised and announced the same
 *    way by `advanceGuestReadMarks`.
 * The realtime hub fans the notices out; GET /api/events decides who sees them
 * (src/server/realtime/chat-events.ts `chatActivityEventFor`).
 */
import { sql } from 'drizzle-orm';
import { counterKey, countHit } from '../../auth/attempt-counters';
import type { ChatSenderRole } from '../../../domain/chats-contract';
import type { Database, Transaction } from '../../db/client';
import { chatReads, conversations } from '../../db/schema';
import { CHAT_ACTIVITY_CHANNEL, SENDER_NAME_MAX, type ChatReceiptActivity, type ChatTypingActivity } from '../../realtime/chat-events';
import type { OpenedConversation } from './chats.service';

/** At most one typing notice per user and conversation in this window, ms. */
export const TYPING_THROTTLE_MS = 2_000;

/**
 * Whether a typing notice may go out now: the first of its TYPING_THROTTLE_MS window, counted in
 * the shared counters (one upsert).
 * @param key the conversation and the typist
 */
async function typingAllowed(db: Database, key: string, now: Date): Promise<boolean> {
  const hit = await countHit(db, counterKey('chat-typing', key), now, TYPING_THROTTLE_MS / 1000);
  return hit.count === 1;
}

/** Who is typing: a signed-in user (their id) or a guest (null id, role 'guest'). */
export interface Typist {
  userId: string | null;
  role: ChatSenderRole;
  name: string | null;
}

/**
 * Announces that `typist` is typing in `conversation` (already admitted by openConversation or
 * the guest cookie), unless they did so less than TYPING_THROTTLE_MS ago.
 * @param throttleKey who is typing, for the throttle (a user id, or the guest's conversation token hash)
 * @returns whether a notice was sent (false: throttled)
 */
export async function announceTyping(
  db: Database,
  conversation: Pick<OpenedConversation, 'id' | 'customerId' | 'activeWorkerId'>,
  typist: Typist,
  throttleKey: string,
  now: Date,
): Promise<boolean> {
  if (!(await typingAllowed(db, `${conversation.id}:${throttleKey}`, now))) return false;
  const activity: ChatTypingActivity = {
    kind: 'typing',
    conversationId: conversation.id,
    customerId: conversation.customerId,
    workerId: conversation.activeWorkerId,
    senderId: typist.userId,
    senderRole: typist.role,
    senderName: typist.name === null ? null : typist.name.slice(0, SENDER_NAME_MAX),
  };
  await db.execute(sql`select pg_notify(${CHAT_ACTIVITY_CHANNEL}, ${JSON.stringify(activity)})`);
  return true;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Raises a user's read and/or delivered mark in a conversation (never lowers them; delivered is
 * never below read) and, when a mark moved, announces the marks of the user's side
 * (`chat_receipt`): the customer's own marks, or for the team the highest of any team member (the
 * same numbers as `peerReceipts`). Inside a transaction the notice goes out on commit.
 * @param conversation the conversation as the user opened it (`as` decides the side)
 * @param marks seqs: `read` (optional, default 0) and `delivered`
 * @returns whether a mark moved
 */
export async function advanceReadMarks(
  db: Database | Transaction,
  conversation: Pick<OpenedConversation, 'id' | 'customerId' | 'activeWorkerId' | 'as'>,
  userId: string,
  marks: { read?: number; delivered: number },
): Promise<boolean> {
  const read = marks.read ?? 0;
  const moved = await db
    .insert(chatReads)
    .values({ conversationId: conversation.id, userId, lastReadSeq: read, lastDeliveredSeq: Math.max(read, marks.delivered) })
    .onConflictDoUpdate({
      target: [chatReads.conversationId, chatReads.userId],
      set: {
        lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)`,
        lastDeliveredSeq: sql`greatest(${chatReads.lastDeliveredSeq}, excluded.last_delivered_seq)`,
        updatedAt: sql`now()`,
      },
      // no row comes back when nothing moved: nothing to announce
      setWhere: sql`${chatReads.lastReadSeq} < excluded.last_read_seq or ${chatReads.lastDeliveredSeq} < excluded.last_delivered_seq`,
    })
    .returning({ read: chatReads.lastReadSeq, delivered: chatReads.lastDeliveredSeq });
  const mark = moved[0];
  if (!mark) return false;
  const side = conversation.as === 'customer' || conversation.as === 'guest' ? 'customer' : 'team';
  let seqs = { deliveredSeq: Number(mark.delivered), readSeq: Number(mark.read) };
  if (side === 'team') {
    const result = await db.execute(sql`
      select coalesce(max(r.last_delivered_seq), 0) as delivered, coalesce(max(r.last_read_seq), 0) as read
      from chat_reads r where r.conversation_id = ${conversation.id} and r.user_id is distinct from ${conversation.customerId}`);
    const team = rowsOf<{ delivered: unknown; read: unknown }>(result)[0];
    seqs = { deliveredSeq: Number(team?.delivered ?? 0), readSeq: Number(team?.read ?? 0) };
  }
  await announceReceipt(db, conversation, side, seqs);
  return true;
}

/**
 * Raises a signed-out guest's read and/or delivered mark in their conversation (the
 * conversation's `guest_last_read_seq` / `guest_last_delivered_seq`; never lowers them; delivered
 * is never below read) and, when a mark moved, announces them as the customer side's receipt
 * (`chat_receipt`, side 'customer', to the team), exactly as `advanceReadMarks` does for a
 * signed-in customer. Inside a transaction the notice goes out on commit.
 * Only a conversation still without an account is touched: once it joined one (chat-guests.service.ts
 * `joinGuestConversations`, which carries these marks into chat_reads) a guest's late mark is
 * dropped instead of landing where nobody reads it.
 * @param conversation the conversation as the guest opened it (openConversation, `as` 'guest')
 * @param marks seqs: `read` (optional, default 0) and `delivered`; the caller keeps `read` within
 *   the conversation's messages
 * @returns whether a mark moved
 */
export async function advanceGuestReadMarks(
  db: Database | Transaction,
  conversation: Pick<OpenedConversation, 'id' | 'customerId' | 'activeWorkerId'>,
  marks: { read?: number; delivered: number },
): Promise<boolean> {
  const read = marks.read ?? 0;
  const delivered = Math.max(read, marks.delivered);
  const moved = await db
    .update(conversations)
    .set({
      guestLastReadSeq: sql`greatest(${conversations.guestLastReadSeq}, ${read}::bigint)`,
      guestLastDeliveredSeq: sql`greatest(${conversations.guestLastDeliveredSeq}, ${delivered}::bigint)`,
    })
    // no row comes back when nothing moved: nothing to announce
    .where(
      sql`${conversations.id} = ${conversation.id} and ${conversations.customerId} is null
        and (${conversations.guestLastReadSeq} < ${read}::bigint or ${conversations.guestLastDeliveredSeq} < ${delivered}::bigint)`,
    )
    .returning({ read: conversations.guestLastReadSeq, delivered: conversations.guestLastDeliveredSeq });
  const mark = moved[0];
  if (!mark) return false;
  await announceReceipt(db, conversation, 'customer', { deliveredSeq: Number(mark.delivered), readSeq: Number(mark.read) });
  return true;
}

/**
 * Announces one side's marks of a conversation (`chat_receipt` to the other side);
 * `advanceReadMarks` (signed-in users) and `advanceGuestReadMarks` (a guest) call it when a mark moved.
 */
export async function announceReceipt(
  db: Database | Transaction,
  conversation: Pick<OpenedConversation, 'id' | 'customerId' | 'activeWorkerId'>,
  side: 'customer' | 'team',
  seqs: { deliveredSeq: number; readSeq: number },
): Promise<void> {
  const activity: ChatReceiptActivity = { kind: 'receipt', conversationId: conversation.id, customerId: conversation.customerId, workerId: conversation.activeWorkerId, side, ...seqs };
  await db.execute(sql`select pg_notify(${CHAT_ACTIVITY_CHANNEL}, ${JSON.stringify(activity)})`);
}
