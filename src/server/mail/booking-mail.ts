/**
 * The booking messages (issue #4, "The customer sees it happen"), rendered from the locale files
 * (`mail.*` in src/web/locales/{en,es}/mail.json, plus the shared `services.*` and `lineItems.*`
 * names) in the customer's language (bookings.language); the operations copy is always English.
 * Money is USD, times are Tampa time. Pure: data in, message out; the notifier loads the data
 * and sends.
 */
import { addressOneLine } from '../../domain/address';
import { cardBrandName, formatPrice, formatTampaDateTime, formatTampaShort, formatTampaTime } from '../../domain/format';
import { arrivalWindow } from '../../domain/arrival-window';
import type { BookingStatus } from '../../domain/booking-status';
import type { LineItem } from '../../domain/pricing';
import { translator, type Lang } from '../lib/i18n';
import { appointmentIcs } from './calendar';
import { formatPhone } from './format';
import { DEFAULT_CONTACT_PROMISE_MINUTES } from '../../domain/contact-promise';
import type { PaymentStatus } from '../../domain/booking-status';
import { paymentNoticeMessage } from '../../domain/payment-notice-message';
import { paymentTimingNotice } from '../../domain/payment-timing';

/** One template per kind of message; a booking gets each at most once (mail_outbox's unique key). */
export const BOOKING_TEMPLATES = ['booking_received', 'booking_received_ops', 'technician_assigned', 'on_the_way', 'final_amount_review', 'completed', 'cancelled', 'no_show'] as const;
export type BookingTemplate = (typeof BOOKING_TEMPLATES)[number];

/** Everything a booking message can mention (loaded by notifications/booking-mail-data.ts). */
export interface BookingMailData {
  booking: {
    id: string;
    reference: string;
    serviceSlug: string;
    street: string;
    unit: string | null;
    city: string;
    state: string;
    zip: string;
    contactPhone: string;
    notes: string | null;
    scheduledStart: Date;
    scheduledEnd: Date;
    etaAt: Date | null;
    /** The status now (the arrival window depends on it). */
    status: BookingStatus;
    customerId: string;
    lineItems: LineItem[];
    subtotalCents: number;
    taxCents: number;
    totalCents: number;
    finalLineItems: LineItem[] | null;
    finalSubtotalCents: number | null;
    finalTaxCents: number | null;
    finalTotalCents: number | null;
    cancellationTier: string | null;
    cancellationFeeCents: number | null;
    /** 'en' | 'es' as stored; anything else reads as English. */
    language: string;
    /** When it was booked (the payment notice decides from it when there is no payment record). */
    createdAt?: Date;
  };
  /** `notifications`: the customer's choices in Settings > Preferences (both true by default). */
  customer: { name: string; email: string; notifications: { email: boolean; sms: boolean } };
  worker: { name: string; phone: string | null } | null;
  /** The booking's payment record, if any. */
  payment: { status: string; cardBrand: string | null; cardLast4: string | null; amountHeldCents?: number } | null;
  /** From the payment ledger (src/domain/ledger.ts), cents; captured and extra charged when loaded. */
  money: { paidCents: number; refundedCents: number; capturedCents?: number; extraChargedCents?: number };
}

/** Site facts the messages quote (from Config). */
export interface MailSite {
  /** Origin without trailing slash, e.g. https://book.example.com */
  publicUrl: string;
  supportPhone: string;
  operationsEmail: string;
  /** The call-back promise, minutes after booking (settings `contact_promise_minutes`); 5-10 when not given. */
  contactPromise?: { min: number; max: number };
  /** The arrival window after the start, minutes (settings `jobRules.arrivalWindowMinutes`); no window line when not given. */
  arrivalWindowMinutes?: number;
}

/** "Arrival window: 10:00 AM – 11:00 AM (Tampa time)" for a booking still awaiting its worker (src/domain/arrival-window.ts), else null. */
export function arrivalWindowLine(b: BookingMailData['booking'], site: MailSite, lang: Lang): string | null {
  if (site.arrivalWindowMinutes === undefined) return null;
  const window = arrivalWindow(b, site.arrivalWindowMinutes);
  return window ? translator(lang)('mail.arrivalWindow', { from: formatTampaTime(window.from, lang), to: formatTampaTime(window.to, lang) }) : null;
}


export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** iCalendar text for the attachment, or null. */
  ics: string | null;
  template: BookingTemplate;
  language: Lang;
  bookingId: string;
}

export const customerLanguage = (data: BookingMailData): Lang => (data.booking.language === 'es' ? 'es' : 'en');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Paragraphs (each one or more lines) as plain text and as minimal HTML with links. */
export function compose(paragraphs: Array<string | string[]>): { text: string; html: string } {
  const blocks = paragraphs.map((p) => (Array.isArray(p) ? p : [p])).filter((lines) => lines.length > 0);
  const text = blocks.map((lines) => lines.join('\n')).join('\n\n') + '\n';
  const linkify = (line: string) => escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  const body = blocks.map((lines) => `<p>${lines.map(linkify).join('<br>\n')}</p>`).join('\n');
  return { text, html: `<!doctype html>\n<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">\n${body}\n</body></html>\n` };
}

