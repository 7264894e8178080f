/**
 * How the analytics page writes its numbers, in the interface language, through the shared
 * formatting module (src/domain/format.ts): counts, shares as percents, seconds as minutes, Web
 * Vitals in their units (ms; CLS unitless), Tampa dates. A missing value reads "—".
 */
import { VITAL_THRESHOLDS, type WebVital } from '@/domain/web-vitals';
import { formatCalendarDate, formatMilliseconds, formatNumber, formatPercent } from '@/domain/format';

const MISSING = '—';

/** 1234 -> "1,234". */
export const formatCount = (value: number, language: string | undefined) => formatNumber(value, language);

/** 0.2 -> "20%", 0.125 -> "12.5%"; null -> "—". */
export function formatShare(value: number | null, language: string | undefined): string {
  return value === null ? MISSING : formatPercent(value, language);
}

/** Seconds as minutes with one decimal: 330 -> "5.5"; null -> "—". */
export function formatMinutes(seconds: number | null, language: string | undefined): string {
  return seconds === null ? MISSING : formatNumber(seconds / 60, language, 1);
}

/** A Web Vital in its unit: "2,512 ms", CLS "0.238". */
export function formatVital(metric: WebVital, value: number, language: string | undefined): string {
  return VITAL_THRESHOLDS[metric].unit === 'score' ? formatNumber(value, language, 3) : formatMilliseconds(value, language);
}

/** A Tampa date 'YYYY-MM-DD' shortly: "Nov 21" ("21 nov" in Spanish). */
export const formatDay = (date: string, language: string | undefined) => formatCalendarDate(date, language, 'monthDay');

/** A Tampa date in full: "Nov 21, 2026". */
export const formatDate = (date: string, language: string | undefined) => formatCalendarDate(date, language, 'medium');
