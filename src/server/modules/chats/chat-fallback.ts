/**
 * The chats' offline fallback emails (issue #13), run once a minute with the scheduled jobs
 * (src/server/scheduled-jobs.ts):
 *  (a) a customer (signed in, or a guest who left an email) who has not read a team reply (an
 *      admin's or worker's message, not an internal note) within CUSTOMER_EMAIL_AFTER_MINUTES of
 *      it gets ONE email listing every reply they have not read yet, in the conversation's
 *      language, with a link that opens the chat (`/?chat=open`). `customer_emailed_seq` is raised
 *      to the last reply included, so no reply is emailed twice. A signed-in customer who turned
 *      email off (Settings > Preferences, notification_preferences.email) gets nothing: the mark
 *      is raised all the same. Only conversations with a message in the last LOOKBACK_HOURS count.
 *  (b) operations (config.mail.operationsEmail) get one alert per wait when an open conversation's
 *      customer has waited more than ADMIN_ALERT_AFTER_MINUTES for an answer
 *      (`awaiting_reply_since`); `admin_alerted_for` remembers the wait alerted about.
 * "Read" for the customer is their chat_reads mark, a guest's mark on the conversation
 * (`guest_last_read_seq`, raised by POST /api/chats/{id}/read and by their own messages), or their
 * own later message (answering shows they saw the reply).
 *
 * Safe in several processes at once: each batch claims its conversations in one transaction
 * (SELECT … FOR UPDATE SKIP LOCKED, then the marks raised) before any mail is sent, so two runs
 * never pick the same work; the mail goes out after the claim commits. A failed SMTP send is kept
 * in mail_outbox with its error (mailer.ts) and is not retried: the reply stays readable in the
 * chat, and a later reply starts a new email.
 */
import { differenceInMinutes } from 'date-fns/differenceInMinutes';
import { subHours } from 'date-fns/subHours';
import { subMinutes } from 'date-fns/subMinutes';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Lang } from '../../lib/i18n';
import type { Logger } from '../../lib/logger';
import { renderChatRepliesMail, renderChatWaitingAlert, type EmailedReply } from '../../mail/chat-mail';
import type { Mailer } from '../../mail/mailer';

/** A team reply unread this long (minutes) is emailed to the customer. */
export const CUSTOMER_EMAIL_AFTER_MINUTES = 3;
/** A customer waiting this long (minutes) for an answer is reported to operations (the contact promise's upper bound). */
export const ADMIN_ALERT_AFTER_MINUTES = 10;
/** The path the web opens the customer's chat with (the chat widget reads `?chat=open`). */
export const CHAT_OPEN_PATH = '/?chat=open';
/**
 * Only conversations with a message in this many hours are looked at (the scan stays small as
 * chats pile up; a reply older than that is not worth an email any more).
 */
export const LOOKBACK_HOURS = 48;
/** Conversations one batch claims. */
const BATCH = 50;
/** Replies one email lists at most (the newest are kept; the link shows them all). */
const REPLIES_PER_EMAIL = 30;

export interface ChatFallbackDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'> & { mail: Pick<Config['mail'], 'operationsEmail'> };
  now: () => Date;
  logger: Logger;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const toDate = (value: unknown) => new Date(value as string | Date);

/**
 * The customer's read mark in a conversation `c`: the greatest of their chat_reads mark, the guest's
 * mark (`c.guest_last_read_seq`: a guest's, or what a joined conversation's guest read before joining,
 * also carried into chat_reads) and their own latest message.
 */
const customerReadSeq = sql`greatest(
  coalesce((select r.last_read_seq from chat_reads r where r.conversation_id = c.id and r.user_id = c.customer_id), 0),
  c.guest_last_read_seq,
  coalesce((select max(cm.seq) from chat_messages cm where cm.conversation_id = c.id and cm.sender_role in ('customer', 'guest')), 0))`;

/** Team replies the customer sees (no notes), not yet emailed nor read, of conversation `c`. */
const unreadReply = sql`m.conversation_id = c.id and not m.internal and m.sender_role in ('admin', 'worker')
  and m.seq > c.customer_emailed_seq and m.seq > ${customerReadSeq}`;

interface ClaimedReplies {
  conversationId: string;
  to: string;
  name: string | null;
  language: Lang;
  emailOn: boolean;
  replies: EmailedReply[];
}

/**
 * Claims one batch of conversations whose customer has a team reply unread for
 * CUSTOMER_EMAIL_AFTER_MINUTES, raising each one's customer_emailed_seq to its last unread reply.
 * @returns what to send for each (replies oldest first)
 */
