/**
 * Sends the customer (and operations) the right message for each booking change heard on the
 * realtime hub:
 *
 * | event type  | mail                                                       | SMS (Twilio configured) |
 * | ----------- | ---------------------------------------------------------- | ----------------------- |
 * | created     | booking_received (customer, .ics) + booking_received_ops   | booking received        |
 * | assigned    | technician_assigned (worker name, ETA); on a reassignment to another worker, technician_changed | (technician_changed) |
 * | rescheduled | rescheduled (old and new time), once per move              | rescheduled             |
 * | eta_changed | eta_changed (new ETA), once per change, none for the same ETA | eta changed          |
 * | en_route    | on_the_way (ETA)                                           | on the way              |
 * | final_approval_requested | final_amount_review (the amount, why, what happens next) |            |
 * | completed   | completed (receipt: final line items, what was charged)    |                         |
 * | cancelled   | cancelled (fee or no charge)                               |                         |
 * | no_show     | no_show (full charge)                                      |                         |
 *
 * The customer's choices in Settings > Preferences apply: with booking emails off, their mails
 * are recorded in the outbox (`skipped_reason` 'email_off') but not sent; with texts off, no
 * SMS. The operations mail always goes.
 *
 * The change notices (issue #14) may come several times per booking: each is claimed once in
 * `reminder_sends` (booking-change-notices.ts). Other event types (hold_placed, ...) send
 * nothing. Every server process hears every event (LISTEN/NOTIFY): the first to set the event's
 * `notified_at` renders and sends its messages, the others stop after that one statement
 * (docs/decisions/043-notifications-claimed-once.md); the claim also reads the message data and
 * the templates the booking already has. Events heard within CLAIM_BATCH_WINDOW_MS of each other
 * are claimed by one statement, and their mails claimed in the outbox by one insert (issue #16,
 * docs/decisions/050-fewer-statements-per-booking.md). Each (booking, template) is
 * sent at most once, checked against mail_outbox and enforced by its unique index, so a repeated
 * or duplicated event changes nothing; an SMS goes out only with the mail that first claims its
 * template. An event's mails are claimed in the outbox in one insert. Work runs in the background, after the event's transaction committed, one change at
 * a time per booking (in order) and bookings in parallel, so it never slows the request that
 * caused it. A failure is logged, written to the error log, and does not stop later messages.
 */
import DataLoader from 'dataloader';
import type { Database } from '../db/client';
import type { Logger } from '../lib/logger';
import { recordServerError } from '../modules/errors/server-errors';
import { renderBookingMail, renderBookingSms, type BookingMailData, type BookingTemplate, type MailSite } from '../mail/booking-mail';
import type { MailAttachment, Mailer, OutgoingMail } from '../mail/mailer';
import type { Lang } from '../lib/i18n';
import type { BookingChange, BookingEventHub } from '../realtime/booking-event-hub';
import { getBusinessSettings } from '../modules/settings/settings.service';
import { capacityCachesOf } from '../modules/workers/capacity-caches';
import { claimBookingEvent, claimBookingMails, loadBookingMailData, reopenUnsentBookingMail, type ClaimedMail } from './booking-mail-data';
import type { SmsSender } from './sms';
import { sendChangeNotice, type ChangeNoticeKind } from './booking-change-notices';

interface Plan {
  mails: BookingTemplate[];
  /** A change notice that may come several times per booking (booking-change-notices.ts). */
  notice?: ChangeNoticeKind;
  /** The text to send, and the mail template whose first claim triggers it. */
  sms?: { kind: 'received' | 'on_the_way'; with: BookingTemplate };
}

/** Event type -> what to send (the table above). */
export const NOTIFICATION_PLAN: Readonly<Record<string, Plan>> = {
  created: { mails: ['booking_received', 'booking_received_ops'], sms: { kind: 'received', with: 'booking_received' } },
  assigned: { mails: ['technician_assigned'], notice: 'technician_changed' },
  rescheduled: { mails: [], notice: 'rescheduled' },
  eta_changed: { mails: [], notice: 'eta_changed' },
  en_route: { mails: ['on_the_way'], sms: { kind: 'on_the_way', with: 'on_the_way' } },
  final_approval_requested: { mails: ['final_amount_review'] },
  completed: { mails: ['completed'] },
  cancelled: { mails: ['cancelled'] },
  no_show: { mails: ['no_show'] },
};

export interface NotifierDeps {
  db: Database;
  mailer: Mailer;
  /** null: Twilio not configured, no SMS. */
  sms: SmsSender | null;
  /** `supportPhone` is the fallback: the phone and call-back promise saved on /admin/settings are read for each booking's messages (issue #12). */
  site: MailSite;
  logger: Logger;
  /** The booking's PDF receipt in a language (issue #14), attached to the `completed` mail; omitted: no attachment. */
  receiptPdf?: (bookingId: string, lang: Lang) => Promise<MailAttachment>;
}

