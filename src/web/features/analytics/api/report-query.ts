/**
 * The query options shared by the report calls: `GET /api/admin/analytics/{report}?range=...`
 * (admins only). The previous period's answer stays on screen while the next one loads.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { selectionParams, type RangeSelection } from '../utils/range-selection';
import { analyticsKeys, type ReportName } from './keys';

export function reportQueryOptions<T>(name: ReportName, selection: RangeSelection) {
  return queryOptions({
    queryKey: analyticsKeys.report(name, selection),
    queryFn: ({ signal }) => apiFetch<T>(`/api/admin/analytics/${name}?${selectionParams(selection)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
