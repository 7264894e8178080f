/**
 * Sends mail and keeps a copy of every message in `mail_outbox`.
 *
 * With `SMTP_URL` set, messages go out through nodemailer over SMTP and their row records the
 * transport 'smtp', `sent_at` on success or `error` on failure. Without it (development, tests)
 * nothing leaves the machine: the row, transport 'dev', is the message, and admins read it at
 * GET /api/admin/outbox.
 *
 * A message tied to a booking is claimed before it is sent: the row is inserted with
 * ON CONFLICT (booking_id, template) DO NOTHING (unique index of migration 0003), so the same
 * template is never sent twice for one booking, even when two deliveries of one event race or
 * two server processes both hear it. A failed SMTP send is not retried automatically (the row
 * keeps the error for an operator). A message with `skippedReason` is claimed and recorded the
 * same way but never sent (a customer who turned booking emails off).
 */
import DataLoader from 'dataloader';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Lang } from '../lib/i18n';
import type { Logger } from '../lib/logger';
import { recordServerError } from '../modules/errors/server-errors';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** iCalendar text, attached as `booking.ics` (text/calendar). */
  ics?: string | null;
  /**
   * Other files to attach (the PDF receipt, issue #14). Sent over SMTP; the dev outbox row keeps
   * no copy (mail_outbox has no column for them): the receipt can be downloaded again from
   * GET /api/bookings/{id}/receipt.pdf.
   */
  attachments?: MailAttachment[];
  /** The message kind, e.g. 'booking_received'. */
  template: string;
  language: Lang;
  /** The booking it is about; with it, (bookingId, template) is sent at most once. */
  bookingId?: string | null;
  /** Record the message without sending it, for this reason (e.g. 'email_off'). */
  skippedReason?: string | null;
}

/** A file attached to a message. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export type MailOutcome =
  | { status: 'stored'; id: string }
  | { status: 'sent'; id: string }
  | { status: 'failed'; id: string; error: string }
  /** Recorded, not sent (`skippedReason`). */
  | { status: 'skipped'; id: string }
  /** (bookingId, template) already has a message: nothing was sent. */
  | { status: 'duplicate' };

export interface Mailer {
  readonly transport: 'smtp' | 'dev';
  /** Claims the message's row, then sends it (SMTP) or just keeps it (dev). Never throws for an SMTP failure: see the outcome. */
  send(mail: OutgoingMail): Promise<MailOutcome>;
  /**
   * `send` for several messages about bookings, claimed in one insert (issue #16: a booking's two
   * "received" mails were two round trips), together with the messages of other calls made in the
   * same turn of the event loop (the notifier renders the events it claimed together at once);
   * each is then sent (SMTP) or kept (dev) as `send` does.
   * @returns one outcome per message, in order
   */
  sendMany(mails: readonly (OutgoingMail & { bookingId: string })[]): Promise<MailOutcome[]>;
  /** Whether a booking already has a message of this template (cheap check before rendering). */
  hasMessage(bookingId: string, template: string): Promise<boolean>;
  /** Which of these templates a booking already has a message of: hasMessage for several in one query (issue #16). */
  templatesSent(bookingId: string, templates: readonly string[]): Promise<Set<string>>;
  /** Closes the SMTP connection pool, if any. */
  close(): void;
}

/** What actually moves the bytes; nodemailer's transporter fits. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<unknown>;
  close(): void;
}

/** The outbox columns a message fills (outboxRow), in the claiming insert's order. */
const OUTBOX_FIELDS = ['to', 'subject', 'text', 'html', 'ics', 'template', 'language', 'bookingId', 'transport', 'skippedReason'] as const;
type OutboxField = (typeof OUTBOX_FIELDS)[number];
/** At most this many messages in one claiming insert (sendMany). */
const CLAIM_MAX = 40;

/**
 * @param mail the `mail` part of Config (SMTP_URL, MAIL_FROM)
 * @param transport tests only: a transport to use instead of one built from SMTP_URL
 */
