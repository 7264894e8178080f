/** `GET /api/admin/analytics/web-vitals`: Core Web Vitals at the 75th percentile, overall and per route, for a period. Admins only. */
import { useQuery } from '@tanstack/react-query';
import type { WebVitalsReport } from '@/domain/analytics-reports';
import type { RangeSelection } from '../utils/range-selection';
import { reportQueryOptions } from './report-query';

export const webVitalsReportQueryOptions = (selection: RangeSelection) => reportQueryOptions<WebVitalsReport>('web-vitals', selection);

export function useWebVitalsReport(selection: RangeSelection) {
  return useQuery(webVitalsReportQueryOptions(selection));
}
