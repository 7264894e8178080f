/**
 * `GET /api/bookings/:id`: one of the customer's bookings (404 for anyone else). The confirmation
 * step starts from the booking it just created and keeps it fresh, so the technician and ETA
 * appear without reloading: live updates mark it stale (its key is under ['bookings']), and it is
 * also polled every 30 seconds while the job lies ahead, in case the event stream is down.
 */
import { useQuery } from '@tanstack/react-query';
import type { BookingView } from '@/domain/booking-request';
import { isActiveStatus } from '@/domain/booking-status';
import { apiFetch } from '@/web/lib/api-client';
import { LIVE_QUERY_ROOTS } from '@/web/lib/live-updates';
import type { TrackedBooking } from '@/web/lib/tracked-booking';

export const POLL_MS = 30_000;

export const bookingQueryKey = (id: string) => [...LIVE_QUERY_ROOTS.customerBookings, 'detail', id] as const;

export function getBooking(id: string, signal?: AbortSignal): Promise<TrackedBooking> {
  return apiFetch<TrackedBooking>(`/api/bookings/${encodeURIComponent(id)}`, { signal });
}

/** The booking, starting from `initial` (no request until it goes stale or an event arrives). */
export function useTrackedBooking(initial: BookingView) {
  return useQuery({
    queryKey: bookingQueryKey(initial.id),
    queryFn: ({ signal }) => getBooking(initial.id, signal),
    initialData: initial as TrackedBooking,
    staleTime: POLL_MS,
    refetchInterval: (query) => (query.state.data && !isActiveStatus(query.state.data.status) ? false : POLL_MS),
  });
}
