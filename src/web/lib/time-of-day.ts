/**
 * Tampa wall-clock times of day as minutes after midnight (availability ranges, ETA pickers):
 * shown in the interface language, and read back from an `<input type="time">` value.
 */
import { businessDate, businessTime } from '@/domain/slots';
import { BUSINESS_TIME_ZONE } from '@/domain/time-zone';
import { intlLocale } from './format';

/** Minutes after midnight as a time of day: 510 -> "8:30 AM" ("8:30" in Spanish); 1440 reads as midnight. */
export function formatMinuteOfDay(minute: number, language: string | undefined): string {
  const date = new Date(Date.UTC(2000, 0, 1, Math.floor(minute / 60) % 24, minute % 60));
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(date);
}

/** "HH:MM" (an `<input type="time">` value) to minutes after midnight; null when malformed. */
export function parseTimeInput(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[1]) < 24 && Number(match[2]) < 60 ? minutes : null;
}

/** An instant as the "HH:MM" of an `<input type="time">`, on the Tampa wall clock. */
export function tampaTimeInput(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/** The instant of a Tampa time of day ("HH:MM") on the Tampa date of `sameDayAs`; null when malformed. */
export function tampaInstantOnDayOf(sameDayAs: string, time: string): string | null {
  const minutes = parseTimeInput(time);
  if (minutes === null) return null;
  return businessTime(businessDate(new Date(sameDayAs)), minutes).toISOString();
}

/** An instant as a short Tampa date and time for lists: "Fri, May 15, 2:30 PM". */
export function formatTampaShort(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: BUSINESS_TIME_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