export function createMailer(db: Database, mail: Config['mail'], logger: Logger, transport?: MailTransport): Mailer {
  const smtp: MailTransport | null =
    transport ??
    (mail.smtpUrl
      ? nodemailer.createTransport({ url: mail.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : null);
  const kind = smtp ? 'smtp' : 'dev';

  const outboxRow = (message: OutgoingMail) => ({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    ics: message.ics ?? null,
    template: message.template,
    language: message.language,
    bookingId: message.bookingId ?? null,
    transport: kind,
    skippedReason: message.skippedReason ?? null,
  }) satisfies Record<OutboxField, unknown>;

  /**
   * The claiming insert of `count` messages (sendMany), built once per count and, on a PostgreSQL
   * server, a named prepared statement (issue #16: drizzle built it again for every booking's two
   * mails). Every column is a placeholder; the id and created_at are the database's defaults.
   */
  const claimInserts = new Map<number, ReturnType<typeof prepareClaimInsert>>();
  function prepareClaimInsert(count: number) {
    const rows = Array.from({ length: count }, (_, i) => Object.fromEntries(OUTBOX_FIELDS.map((field) => [field, sql.placeholder(`${field}${i}`)])) as PgInsertValue<typeof mailOutbox>);
    return db
      .insert(mailOutbox)
      .values(rows)
      .onConflictDoNothing({ target: [mailOutbox.bookingId, mailOutbox.template] })
      .returning({ id: mailOutbox.id, bookingId: mailOutbox.bookingId, template: mailOutbox.template })
      .prepare(`mail_outbox_claim_${count}`);
  }
  function claimInsert(messages: readonly OutgoingMail[]) {
    let statement = claimInserts.get(messages.length);
    if (!statement) claimInserts.set(messages.length, (statement = prepareClaimInsert(messages.length)));
    const values: Record<string, unknown> = {};
    messages.forEach((message, i) => {
      const row = outboxRow(message);
      for (const field of OUTBOX_FIELDS) values[`${field}${i}`] = row[field];
    });
    return statement.execute(values);
  }

  /**
   * The outbox rows of the messages of every sendMany call made in one turn of the event loop,
   * claimed in one insert (dataloader gathers them; at most CLAIM_MAX messages, so at most that
   * many statement texts): per message its row's id, or null when (booking, template) already has
   * one (also the second of the same message).
   */
  const claims = new DataLoader(
    async (messages: readonly OutgoingMail[]) => {
      const claimed = await claimInsert(messages);
      const ids = new Map(claimed.map((row) => [`${row.bookingId}/${row.template}`, row.id]));
      return messages.map((message) => {
        const key = `${message.bookingId}/${message.template}`;
        const id = ids.get(key) ?? null;
        ids.delete(key);
        return id;
      });
    },
    { cache: false, maxBatchSize: CLAIM_MAX, batchScheduleFn: (run) => setImmediate(run) },
  );

  /** Sends (SMTP) or keeps (dev) a message whose outbox row `id` this process claimed. */
  async function deliver(message: OutgoingMail, id: string): Promise<MailOutcome> {
    if (message.skippedReason) {
      logger.info({ template: message.template, bookingId: message.bookingId, reason: message.skippedReason }, 'mail recorded, not sent');
      return { status: 'skipped', id };
    }
    if (!smtp) {
      logger.info({ template: message.template, bookingId: message.bookingId, outboxId: id }, 'mail kept in the dev outbox');
      return { status: 'stored', id };
    }
    try {
      await smtp.sendMail({
        from: mail.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.ics || message.attachments?.length
          ? {
              attachments: [
                ...(message.ics ? [{ filename: 'booking.ics', content: message.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] : []),
                ...(message.attachments ?? []),
              ],
            }
          : {}),
      });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
      return { status: 'sent', id };
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      logger.error({ err: error, template: message.template, bookingId: message.bookingId }, 'mail not sent');
      await recordServerError({ db, logger }, { error, severity: 'error', context: { job: 'mail', template: message.template, bookingId: message.bookingId ?? null, outboxId: id } });
      await db.update(mailOutbox).set({ error: text.slice(0, 2000) }).where(eq(mailOutbox.id, id));
      return { status: 'failed', id, error: text };
    }
  }

  return {
    transport: kind,

    async hasMessage(bookingId, template) {
      const [row] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.template, template))).limit(1);
      return Boolean(row);
    },

    async templatesSent(bookingId, templates) {
      if (templates.length === 0) return new Set();
      const rows = await db.selectDistinct({ template: mailOutbox.template }).from(mailOutbox).where(and(eq(mailOutbox.bookingId, bookingId), inArray(mailOutbox.template, [...templates])));
      return new Set(rows.map((row) => row.template));
    },

    async send(message) {
      const [claimed] = await db
        .insert(mailOutbox)
        .values(outboxRow(message))
        .onConflictDoNothing({ target: [mailOutbox.bookingId, mailOutbox.template] })
        .returning({ id: mailOutbox.id });
      return claimed ? deliver(message, claimed.id) : { status: 'duplicate' };
    },
    async sendMany(messages) {
      if (messages.length === 0) return [];
      const ids = await claims.loadMany(messages);
      const failed = ids.find((id) => id instanceof Error);
      if (failed) throw failed;
      const outcomes: MailOutcome[] = [];
      for (const [i, message] of messages.entries()) {
        const id = ids[i] as string | null;
        outcomes.push(id ? await deliver(message, id) : { status: 'duplicate' });
      }
      return outcomes;
    },
    close() {
      smtp?.close();
    },
  };
}