export function addressLine(b: BookingMailData['booking']): string {
  return addressOneLine(b);
}

/**
 * Renders one booking message.
 * @param template which message (see BOOKING_TEMPLATES)
 * @throws Error when the calendar file cannot be built (booking_received only)
 */
export function renderBookingMail(template: BookingTemplate, data: BookingMailData, site: MailSite): RenderedMail {
  const lang: Lang = template === 'booking_received_ops' ? 'en' : customerLanguage(data);
  const t = translator(lang);
  const b = data.booking;
  const service = t(`services.${b.serviceSlug}.name`, { defaultValue: b.serviceSlug });
  const when = formatTampaDateTime(b.scheduledStart, lang);
  const money = (cents: number) => formatPrice(cents, lang);
  const card =
    data.payment?.cardBrand && data.payment.cardLast4
      ? t('mail.card', { brand: cardBrandName(data.payment.cardBrand), last4: data.payment.cardLast4 })
      : t('mail.cardUnknown');
  const worker = data.worker?.name ?? '';
  /** The payment notice every screen shows too (paymentTimingNotice, issue #14 defect 1). */
  const notice = () => {
    const { key, values } = paymentNoticeMessage(paymentTimingNotice(mailTimingInput(data)), lang);
    return t(key, values);
  };
  const myBookings = `${site.publicUrl}/my-bookings`;
  const greeting = t('mail.greeting', { name: data.customer.name });
  const closing = [t('mail.questions', { phone: formatPhone(site.supportPhone) }), t('mail.signature')];
  const facts = [
    t('mail.reference', { reference: b.reference }),
    t('mail.service', { service }),
    t('mail.when', { when }),
    ...(template === 'booking_received_ops' ? [] : [arrivalWindowLine(b, site, lang)].filter((line): line is string => line !== null)),
    t('mail.address', { address: addressLine(b) }),
  ];

  /** The final amount's lines (or the booked ones), subtotal, tax and total. */
  const receiptLines = () => [
    t('mail.completed.receipt'),
    ...(b.finalLineItems ?? b.lineItems).map((item) =>
      t('mail.completed.line', { label: t(`lineItems.${item.code}`, { defaultValue: item.code }), quantity: item.quantity, unitPrice: money(item.unitPriceCents), amount: money(item.amountCents) }),
    ),
    t('mail.completed.subtotal', { amount: money(b.finalSubtotalCents ?? b.subtotalCents) }),
    t('mail.completed.tax', { amount: money(b.finalTaxCents ?? b.taxCents) }),
    t('mail.completed.total', { amount: money(b.finalTotalCents ?? b.totalCents) }),
  ];

  let subject: string;
  let paragraphs: Array<string | string[]>;
  let ics: string | null = null;
  let to = data.customer.email;

  switch (template) {
    case 'booking_received': {
      subject = t('mail.received.subject', { reference: b.reference });
      paragraphs = [
        greeting,
        [t('mail.received.intro', { service }), t('mail.received.callPromise', { phone: formatPhone(b.contactPhone), ...(site.contactPromise ?? DEFAULT_CONTACT_PROMISE_MINUTES) })],
        facts,
        [t('mail.received.total', { total: money(b.totalCents), card }), notice()],
        t('mail.received.calendar'),
        t('mail.manage', { url: myBookings }),
        closing,
      ];
      ics = appointmentIcs({
        uid: `booking-${b.id}@${new URL(site.publicUrl).hostname}`,
        start: b.scheduledStart,
        end: b.scheduledEnd,
        title: t('mail.received.calendarTitle', { service }),
        description: [t('mail.received.calendarDescription', { reference: b.reference, phone: formatPhone(site.supportPhone) }), t('mail.when', { when })].join('\n'),
        location: addressLine(b),
        url: myBookings,
      });
      break;
    }
    case 'booking_received_ops': {
      to = site.operationsEmail;
      subject = t('mail.ops.subject', { reference: b.reference, service, when });
      paragraphs = [
        t('mail.ops.intro', site.contactPromise ?? DEFAULT_CONTACT_PROMISE_MINUTES),
        [...facts, t('mail.ops.customer', { name: data.customer.name, email: data.customer.email, phone: formatPhone(b.contactPhone) }), t('mail.ops.total', { total: money(b.totalCents) })],
        b.notes ? t('mail.ops.notes', { notes: b.notes }) : [],
        t('mail.ops.open', { url: `${site.publicUrl}/admin` }),
      ];
      break;
    }
    case 'technician_assigned': {
      subject = t('mail.assigned.subject', { worker, reference: b.reference });
      paragraphs = [
        greeting,
        [t('mail.assigned.body', { worker }), b.etaAt ? t('mail.assigned.eta', { eta: formatTampaTime(b.etaAt, lang) }) : t('mail.assigned.noEta', { when })],
        facts,
        t('mail.manage', { url: myBookings }),
        closing,
      ];
      break;
    }
    case 'on_the_way': {
      const eta = formatTampaTime(b.etaAt ?? b.scheduledStart, lang);
      subject = t('mail.onTheWay.subject', { eta });
      paragraphs = [greeting, [t('mail.onTheWay.body', { worker, address: addressLine(b) }), t('mail.onTheWay.eta', { eta })], t('mail.reference', { reference: b.reference }), t('mail.manage', { url: myBookings }), closing];
      break;
    }
    case 'final_amount_review': {
      // Issue #9: a final amount far above the hold is explained before anything above it is charged.
      const final = b.finalTotalCents ?? b.totalCents;
      subject = t('mail.finalReview.subject', { reference: b.reference });
      paragraphs = [
        greeting,
        [t('mail.finalReview.body', { service, booked: money(b.totalCents), final: money(final), difference: money(final - b.totalCents) }), t('mail.finalReview.why')],
        receiptLines(),
        t('mail.finalReview.next', { card }),
        t('mail.reference', { reference: b.reference }),
        t('mail.manage', { url: myBookings }),
        closing,
      ];
      break;
    }
    case 'completed': {
      subject = t('mail.completed.subject', { reference: b.reference });
      const receipt = receiptLines();
      const payment = [t('mail.completed.charged', { card, amount: money(data.money.paidCents + data.money.refundedCents) })];
      if (data.money.refundedCents > 0) payment.push(t('mail.completed.refunded', { amount: money(data.money.refundedCents) }));
      const pdf = t('receiptPdf.download', { url: `${site.publicUrl}/api/bookings/${b.id}/receipt.pdf?lang=${lang}` });
      // Rate your job (issue #14): opens My Bookings on this booking's review form (and its tip form).
      const rate = t('mail.completed.rate', { url: `${myBookings}?booking=${encodeURIComponent(b.id)}&review=1` });
      paragraphs = [greeting, t('mail.completed.body', { worker: worker || t('mail.signature') }), [t('mail.reference', { reference: b.reference }), t('mail.service', { service })], receipt, payment, pdf, rate, t('mail.manage', { url: myBookings }), closing];
      break;
    }
    case 'cancelled': {
      subject = t('mail.cancelled.subject', { reference: b.reference });
      const fee = b.cancellationFeeCents ?? 0;
      const outcome =
        b.cancellationTier === 'waived' ? t('mail.cancelled.waived') : fee > 0 ? t('mail.cancelled.fee', { amount: money(fee), card }) : t('mail.cancelled.noCharge');
      paragraphs = [greeting, [t('mail.cancelled.body', { service, when }), outcome], t('mail.reference', { reference: b.reference }), t('mail.manage', { url: myBookings }), closing];
      break;
    }
    case 'no_show': {
      subject = t('mail.noShow.subject', { reference: b.reference });
      const charged = b.cancellationFeeCents ?? b.totalCents;
      paragraphs = [greeting, [t('mail.noShow.body', { service, when }), t('mail.noShow.charged', { amount: money(charged), card })], t('mail.reference', { reference: b.reference }), t('mail.manage', { url: myBookings }), closing];
      break;
    }
  }

  return { to, subject, ...compose(paragraphs), ics, template, language: lang, bookingId: b.id };
}

