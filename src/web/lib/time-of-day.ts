/**
 * Tampa wall-clock times of day read from and written to an `<input type="time">` value (ETA
 * pickers). Showing times to people is src/domain/format.ts.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { businessDate, businessTime } from '@/domain/slots';
import { BUSINESS_TIME_ZONE } from '@/domain/time-zone';

/** "HH:MM" (an `<input type="time">` value) to minutes after midnight; null when malformed. */
export function parseTimeInput(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[1]) < 24 && Number(match[2]) < 60 ? minutes : null;
}

/** An instant as the "HH:MM" of an `<input type="time">`, on the Tampa wall clock. */
export function tampaTimeInput(iso: string): string {
  return format(new TZDate(iso, BUSINESS_TIME_ZONE), 'HH:mm');
}

/** The instant of a Tampa time of day ("HH:MM") on the Tampa date of `sameDayAs`; null when malformed. */
export function tampaInstantOnDayOf(sameDayAs: string, time: string): string | null {
  const minutes = parseTimeInput(time);
  if (minutes === null) return null;
  return businessTime(businessDate(new Date(sameDayAs)), minutes).toISOString();
}