export interface BookingNotifier {
  /**
   * Queues the messages for one change and returns at once; the promise settles when they are done
   * (it never rejects: a failure is logged and recorded). Callers that only hand over ignore it.
   */
  notify(change: BookingChange): Promise<void>;
  /** Resolves when everything queued so far is done (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops listening to the hub and waits for queued work. Idempotent. */
  close(): Promise<void>;
}

/**
 * Booking mail nobody sent, sent now (the scheduled job `booking_mail`, scheduled-jobs.ts;
 * docs/decisions/051-unsent-booking-mail.md): a process that claimed an event and stopped before
 * writing its mails, or an event no process heard (every one was down when it committed), leaves
 * its booking without them. Such events (booking-mail-data.ts reopenUnsentBookingMail: older than
 * a few minutes, younger than a day, none of their templates in the outbox) are given back and
 * handed to this process's notifier, which claims, renders and sends them as if just heard; the
 * outbox's unique index still keeps each (booking, template) to one message.
 * @returns how many events were handed over (0 without a notifier in `deps`)
 */
export async function sendUnsentBookingMail(deps: { db: Database; bookingNotifier?: BookingNotifier }): Promise<number> {
  const notifier = deps.bookingNotifier;
  if (!notifier) return 0;
  const templatesByType = Object.fromEntries(Object.entries(NOTIFICATION_PLAN).map(([type, plan]) => [type, plan.mails]));
  const events = await reopenUnsentBookingMail(deps.db, templatesByType);
  // Waits for these events only: under steady traffic the notifier is never idle.
  await Promise.all(events.map((event) => notifier.notify({ eventId: event.eventId, bookingId: event.bookingId, type: event.type, status: null, customerId: null, workerId: null })));
  return events.length;
}

/** Subscribes a notifier to the hub. */
export function startBookingNotifier(hub: BookingEventHub, deps: NotifierDeps): BookingNotifier {
  const notifier = createBookingNotifier(deps);
  const unsubscribe = hub.subscribe((change) => notifier.notify(change));
  return {
    notify: notifier.notify,
    idle: notifier.idle,
    close: async () => {
      unsubscribe();
      await notifier.close();
    },
  };
}

/**
 * What the messages quote from the settings as they are when they are sent (issue #12, edited on
 * /admin/settings): the support phone (the config's until saved) and the call-back promise.
 * Read through the process's settings cache when there is one (issue #16: two queries per booking
 * created otherwise); every settings save drops it in every process (capacity-caches.ts), and
 * nothing is kept while the LISTEN connection is down. No money depends on these words.
 */
async function currentSite(deps: NotifierDeps): Promise<MailSite> {
  const defaults = { supportPhone: deps.site.supportPhone, supportEmail: '' };
  const cache = capacityCachesOf(deps.db)?.settings;
  const settings = cache ? await cache.get(defaults) : await getBusinessSettings(deps.db, defaults);
  return { ...deps.site, supportPhone: settings.support.phone, contactPromise: settings.contactPromiseMinutes, arrivalWindowMinutes: settings.jobRules.arrivalWindowMinutes };
}

/** The PDF receipt for the `completed` mail; none (logged) when it cannot be built, so the mail still goes. */
async function receiptAttachment(deps: NotifierDeps, bookingId: string, lang: Lang): Promise<MailAttachment[] | undefined> {
  if (!deps.receiptPdf) return undefined;
  try {
    return [await deps.receiptPdf(bookingId, lang)];
  } catch (error) {
    deps.logger.error({ err: error, bookingId }, 'receipt PDF not attached');
    await recordServerError({ db: deps.db, logger: deps.logger }, { error, context: { job: 'booking_notification', bookingId, template: 'completed' } });
    return undefined;
  }
}

/**
 * Events heard within this many milliseconds of the first are claimed together: one statement for
 * them all (per set of templates) instead of one each (issue #16: under a hundred bookings at once
 * the claims were one statement in seven of a booking's). A mail leaves that much later; nothing
 * waits for it.
 */
export const CLAIM_BATCH_WINDOW_MS = 20;
/** At most this many events in one claim. */
const CLAIM_BATCH_MAX = 50;