async function claimUnreadReplies(db: Database, now: Date): Promise<ClaimedReplies[]> {
  const dueBefore = subMinutes(now, CUSTOMER_EMAIL_AFTER_MINUTES).toISOString();
  const lookback = subHours(now, LOOKBACK_HOURS).toISOString();
  return db.transaction(async (tx) => {
    const candidates = rowsOf<{ id: string; email_to: string; name: string | null; language: string; email_on: boolean }>(
      await tx.execute(sql`
        select c.id, coalesce(u.email, c.guest_email) as email_to, coalesce(u.name, c.guest_name) as name, c.language,
          coalesce(np.email, true) as email_on
        from conversations c
        left join users u on u.id = c.customer_id
        left join notification_preferences np on np.user_id = c.customer_id
        where c.last_message_at >= ${lookback}::timestamptz and coalesce(u.email, c.guest_email) is not null
          and exists (select 1 from chat_messages m where ${unreadReply} and m.created_at <= ${dueBefore}::timestamptz)
        order by c.id
        limit ${BATCH}
        for update of c skip locked`),
    );
    const claimed: ClaimedReplies[] = [];
    for (const c of candidates) {
      const replies = rowsOf<{ seq: unknown; body: string; has_attachment: boolean; created_at: unknown; sender_name: string | null }>(
        await tx.execute(sql`
          select m.seq, m.body, (m.attachment_upload_id is not null) as has_attachment, m.created_at, u.name as sender_name
          from conversations c join chat_messages m on ${unreadReply}
          left join users u on u.id = m.sender_id
          where c.id = ${c.id}
          order by m.seq`),
      );
      const last = replies.at(-1);
      if (!last) continue;
      await tx.execute(sql`update conversations set customer_emailed_seq = ${Number(last.seq)} where id = ${c.id} and customer_emailed_seq < ${Number(last.seq)}`);
      claimed.push({
        conversationId: c.id,
        to: c.email_to,
        name: c.name,
        language: c.language === 'es' ? 'es' : 'en',
        emailOn: c.email_on !== false,
        replies: replies.slice(-REPLIES_PER_EMAIL).map((r) => ({ senderName: r.sender_name, body: r.body, hasAttachment: r.has_attachment === true, createdAt: toDate(r.created_at) })),
      });
    }
    return claimed;
  });
}

interface ClaimedWait {
  id: string;
  since: Date;
  customerName: string | null;
  contact: string | null;
  guest: boolean;
  lastMessage: string | null;
}

/**
 * Claims one batch of open conversations whose customer has waited more than
 * ADMIN_ALERT_AFTER_MINUTES and whose wait was not alerted yet (admin_alerted_for set to it).
 */
async function claimLongWaits(db: Database, now: Date): Promise<ClaimedWait[]> {
  const dueBefore = subMinutes(now, ADMIN_ALERT_AFTER_MINUTES).toISOString();
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ id: string; since: unknown; customer_name: string | null; contact: string | null; guest: boolean; last_message: string | null }>(
      await tx.execute(sql`
        select c.id, c.awaiting_reply_since as since, coalesce(u.name, c.guest_name) as customer_name,
          coalesce(u.email, c.guest_email, p.phone, c.guest_phone) as contact, (c.customer_id is null) as guest,
          (select m.body from chat_messages m where m.conversation_id = c.id and m.sender_role in ('customer', 'guest') order by m.seq desc limit 1) as last_message
        from conversations c
        left join users u on u.id = c.customer_id
        left join profiles p on p.id = c.customer_id
        where c.status = 'open' and c.awaiting_reply_since is not null and c.awaiting_reply_since < ${dueBefore}::timestamptz
          and c.admin_alerted_for is distinct from c.awaiting_reply_since
        order by c.awaiting_reply_since, c.id
        limit ${BATCH}
        for update of c skip locked`),
    );
    for (const row of rows) await tx.execute(sql`update conversations set admin_alerted_for = awaiting_reply_since where id = ${row.id}`);
    return rows.map((row) => ({ id: row.id, since: toDate(row.since), customerName: row.customer_name, contact: row.contact, guest: row.guest === true, lastMessage: row.last_message || null }));
  });
}

/**
 * One run of both fallbacks (see the module comment). Batches repeat until a batch comes back
 * short. Mail failures are kept in mail_outbox and logged by the mailer.
 * @returns how many customer emails were sent (or kept in the dev outbox), how many were not
 *   sent because the customer turned email off, and how many operations alerts went out
 * @throws the database error of a claim (the scheduled jobs log it)
 */
export async function sendChatFallbackEmails(deps: ChatFallbackDeps): Promise<{ customerEmails: number; emailOff: number; adminAlerts: number }> {
  const now = deps.now();
  const origin = deps.config.publicUrl.replace(/\/+$/, '');
  let customerEmails = 0;
  let emailOff = 0;
  let adminAlerts = 0;
  for (;;) {
    const batch = await claimUnreadReplies(deps.db, now);
    for (const claim of batch) {
      if (!claim.emailOn) {
        emailOff++;
        continue;
      }
      await deps.mailer.send(renderChatRepliesMail({ to: claim.to, name: claim.name, language: claim.language, replies: claim.replies, url: `${origin}${CHAT_OPEN_PATH}` }));
      customerEmails++;
    }
    if (batch.length < BATCH) break;
  }
  for (;;) {
    const batch = await claimLongWaits(deps.db, now);
    for (const wait of batch) {
      await deps.mailer.send(
        renderChatWaitingAlert({
          to: deps.config.mail.operationsEmail,
          minutes: Math.max(ADMIN_ALERT_AFTER_MINUTES, differenceInMinutes(now, wait.since)),
          since: wait.since,
          customer: { name: wait.customerName, contact: wait.contact, guest: wait.guest },
          lastMessage: wait.lastMessage,
          url: `${origin}/admin/chats?c=${wait.id}`,
        }),
      );
      adminAlerts++;
    }
    if (batch.length < BATCH) break;
  }
  if (customerEmails + emailOff + adminAlerts > 0) deps.logger.info({ customerEmails, emailOff, adminAlerts }, 'chat fallback emails');
  return { customerEmails, emailOff, adminAlerts };
}
