/**
 * The customer messages about a change or an upcoming job (issue #14): the booking moved, a new
 * technician, a new arrival time, and the reminders the evening before and the morning of the job.
 * Mail and SMS, in the booking's language (`mail.*` in src/web/locales/{en,es}/mail.json), Tampa
 * times, with the arrival window (src/domain/arrival-window.ts). Pure: data in, message out; the
 * sender (src/server/notifications/booking-notices.ts) claims and sends.
 *
 * Unlike the once-per-booking messages of booking-mail.ts these can come several times for one
 * booking (each move, each new ETA), so their template is not a once-per-booking key.
 */
import { formatTampaDateTime, formatTampaShort, formatTampaTime } from '../../domain/format';
import { arrivalWindow } from '../../domain/arrival-window';
import { translator, type Lang } from '../lib/i18n';
import { addressLine, arrivalWindowLine, compose, customerLanguage, type BookingMailData, type MailSite } from './booking-mail';
import { formatPhone } from './format';

/** What happened, or which reminder; `from` is the start before a move. */
export type BookingNotice =
  | { kind: 'rescheduled'; from: Date }
  | { kind: 'technician_changed' }
  | { kind: 'eta_changed' }
  | { kind: 'reminder_day_before' }
  | { kind: 'reminder_morning_of' };
export type BookingNoticeKind = BookingNotice['kind'];

export interface RenderedNotice {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The notice's kind, recorded as the outbox template. */
  template: BookingNoticeKind;
  language: Lang;
}

/** The first word of a name: how a new technician is introduced ("Carlos" for "Carlos Rivera"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * My Bookings opened on this booking with its reschedule or cancel dialog (the dialogs apply
 * the policy: free rescheduling with enough notice, the cancellation tiers).
 */
export function manageLink(site: MailSite, bookingId: string, action: 'reschedule' | 'cancel'): string {
  return `${site.publicUrl}/my-bookings?booking=${encodeURIComponent(bookingId)}&action=${action}`;
}

/** Renders a notice mail to the booking's customer. */
export function renderBookingNotice(notice: BookingNotice, data: BookingMailData, site: MailSite): RenderedNotice {
  const lang = customerLanguage(data);
  const t = translator(lang);
  const b = data.booking;
  const service = t(`services.${b.serviceSlug}.name`, { defaultValue: b.serviceSlug });
  const when = formatTampaDateTime(b.scheduledStart, lang);
  const time = formatTampaTime(b.scheduledStart, lang);
  const window = arrivalWindowLine(b, site, lang);
  const facts = [t('mail.reference', { reference: b.reference }), t('mail.service', { service }), t('mail.when', { when }), ...(window ? [window] : []), t('mail.address', { address: addressLine(b) })];
  const links = [t('mail.reminder.reschedule', { url: manageLink(site, b.id, 'reschedule') }), t('mail.reminder.cancel', { url: manageLink(site, b.id, 'cancel') })];
  const greeting = t('mail.greeting', { name: data.customer.name });
  const closing = [t('mail.questions', { phone: formatPhone(site.supportPhone) }), t('mail.signature')];
  const manage = t('mail.manage', { url: `${site.publicUrl}/my-bookings?booking=${encodeURIComponent(b.id)}` });
  const worker = firstName(data.worker?.name ?? '');
  const eta = formatTampaTime(b.etaAt ?? b.scheduledStart, lang);

  let subject: string;
  let paragraphs: Array<string | string[]>;
  switch (notice.kind) {
    case 'rescheduled':
      subject = t('mail.rescheduled.subject', { reference: b.reference, when: formatTampaShort(b.scheduledStart, lang) });
      paragraphs = [greeting, t('mail.rescheduled.body', { service, from: formatTampaDateTime(notice.from, lang), to: when }), facts, links, closing];
      break;
    case 'technician_changed':
      subject = t('mail.technicianChanged.subject', { reference: b.reference, worker });
      paragraphs = [greeting, t('mail.technicianChanged.body', { worker }), facts, manage, closing];
      break;
    case 'eta_changed':
      subject = t('mail.etaChanged.subject', { reference: b.reference, eta });
      paragraphs = [greeting, t('mail.etaChanged.body', { eta }), facts, manage, closing];
      break;
    case 'reminder_day_before':
      subject = t('mail.reminder.dayBeforeSubject', { service, time });
      paragraphs = [greeting, t('mail.reminder.dayBeforeBody', { service }), facts, links, closing];
      break;
    case 'reminder_morning_of':
      subject = t('mail.reminder.morningOfSubject', { service, time });
      paragraphs = [greeting, t('mail.reminder.morningOfBody', { service }), facts, links, closing];
      break;
  }
  return { to: data.customer.email, subject, ...compose(paragraphs), template: notice.kind, language: lang };
}

/** The notice as a text message (short: reference, the new time, a link). */
export function renderBookingNoticeSms(notice: BookingNotice, data: BookingMailData, site: MailSite): string {
  const lang = customerLanguage(data);
  const t = translator(lang);
  const b = data.booking;
  const service = t(`services.${b.serviceSlug}.name`, { defaultValue: b.serviceSlug });
  switch (notice.kind) {
    case 'rescheduled':
      return t('mail.rescheduled.sms', { reference: b.reference, when: formatTampaShort(b.scheduledStart, lang) });
    case 'technician_changed':
      return t('mail.technicianChanged.sms', { reference: b.reference, worker: firstName(data.worker?.name ?? '') });
    case 'eta_changed':
      return t('mail.etaChanged.sms', { reference: b.reference, eta: formatTampaTime(b.etaAt ?? b.scheduledStart, lang) });
    case 'reminder_day_before':
    case 'reminder_morning_of': {
      const window = arrivalWindow(b, site.arrivalWindowMinutes ?? 60) ?? { from: b.scheduledStart, to: b.scheduledEnd };
      const params = { service, from: formatTampaTime(window.from, lang), to: formatTampaTime(window.to, lang), url: `${site.publicUrl}/my-bookings?booking=${encodeURIComponent(b.id)}` };
      return t(notice.kind === 'reminder_day_before' ? 'mail.reminder.smsDayBefore' : 'mail.reminder.smsMorningOf', params);
    }
  }
}
