/**
 * How money, numbers, dates and times are written for people, in English (en-US) or Spanish
 * (es-US): the one formatting module of the web app, the emails, the texts and the API's
 * messages. Everything goes through the runtime's Intl (nothing added to the bundle); no date or
 * amount is ever assembled by hand.
 *
 * - Money is integer cents, USD. US Spanish keeps "$45" (not "45 US$").
 * - Instants (ISO strings, Date or epoch ms) are shown on the Tampa wall clock
 *   (America/New_York, BUSINESS_TIME_ZONE).
 * - Calendar dates ('YYYY-MM-DD': a Tampa day, a policy's "last updated" day) are days, not
 *   instants: they are read at noon UTC and printed in UTC, so no time zone can shift the day.
 */
import { BUSINESS_TIME_ZONE, TAMPA_FULL_DATE_TIME } from './time-zone';

/** An instant: an ISO-8601 string, a Date or epoch milliseconds. */
export type Instant = string | Date | number;

/** The Intl locale of an interface language: "es", "es-MX" -> "es-US"; anything else (or none) -> "en-US". */
export function intlLocale(language: string | undefined): 'en-US' | 'es-US' {
  return language?.toLowerCase().startsWith('es') ? 'es-US' : 'en-US';
}

const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

// Intl formatters are costly to build and cheap to reuse: one per locale and set of options, under
// the key `formatterKey` gives them (the same key, with the value, files a known string below).
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatterKey(kind: 'n' | 'd', language: string | undefined, options: Intl.NumberFormatOptions | Intl.DateTimeFormatOptions): string {
  return `${kind}|${intlLocale(language)}|${JSON.stringify(options)}`;
}
function numberFormat(key: string, language: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.NumberFormat(intlLocale(language), options)));
  return format;
}
function dateFormat(key: string, language: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(intlLocale(language), options)));
  return format;
}

// Strings known before any formatter is built (issue #16, docs/decisions/056): a prerendered page
// carries the ones it was drawn with, so taking it over draws them again without starting Intl,
// whose first formatter (ICU's start-up, ~13 ms here, ~50 ms on a slow phone) was the longest task
// of a first load. Keyed by what decides the string: kind, locale, options and value.
const known = new Map<string, string>();
let recording: Map<string, string> | null = null;

function formatted(key: string, make: () => string): string {
  let text = known.get(key);
  if (text === undefined) text = make();
  recording?.set(key, text);
  return text;
}
function formatNumberWith(language: string | undefined, options: Intl.NumberFormatOptions, value: number): string {
  const key = formatterKey('n', language, options);
  return formatted(`${key}|${value}`, () => numberFormat(key, language, options).format(value));
}
function formatDateWith(language: string | undefined, options: Intl.DateTimeFormatOptions, date: Date): string {
  const key = formatterKey('d', language, options);
  return formatted(`${key}|${date.getTime()}`, () => dateFormat(key, language, options).format(date));
}

/**
 * Strings to answer without Intl from now on, as `startRecordingFormatted` returned them (the
 * browser, from a prerendered page's `#prerendered-formats`; src/web/lib/known-answers.ts). An entry
 * is used only for exactly the call it was made by, so a wrong or stale one can only go unused.
 */
export function rememberFormatted(entries: Record<string, string>): void {
  for (const [key, text] of Object.entries(entries)) if (typeof text === 'string') known.set(key, text);
}

/**
 * Records every string formatted until the returned function is called, which stops and returns
 * them as `{ key: text }` (the prerendering of a page, src/web/entry-prerender.tsx).
 */
export function startRecordingFormatted(): () => Record<string, string> {
  const entries = new Map<string, string>();
  recording = entries;
  return () => {
    if (recording === entries) recording = null;
    return Object.fromEntries(entries);
  };
}

// ---- Money -------------------------------------------------------------------------------

/**
 * A listed price from integer cents: 4500 -> "$45", 4838 -> "$48.38" (whole dollars drop the
 * cents, as prices on a menu read).
 */
export function formatCents(cents: number, language: string | undefined): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return formatNumberWith(language, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }, cents / 100);
}

/**
 * An amount that must line up to the cent (a price breakdown, a receipt, a fee, an error's
 * limit), from integer cents: 4500 -> "$45.00", 338 -> "$3.38", 123450 -> "$1,234.50".
 */
export function formatPrice(cents: number, language: string | undefined): string {
  return formatNumberWith(language, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }, cents / 100);
}

// ---- Numbers -----------------------------------------------------------------------------

/** A plain number with grouping: 1234 -> "1,234"; at most `maximumFractionDigits` decimals (default 0). */
export function formatNumber(value: number, language: string | undefined, maximumFractionDigits = 0): string {
  return formatNumberWith(language, { maximumFractionDigits }, value);
}

/** A fraction as a percentage: 0.2 -> "20%", 0.125 -> "12.5%" (at most `maximumFractionDigits` decimals, default 1). */
export function formatPercent(fraction: number, language: string | undefined, maximumFractionDigits = 1): string {
  return formatNumberWith(language, { style: 'percent', maximumFractionDigits }, fraction);
}

/** A rate in basis points as a percentage, e.g. sales tax: 750 -> "7.5%", 825 -> "8.25%". */
export function formatTaxRate(rateBps: number, language: string | undefined): string {
  return formatPercent(rateBps / 10_000, language, 3);
}

