/**
 * How mail and SMS show money and time: USD with cents (a receipt lines up to the cent) and
 * instants as Tampa wall-clock time (America/New_York), in the customer's language. Spanish uses
 * the US Spanish locale so dollars read "$48.38", as on the web (src/web/lib/format.ts).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { BUSINESS_TIME_ZONE, TAMPA_FULL_DATE_TIME } from '../../domain/time-zone';
import type { Lang } from '../lib/i18n';

const intlLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** Integer cents as dollars: 4838 -> "$48.38", 4500 -> "$45.00". */
export function formatMoney(cents: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);
}

/** An instant as a Tampa date and time, e.g. "Sunday, November 22, 2026 at 10:00 AM EST". */
export function formatTampaDateTime(instant: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), TAMPA_FULL_DATE_TIME).format(instant);
}

/** A short form for SMS: "Sun, Nov 22, 10:00 AM". */
export function formatTampaShortDateTime(instant: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { timeZone: BUSINESS_TIME_ZONE, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(instant);
}

/** An instant as a Tampa wall-clock time, e.g. "2:30 PM" (an ETA, usually today). */
export function formatTampaTime(instant: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { timeZone: BUSINESS_TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/** A stored E.164 number as people write it: "+18135550123" -> "(813) 555-0123"; unparseable input comes back as is. */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164, 'US');
  if (!parsed?.isValid()) return e164;
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
}
