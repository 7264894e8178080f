/** Instants of the error log as people read them: Tampa time, to the second (errors come in bursts). */
import { BUSINESS_TIME_ZONE } from '@/domain/time-zone';
import { intlLocale } from '@/web/lib/format';

/** e.g. "Nov 21, 10:05:12 AM" in English, "21 nov, 10:05:12 a.m." in Spanish. */
export function formatErrorTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: BUSINESS_TIME_ZONE,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));
}

/** A Tampa date 'YYYY-MM-DD' as a short axis label, e.g. "Sat 21". Read at noon UTC so no zone shifts the day. */
export function formatMetricsDay(date: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', weekday: 'short', day: 'numeric' }).format(new Date(`${date}T12:00:00Z`));
}
