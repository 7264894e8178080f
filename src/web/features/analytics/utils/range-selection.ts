/**
 * The period the analytics page shows, kept in the page's URL (`?range=30d`,
 * `?range=custom&from=2026-11-01&to=2026-11-21`) so it survives a reload and can be shared; 7 days
 * by default. The same query goes to every report (src/domain/analytics-reports.ts).
 */
import { ANALYTICS_RANGES, customRangeProblem, type AnalyticsRange } from '@/domain/analytics-range';

export type RangeSelection = { range: Exclude<AnalyticsRange, 'custom'> } | { range: 'custom'; from: string; to: string };

export const DEFAULT_SELECTION: RangeSelection = { range: '7d' };

/** The selection in a URL's search params; anything unreadable is the default. */
export function selectionFrom(params: URLSearchParams, now: Date): RangeSelection {
  const range = params.get('range');
  if (!range || !(ANALYTICS_RANGES as readonly string[]).includes(range)) return DEFAULT_SELECTION;
  if (range !== 'custom') return { range: range as Exclude<AnalyticsRange, 'custom'> };
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return customRangeProblem(from, to, now) ? DEFAULT_SELECTION : { range: 'custom', from, to };
}

/** The search params of a selection (the page's URL and the reports' query alike). */
export function selectionParams(selection: RangeSelection): URLSearchParams {
  return new URLSearchParams(selection.range === 'custom' ? { range: 'custom', from: selection.from, to: selection.to } : { range: selection.range });
}