/** A notifier fed by hand (`notify`); startBookingNotifier wires it to the hub. */
export function createBookingNotifier(deps: NotifierDeps): BookingNotifier {
  const { logger } = deps;
  /** The tail of each booking's queue. */
  const queues = new Map<string, Promise<void>>();
  let closed = false;
  /** Per set of templates, the events waiting for the next claim (dataloader gathers them). */
  const claims = new Map<string, DataLoader<string, ClaimedMail | null>>();

  function claimTogether(eventId: string, templates: readonly string[]): Promise<ClaimedMail | null> {
    const key = templates.join(',');
    let loader = claims.get(key);
    if (!loader) {
      loader = new DataLoader((eventIds: readonly string[]) => claimBookingMails(deps.db, eventIds, templates), {
        cache: false,
        maxBatchSize: CLAIM_BATCH_MAX,
        batchScheduleFn: (run) => setTimeout(run, CLAIM_BATCH_WINDOW_MS),
      });
      claims.set(key, loader);
    }
    return loader.load(eventId);
  }

  /**
   * What the change still has to send, claimed for this process: with the event's id, the
   * claim statement of booking-mail-data.ts (null: another process or an earlier delivery has it);
   * without one (a change fed by hand), a look at the outbox, whose unique index still refuses a
   * message claimed meanwhile.
   */
  async function claimed(change: BookingChange, plan: Plan): Promise<{ data?: BookingMailData | null; sent: Set<string> } | null> {
    if (change.eventId) {
      if (plan.mails.length === 0) return (await claimBookingEvent(deps.db, change.eventId)) ? { sent: new Set() } : null;
      return claimTogether(change.eventId, plan.mails);
    }
    return { sent: plan.mails.length > 0 ? await deps.mailer.templatesSent(change.bookingId, plan.mails) : new Set() };
  }

  async function sendPlanned(change: BookingChange, plan: Plan) {
    const claim = await claimed(change, plan);
    if (!claim) return;
    let { data } = claim;
    let site: MailSite | undefined;
    const due = plan.mails.filter((template) => !claim.sent.has(template));
    if (due.length > 0) {
      data ??= await loadBookingMailData(deps.db, change.bookingId);
      if (!data) return;
      site ??= await currentSite(deps);
      const mails: (OutgoingMail & { bookingId: string })[] = [];
      for (const template of due) {
        try {
          const toCustomer = template !== 'booking_received_ops';
          const skippedReason = toCustomer && !data.customer.notifications.email ? 'email_off' : null;
          const rendered = renderBookingMail(template, data, site);
          const attachments = template === 'completed' && !skippedReason ? await receiptAttachment(deps, change.bookingId, rendered.language) : undefined;
          mails.push({ ...rendered, attachments, skippedReason });
        } catch (error) {
          await notificationFailed(error, change.bookingId, template);
        }
      }
      // The event's messages claimed in one insert; the SMS goes with the first claim of its mail.
      try {
        const outcomes = await deps.mailer.sendMany(mails);
        const smsMail = outcomes.find((_, i) => mails[i]!.template === plan.sms?.with);
        if (plan.sms && smsMail && smsMail.status !== 'duplicate' && data.customer.notifications.sms) await sendSms(plan.sms.kind, data, site.contactPromise);
      } catch (error) {
        await notificationFailed(error, change.bookingId, mails.map((mail) => mail.template).join(','));
      }
    }
    if (plan.notice) await sendChangeNotice(deps, change.bookingId, plan.notice, async () => (site ??= await currentSite(deps)));
  }

  async function notificationFailed(error: unknown, bookingId: string, template: string) {
    logger.error({ err: error, bookingId, template }, 'notification failed');
    await recordServerError({ db: deps.db, logger }, { error, context: { job: 'booking_notification', bookingId, template } });
  }

  async function sendSms(kind: 'received' | 'on_the_way', data: BookingMailData, contactPromise?: { min: number; max: number }) {
    if (!deps.sms) return;
    try {
      const sid = await deps.sms.send(data.booking.contactPhone, renderBookingSms(kind, data, contactPromise));
      logger.info({ bookingId: data.booking.id, kind, sid }, 'SMS sent');
    } catch (error) {
      logger.error({ err: error, bookingId: data.booking.id, kind }, 'SMS not sent');
      await recordServerError({ db: deps.db, logger }, { error, context: { job: 'sms', bookingId: data.booking.id, kind } });
    }
  }

  function notify(change: BookingChange): Promise<void> {
    if (closed) return Promise.resolve();
    const plan = NOTIFICATION_PLAN[change.type];
    if (!plan) return Promise.resolve();
    const previous = queues.get(change.bookingId) ?? Promise.resolve();
    // setImmediate: leave the event's own request (and, on PGlite, its query) before any work.
    const next: Promise<void> = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => sendPlanned(change, plan))
      .catch(async (error: unknown) => {
        logger.error({ err: error, bookingId: change.bookingId, type: change.type }, 'notification failed');
        await recordServerError({ db: deps.db, logger }, { error, context: { job: 'booking_notification', bookingId: change.bookingId, type: change.type } });
      })
      .finally(() => {
        if (queues.get(change.bookingId) === next) queues.delete(change.bookingId);
      });
    queues.set(change.bookingId, next);
    return next;
  }

  async function idle() {
    while (queues.size > 0) await Promise.allSettled([...queues.values()]);
  }

  return {
    notify,
    idle,
    close: async () => {
      closed = true;
      await idle();
    },
  };
}
