/** `GET /api/admin/analytics/revenue`: bookings and captured revenue by day and by service, average order value, cancellations by tier, reschedules, for a period. Admins only. */
import { useQuery } from '@tanstack/react-query';
import type { RevenueReport } from '@/domain/analytics-reports';
import type { RangeSelection } from '../utils/range-selection';
import { reportQueryOptions } from './report-query';

export const revenueReportQueryOptions = (selection: RangeSelection) => reportQueryOptions<RevenueReport>('revenue', selection);

export function useRevenueReport(selection: RangeSelection) {
  return useQuery(revenueReportQueryOptions(selection));
}
