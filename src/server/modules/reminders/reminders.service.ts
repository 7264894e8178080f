/**
 * Job reminders (issue #14; timing rules in src/domain/reminders.ts, decision record 021), run
 * once a minute with the scheduled jobs (src/server/scheduled-jobs.ts):
 *  - customers: the evening before the job (6 PM Tampa) and the morning of it (7 AM Tampa), by
 *    mail and, when Twilio is configured and the customer wants texts, SMS; with links to My
 *    Bookings that open the reschedule and cancel dialogs (which apply the policy);
 *  - workers: at 6 PM Tampa, one mail listing their jobs on the next Tampa day (none without jobs).
 * Only pending and confirmed bookings are reminded (never cancelled or completed ones).
 *
 * Exactly once across restarts and across server processes: each reminder is claimed in
 * `reminder_sends` (kind + subject unique; insert ... on conflict do nothing returning) before
 * it is sent, and only the claimer sends. The subject carries the start it announces
 * (`<bookingId>@<start ISO>`, `<workerId>@<Tampa date>`), so a rescheduled job is reminded again.
 */
import { and, eq, gt, gte, inArray, isNotNull, lt, lte } from 'drizzle-orm';
import { customerReminderDue, customerReminderSubject, REMINDED_STATUSES, workerListDue, workerListSubject } from '../../../domain/reminders';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { bookings, reminderSends, user } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { MailSite } from '../../mail/booking-mail';
import type { Mailer } from '../../mail/mailer';
import { loadBookingMailData } from '../../notifications/booking-mail-data';
import { sendBookingNotice } from '../../notifications/booking-notices';
import { createSmsSender } from '../../notifications/sms';
import { recordServerError } from '../errors/server-errors';
import { getBusinessSettings } from '../settings/settings.service';
import { renderWorkerList } from './worker-list-mail';

/** Bookings starting within this many hours are looked at (the day-before reminder is due up to ~30 h ahead). */
const LOOKAHEAD_HOURS = 36;

export interface ReminderDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'supportPhone' | 'twilio'> & { mail: Pick<Config['mail'], 'operationsEmail'> };
  now: () => Date;
  logger: Logger;
}

/** How many reminders this run sent (claimed); the rest were sent before or are not due. */
export interface ReminderRun {
  customers: number;
  workers: number;
}

/** The stored kind of a customer reminder. */
const customerKind = (due: 'day_before' | 'morning_of') => `reminder_${due}` as const;

/**
 * Sends every reminder due now that no process has sent yet. A failure for one booking or worker
 * is logged and recorded, and the others still go.
 * @throws database errors of the candidate queries only
 */
export async function sendDueReminders(deps: ReminderDeps): Promise<ReminderRun> {
  const now = deps.now();
  const settings = await getBusinessSettings(deps.db, { supportPhone: deps.config.supportPhone, supportEmail: '' });
  const site: MailSite = {
    publicUrl: deps.config.publicUrl,
    supportPhone: settings.support.phone,
    operationsEmail: deps.config.mail.operationsEmail,
    contactPromise: settings.contactPromiseMinutes,
    arrivalWindowMinutes: settings.jobRules.arrivalWindowMinutes,
  };
  const customers = await remindCustomers(deps, now, site);
  const workers = await sendWorkerLists(deps, now);
  return { customers, workers };
}

async function remindCustomers(deps: ReminderDeps, now: Date, site: MailSite): Promise<number> {
  const candidates = await deps.db
    .select({ id: bookings.id, customerId: bookings.customerId, scheduledStart: bookings.scheduledStart, createdAt: bookings.createdAt, status: bookings.status })
    .from(bookings)
    .where(and(inArray(bookings.status, [...REMINDED_STATUSES]), gt(bookings.scheduledStart, now), lte(bookings.scheduledStart, new Date(now.getTime() + LOOKAHEAD_HOURS * 3_600_000))));
  const due = candidates.flatMap((booking) => {
    const kind = customerReminderDue(booking, now);
    return kind ? [{ booking, kind: customerKind(kind), subject: customerReminderSubject(booking.id, booking.scheduledStart) }] : [];
  });
  if (due.length === 0) return 0;
  const claimed = await deps.db
    .select({ kind: reminderSends.kind, subject: reminderSends.subject })
    .from(reminderSends)
    .where(inArray(reminderSends.bookingId, due.map((d) => d.booking.id)));
  const already = new Set(claimed.map((c) => `${c.kind} ${c.subject}`));
  const sms = createSmsSender(deps.config.twilio);
  let sent = 0;
  for (const { booking, kind, subject } of due) {
    if (already.has(`${kind} ${subject}`)) continue;
    try {
      const data = await loadBookingMailData(deps.db, booking.id);
      if (!data) continue;
      if (await sendBookingNotice({ ...deps, sms }, { kind, subject, userId: booking.customerId }, { kind }, data, site)) sent += 1;
    } catch (error) {
      deps.logger.error({ err: error, bookingId: booking.id, kind }, 'reminder not sent');
      await recordServerError({ db: deps.db, logger: deps.logger }, { error, context: { job: 'reminders', bookingId: booking.id, kind } });
    }
  }
  return sent;
}

async function sendWorkerLists(deps: ReminderDeps, now: Date): Promise<number> {
  const day = workerListDue(now);
  if (!day) return 0;
  const jobs = await deps.db
    .select({
      workerId: bookings.workerId,
      reference: bookings.reference,
      serviceSlug: bookings.serviceSlug,
      scheduledStart: bookings.scheduledStart,
      street: bookings.street,
      unit: bookings.unit,
      city: bookings.city,
    })
    .from(bookings)
    .where(and(isNotNull(bookings.workerId), inArray(bookings.status, [...REMINDED_STATUSES]), gte(bookings.scheduledStart, day.start), lt(bookings.scheduledStart, day.end)));
  const byWorker = new Map<string, typeof jobs>();
  for (const job of jobs) byWorker.set(job.workerId!, [...(byWorker.get(job.workerId!) ?? []), job]);
  if (byWorker.size === 0) return 0;
  const workerIds = [...byWorker.keys()];
  const claimed = await deps.db
    .select({ subject: reminderSends.subject })
    .from(reminderSends)
    .where(and(eq(reminderSends.kind, 'worker_next_day'), inArray(reminderSends.subject, workerIds.map((id) => workerListSubject(id, day.date)))));
  const already = new Set(claimed.map((c) => c.subject));
  const people = await deps.db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, workerIds));
  let sent = 0;
  for (const worker of people) {
    const subject = workerListSubject(worker.id, day.date);
    if (already.has(subject)) continue;
    try {
      const [claim] = await deps.db
        .insert(reminderSends)
        .values({ kind: 'worker_next_day', subject, userId: worker.id })
        .onConflictDoNothing({ target: [reminderSends.kind, reminderSends.subject] })
        .returning({ id: reminderSends.id });
      if (!claim) continue;
      await deps.mailer.send({ ...renderWorkerList(worker, day.date, byWorker.get(worker.id) ?? [], deps.config.publicUrl), bookingId: null });
      sent += 1;
    } catch (error) {
      deps.logger.error({ err: error, workerId: worker.id }, 'worker list not sent');
      await recordServerError({ db: deps.db, logger: deps.logger }, { error, context: { job: 'reminders', workerId: worker.id, date: day.date } });
    }
  }
  return sent;
}
