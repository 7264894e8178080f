/**
 * Formatting for people, in the interface language: money (integer cents, USD) and instants
 * shown in Tampa time (America/New_York). Uses the browser's Intl, so it adds nothing to the
 * bundle. Spanish uses the US Spanish locale so dollars read "$45", not "45 US$".
 */
import { BUSINESS_TIME_ZONE } from '@/domain/time-zone';

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
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: BUSINESS_TIME_ZONE,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