/** The payment notice's input from the mail data (the booked total; the booking's creation as "now"). */
function mailTimingInput(data: BookingMailData) {
  const b = data.booking;
  const payment = data.payment ? { status: data.payment.status as PaymentStatus, amountHeldCents: data.payment.amountHeldCents ?? b.totalCents } : null;
  const capturedCents = data.money.capturedCents ?? data.money.paidCents + data.money.refundedCents;
  const money = { capturedCents, extraChargedCents: data.money.extraChargedCents ?? 0, refundedCents: data.money.refundedCents, paidCents: data.money.paidCents };
  return { start: b.scheduledStart, now: b.createdAt ?? new Date(), totalCents: b.totalCents, payment, money };
}

/**
 * The two texts sent by SMS (booking received, on the way), in the customer's language; under 160 characters for short names.
 * @param contactPromise the call-back promise in minutes (the settings'; 5-10 by default)
 */
export function renderBookingSms(kind: 'received' | 'on_the_way', data: BookingMailData, contactPromise = DEFAULT_CONTACT_PROMISE_MINUTES): string {
  const lang = customerLanguage(data);
  const t = translator(lang);
  const b = data.booking;
  if (kind === 'received') return t('mail.sms.received', { reference: b.reference, when: formatTampaShort(b.scheduledStart, lang), ...contactPromise });
  return t('mail.sms.onTheWay', { worker: data.worker?.name ?? '', eta: formatTampaTime(b.etaAt ?? b.scheduledStart, lang), reference: b.reference });
}
