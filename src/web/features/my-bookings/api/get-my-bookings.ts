/**
 * The signed-in customer's bookings: `GET /api/bookings` answers `{ bookings: BookingView[] }`,
 * the caller's own, newest first (docs/api.md). 401 when signed out.
 * The query key starts with "bookings", so invalidating ['bookings'] (after a new booking, a
 * cancellation or a reschedule) refreshes this list.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { BookingView } from '@/domain/booking-request';
import type { BookingList } from '@/domain/bookings-contract';
import { apiFetch } from '@/web/lib/api-client';

export const myBookingsQueryKey = ['bookings', 'mine'] as const;

export async function getMyBookings(signal?: AbortSignal): Promise<BookingView[]> {
  const { bookings } = await apiFetch<BookingList>('/api/bookings', { signal });
  return bookings;
}

export function getMyBookingsQueryOptions() {
  return queryOptions({
    queryKey: myBookingsQueryKey,
    queryFn: ({ signal }) => getMyBookings(signal),
  });
}

/** The bookings, newest first; pass `enabled: false` while the user is not signed in. */
export function useMyBookings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyBookingsQueryOptions(), enabled });
}

/**
 * Shows a booking the server just answered with (after cancelling or moving it) at once, then
 * refetches every bookings query so the list also picks up what else changed.
 */
export function showUpdatedBooking(queryClient: QueryClient, updated: BookingView): void {
  queryClient.setQueryData<BookingView[]>(myBookingsQueryKey, (list) => list?.map((booking) => (booking.id === updated.id ? updated : booking)));
  void queryClient.invalidateQueries({ queryKey: ['bookings'] });
}
