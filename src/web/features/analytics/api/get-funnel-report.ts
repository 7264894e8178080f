/** `GET /api/admin/analytics/funnel`: the booking funnel step by step with drop-off and the rules that stopped people, for a period. Admins only. */
import { useQuery } from '@tanstack/react-query';
import type { FunnelReport } from '@/domain/analytics-reports';
import type { RangeSelection } from '../utils/range-selection';
import { reportQueryOptions } from './report-query';

export const funnelReportQueryOptions = (selection: RangeSelection) => reportQueryOptions<FunnelReport>('funnel', selection);

export function useFunnelReport(selection: RangeSelection) {
  return useQuery(funnelReportQueryOptions(selection));
}
