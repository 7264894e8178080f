/** Query keys of the analytics feature: one per report and period. */
import type { RangeSelection } from '../utils/range-selection';

export type ReportName = 'revenue' | 'funnel' | 'contact' | 'chat-responses' | 'traffic' | 'web-vitals';

export const analyticsKeys = {
  all: () => ['admin', 'analytics'] as const,
  report: (name: ReportName, selection: RangeSelection) => ['admin', 'analytics', name, selection] as const,
};
