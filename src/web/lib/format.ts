/**
 * Formatting for people, in the interface language: money (integer cents, USD), card brands,
 * and dates and instants shown in Tampa time (America/New_York). Uses the browser's Intl, so it
 * adds nothing to the bundle. Spanish uses the US Spanish locale so dollars read "$45", not
 * "45 US$".
 */
import { BUSINESS_TIME_ZONE, TAMPA_FULL_DATE_TIME } from '@/domain/time-zone';

/** The Intl locale for an interface language ("en" -> "en-US", "es" -> "es-US"). */
export function intlLocale(language: string | undefined): string {
  return language?.startsWith('es') ? 'es-US' : 'en-US';
}

/**
 * Dollars from integer cents: 4500 -> "$45", 4838 -> "$48.38" (whole dollars drop the cents,
 * as listed prices read).
 */
export function formatCents(cents: number, language: string | undefined): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/**
 * An instant as a Tampa wall-clock date and time with weekday and zone, e.g.
 * "Friday, May 15, 2026 at 2:30 PM EDT".
 * @param iso an ISO-8601 instant
 */
export function formatTampaDateTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), TAMPA_FULL_DATE_TIME).format(new Date(iso));
}

/**
 * Integer cents as dollars with cents, for amounts that must line up to the cent (a price
 * breakdown, a receipt): 4500 -> "$45.00", 338 -> "$3.38".
 */
export function formatPrice(cents: number, language: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);
}

/**
 * A Tampa date ('YYYY-MM-DD') as a short chip label, e.g. "Fri, May 15". The date is a calendar
 * day, not an instant, so it is read at noon UTC and printed in UTC (no zone can shift the day).
 */
export function formatSlotDate(date: string, language: string | undefined): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
}

/** An instant as a Tampa wall-clock time, e.g. "2:30 PM". */
export function formatSlotTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: BUSINESS_TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** A card brand as the gateway names it ("visa") the way people write it ("Visa"). */
export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
