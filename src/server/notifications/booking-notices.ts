/**
 * Sends a customer notice (src/server/mail/booking-notice-mail.ts) exactly once per subject:
 * the (kind, subject) row is claimed in `reminder_sends` first (insert ... on conflict do
 * nothing returning), and only the process whose insert returned a row mails (and texts) it.
 * So two server processes hearing the same change, a repeated event, or a job run twice after a
 * restart send it once. A crash between the claim and the send loses that one message rather than
 * sending it twice (decision record 021).
 *
 * The mail goes through the mailer (`mail_outbox`, SMTP when configured) without a booking id:
 * the outbox's once-per-(booking, template) key would refuse a booking's second move or second
 * reminder; `reminder_sends.booking_id` keeps the link instead. The customer's choices in
 * Settings > Preferences apply as for the other booking mails (email off: recorded, not sent;
 * texts off: no SMS).
 */
import type { Database } from '../db/client';
import { reminderSends } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { BookingMailData, MailSite } from '../mail/booking-mail';
import { renderBookingNotice, renderBookingNoticeSms, type BookingNotice } from '../mail/booking-notice-mail';
import type { Mailer } from '../mail/mailer';
import { recordServerError } from '../modules/errors/server-errors';
import type { SmsSender } from './sms';

export interface NoticeDeps {
  db: Database;
  mailer: Mailer;
  /** null: Twilio not configured, no SMS. */
  sms: SmsSender | null;
  logger: Logger;
}

/** What the notice is about, once: `reminder_sends` (kind, subject), e.g. ('rescheduled', '<bookingId>@<eventId>'). */
export interface NoticeClaim {
  kind: string;
  subject: string;
  /** The customer it goes to. */
  userId: string | null;
}

/**
 * Claims the notice, then mails it (and texts it when Twilio is configured and the customer
 * wants texts).
 * @returns true when this call claimed and sent it, false when it was claimed before
 * @throws database errors of the claim; a failed SMS is logged and recorded, not thrown
 */
export async function sendBookingNotice(deps: NoticeDeps, claim: NoticeClaim, notice: BookingNotice, data: BookingMailData, site: MailSite): Promise<boolean> {
  const [claimed] = await deps.db
    .insert(reminderSends)
    .values({ kind: claim.kind, subject: claim.subject, bookingId: data.booking.id, userId: claim.userId })
    .onConflictDoNothing({ target: [reminderSends.kind, reminderSends.subject] })
    .returning({ id: reminderSends.id });
  if (!claimed) return false;
  const mail = renderBookingNotice(notice, data, site);
  await deps.mailer.send({ ...mail, bookingId: null, skippedReason: data.customer.notifications.email ? null : 'email_off' });
  if (deps.sms && data.customer.notifications.sms) {
    try {
      const sid = await deps.sms.send(data.booking.contactPhone, renderBookingNoticeSms(notice, data, site));
      deps.logger.info({ bookingId: data.booking.id, kind: notice.kind, sid }, 'SMS sent');
    } catch (error) {
      deps.logger.error({ err: error, bookingId: data.booking.id, kind: notice.kind }, 'SMS not sent');
      await recordServerError({ db: deps.db, logger: deps.logger }, { error, context: { job: 'sms', bookingId: data.booking.id, kind: notice.kind } });
    }
  }
  return true;
}
