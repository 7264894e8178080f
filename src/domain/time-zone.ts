/** The business time zone: every slot and every time a person sees is in Tampa time. */
export const BUSINESS_TIME_ZONE = 'America/New_York';

/**
 * How an instant is written in full for people, in mail and on the web alike: a Tampa date and
 * time with weekday and zone, e.g. "Sunday, November 22, 2026 at 10:00 AM EST" (Intl options).
 */
export const TAMPA_FULL_DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
