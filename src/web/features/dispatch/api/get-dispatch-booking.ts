/**
 * `GET /api/admin/bookings/:id`: one booking for the admin, with its event timeline, the workers
 * who may be assigned to it now, and the customer's photo. 404 for an unknown booking.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DispatchBookingDetail } from '@/domain/dispatch-contract';
import { apiFetch } from '@/web/lib/api-client';
import { dispatchKeys } from './keys';

export function getDispatchBooking(id: string, signal?: AbortSignal): Promise<DispatchBookingDetail> {
  return apiFetch<DispatchBookingDetail>(`/api/admin/bookings/${encodeURIComponent(id)}`, { signal });
}

export function dispatchBookingQueryOptions(id: string) {
  return queryOptions({
    queryKey: dispatchKeys.detail(id),
    queryFn: ({ signal }) => getDispatchBooking(id, signal),
    staleTime: 10_000,
  });
}

export function useDispatchBooking(id: string) {
  return useQuery(dispatchBookingQueryOptions(id));
}
