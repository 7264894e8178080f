/** `GET /api/admin/analytics/traffic`: page views, top pages and languages, for a period. Admins only. */
import { useQuery } from '@tanstack/react-query';
import type { TrafficReport } from '@/domain/analytics-reports';
import type { RangeSelection } from '../utils/range-selection';
import { reportQueryOptions } from './report-query';

export const trafficReportQueryOptions = (selection: RangeSelection) => reportQueryOptions<TrafficReport>('traffic', selection);

export function useTrafficReport(selection: RangeSelection) {
  return useQuery(trafficReportQueryOptions(selection));
}
