/**
 * Response-time analytics of the chats (issue #13): each answered wait becomes one
 * `chat_responses` row, written in the transaction of the team reply that ended it, and
 * /admin/analytics reads them (src/server/modules/analytics/chat-response-report.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';

/**
 * Records the wait a team reply ends, if one is running: the conversation's `awaiting_reply_since`
 * (the first customer message the team had not answered) up to `answeredAt`, in whole seconds;
 * `first` when the conversation has no earlier answered wait. Call it before the reply clears
 * `awaiting_reply_since`, for replies the customer sees only (never internal notes). A wait is
 * recorded once (ON CONFLICT (conversation_id, waiting_since) DO NOTHING), also when two replies
 * end it together.
 * @param responderId the replying admin or worker (null if unknown)
 * @returns whether a row was written (false: nothing was waiting, or it was already recorded)
 */
export async function recordChatResponse(db: Database | Transaction, conversationId: string, responderId: string | null, answeredAt: Date): Promise<boolean> {
  const at = answeredAt.toISOString();
  const result = await db.execute(sql`
    insert into chat_responses (conversation_id, waiting_since, answered_at, response_seconds, first, responder_id)
    select c.id, c.awaiting_reply_since, ${at}::timestamptz,
      greatest(0, floor(extract(epoch from (${at}::timestamptz - c.awaiting_reply_since))))::int,
      not exists (select 1 from chat_responses r where r.conversation_id = c.id),
      ${responderId}
    from conversations c
    where c.id = ${conversationId} and c.awaiting_reply_since is not null
    on conflict (conversation_id, waiting_since) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