/** Milliseconds with their unit: 2512 -> "2,512 ms". */
export function formatMilliseconds(value: number, language: string | undefined): string {
  return formatNumberWith(language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0 }, value);
}

// ---- Instants on the Tampa clock ---------------------------------------------------------

/** In full: "Sunday, November 22, 2026 at 10:00 AM EST" / "domingo, 22 de noviembre de 2026, 10:00 a.m. EST". */
export function formatTampaDateTime(instant: Instant, language: string | undefined): string {
  return formatDateWith(language, TAMPA_FULL_DATE_TIME, toDate(instant));
}

/** Short, for lists and texts: "Fri, May 15, 2:30 PM". */
export function formatTampaShort(instant: Instant, language: string | undefined): string {
  return formatDateWith(language, { timeZone: BUSINESS_TIME_ZONE, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, toDate(instant));
}

/** The time of day only (a slot, an ETA, usually today): "2:30 PM" / "2:30 p.m.". */
export function formatTampaTime(instant: Instant, language: string | undefined): string {
  return formatDateWith(language, { timeZone: BUSINESS_TIME_ZONE, hour: 'numeric', minute: '2-digit' }, toDate(instant));
}

/** The Tampa day of an instant: "Nov 22, 2026" / "22 nov 2026" (when someone joined, applied, ...). */
export function formatTampaDate(instant: Instant, language: string | undefined): string {
  return formatDateWith(language, { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'medium' }, toDate(instant));
}

/** The Tampa day and time, compactly: "Nov 22, 2026, 10:00 AM" (a session's last use, ...). */
export function formatTampaDateAndTime(instant: Instant, language: string | undefined): string {
  return formatDateWith(language, { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }, toDate(instant));
}

/** To the second, for logs where events come in bursts: "Nov 21, 10:05:12 AM". */
export function formatTampaTimestamp(instant: Instant, language: string | undefined): string {
  return formatDateWith(language, { timeZone: BUSINESS_TIME_ZONE, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' }, toDate(instant));
}

// ---- Calendar dates ('YYYY-MM-DD') -------------------------------------------------------

const CALENDAR_STYLES = {
  /** "Fri, May 15": a day chip of the slot picker, a worker's day. */
  chip: { weekday: 'short', month: 'short', day: 'numeric' },
  /** "May 15": a chart axis. */
  monthDay: { month: 'short', day: 'numeric' },
  /** "21 Sat" ("sáb 21" in Spanish): a narrow chart axis. */
  weekdayDay: { weekday: 'short', day: 'numeric' },
  /** "May 15, 2026": a report's range. */
  medium: { dateStyle: 'medium' },
  /** "May 15, 2026" / "15 de mayo de 2026": a document's date ("last updated"). */
  long: { dateStyle: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type CalendarDateStyle = keyof typeof CALENDAR_STYLES;

/**
 * A calendar day 'YYYY-MM-DD' in one of the styles above.
 * @throws RangeError when `date` is not a valid 'YYYY-MM-DD'
 */
export function formatCalendarDate(date: string, language: string | undefined, style: CalendarDateStyle = 'medium'): string {
  return formatDateWith(language, { timeZone: 'UTC', ...CALENDAR_STYLES[style] }, calendarDay(date));
}

/** 'YYYY-MM-DD' at noon UTC. @throws RangeError when malformed */
function calendarDay(date: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
}

/**
 * A span of calendar days, shortened the way the language does it: "Fri, May 15 – Mon, May 18";
 * a single day when both ends are the same.
 * @throws RangeError when either end is not a valid 'YYYY-MM-DD'
 */
export function formatCalendarDateRange(start: string, end: string, language: string | undefined, style: CalendarDateStyle = 'medium'): string {
  if (start === end) return formatCalendarDate(start, language, style);
  const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC', ...CALENDAR_STYLES[style] };
  return dateFormat(formatterKey('d', language, options), language, options).formatRange(calendarDay(start), calendarDay(end));
}

// ---- Times of day and weekdays -----------------------------------------------------------

/** Minutes after midnight as a time of day: 510 -> "8:30 AM" ("8:30 a.m." in Spanish); 1440 reads as midnight. */
export function formatMinuteOfDay(minute: number, language: string | undefined): string {
  const date = new Date(Date.UTC(2000, 0, 1, Math.floor(minute / 60) % 24, minute % 60));
  return formatDateWith(language, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }, date);
}

// 2023-01-01 was a Sunday, so day 1 + weekday of that month falls on `weekday` (Sunday = 0).
const dayOfWeek = (weekday: number) => new Date(Date.UTC(2023, 0, 1 + weekday, 12));

/** A weekday (Sunday = 0) shortly: 1 -> "Mon" ("lun" in Spanish). */
export function weekdayShortName(weekday: number, language: string | undefined): string {
  return formatDateWith(language, { timeZone: 'UTC', weekday: 'short' }, dayOfWeek(weekday));
}

/** A weekday (Sunday = 0) in full: 1 -> "Monday" ("lunes" in Spanish). */
export function weekdayName(weekday: number, language: string | undefined): string {
  return formatDateWith(language, { timeZone: 'UTC', weekday: 'long' }, dayOfWeek(weekday));
}

// ---- Cards -------------------------------------------------------------------------------

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** A card brand as the gateway names it ("visa", "amex") the way people write it ("Visa", "American Express"). */
export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
