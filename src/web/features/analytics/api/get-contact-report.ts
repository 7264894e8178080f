/** `GET /api/admin/analytics/contact`: contact time against the 5-10 minute promise, for a period. Admins only. */
import { useQuery } from '@tanstack/react-query';
import type { ContactReport } from '@/domain/analytics-reports';
import type { RangeSelection } from '../utils/range-selection';
import { reportQueryOptions } from './report-query';

export const contactReportQueryOptions = (selection: RangeSelection) => reportQueryOptions<ContactReport>('contact', selection);

export function useContactReport(selection: RangeSelection) {
  return useQuery(contactReportQueryOptions(selection));
}
