/**
 * `GET /api/admin/bookings?view=&q=`: the board's bookings for one view (today, upcoming,
 * unassigned, in progress, completed, cancelled), filtered by `q` (customer name, email, phone or
 * booking reference). Admins only (403 otherwise). Kept fresh by live updates; refetched every
 * minute as well, in case the event stream is down.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DispatchBooking, DispatchBookingList, DispatchView } from '@/domain/dispatch-contract';
import { apiFetch } from '@/web/lib/api-client';
import { dispatchKeys } from './keys';

export async function getDispatchBookings(view: DispatchView, q: string, signal?: AbortSignal): Promise<DispatchBooking[]> {
  const params = new URLSearchParams({ view });
  if (q) params.set('q', q);
  const { bookings } = await apiFetch<DispatchBookingList>(`/api/admin/bookings?${params}`, { signal });
  return bookings;
}

export function dispatchBookingsQueryOptions(view: DispatchView, q: string) {
  return queryOptions({
    queryKey: dispatchKeys.list(view, q),
    queryFn: ({ signal }) => getDispatchBookings(view, q, signal),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

/** While another view or search loads, the previous rows stay (isPlaceholderData). */
export function useDispatchBookings(view: DispatchView, q: string) {
  return useQuery({ ...dispatchBookingsQueryOptions(view, q), placeholderData: keepPreviousData });
}
