/**
 * How the analytics page writes its numbers, in the interface language: counts, shares as
 * percents, seconds as minutes, Web Vitals in their units (ms; CLS unitless), Tampa dates.
 */
import { VITAL_THRESHOLDS, type WebVital } from '@/domain/web-vitals';
import { intlLocale } from '@/web/lib/format';

export const formatCount = (value: number, language: string | undefined) => new Intl.NumberFormat(intlLocale(language)).format(value);

/** 0.2 -> "20%", 0.125 -> "12.5%"; null -> "—". */
export function formatShare(value: number | null, language: string | undefined): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** Seconds as minutes with one decimal: 330 -> "5.5"; null -> "—". */
export function formatMinutes(seconds: number | null, language: string | undefined): string {
  if (seconds === null) return '—';
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 }).format(seconds / 60);
}

/** A Web Vital in its unit: "2,512 ms", CLS "0.238". */
export function formatVital(metric: WebVital, value: number, language: string | undefined): string {
  if (VITAL_THRESHOLDS[metric].unit === 'score') return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 3 }).format(value);
  return `${new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0 }).format(value)} ms`;
}

/** A Tampa date 'YYYY-MM-DD' shortly: "Nov 21" ("21 nov" in Spanish). */
export function formatDay(date: string, language: string | undefined): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(intlLocale(language), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A Tampa date in full: "November 21, 2026". */
export function formatDate(date: string, language: string | undefined): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
