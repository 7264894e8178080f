/** Weekdays as the staff pages show them: Monday first, named in the interface language (Sunday = 0, as in WeeklyRange). */
import { intlLocale } from './format';

/** Monday to Sunday. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

// 2023-01-01 was a Sunday, so day 1 + weekday of that month falls on `weekday`.
const dayOfWeek = (weekday: number) => new Date(Date.UTC(2023, 0, 1 + weekday, 12));

/** 1 -> "Mon" ("lun" in Spanish). */
export function weekdayShortName(weekday: number, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', weekday: 'short' }).format(dayOfWeek(weekday));
}

/** 1 -> "Monday" ("lunes" in Spanish). */
export function weekdayName(weekday: number, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', weekday: 'long' }).format(dayOfWeek(weekday));
}
