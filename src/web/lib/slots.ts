/**
 * `GET /api/services/:slug/slots?date&durationMinutes`: the 15 bookable Tampa dates and the
 * start times left on one of them for a job of the given length. Slots go fast, so they are
 * considered fresh for a minute only (not the app's 5 minutes). Read by the booking flow's
 * Date & Time step and by rescheduling in My Bookings (through components/slot-picker).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceSlug } from '@/domain/services';
import { apiFetch } from '@/web/lib/api-client';

export interface SlotsResponse {
  /** The date the starts belong to ('YYYY-MM-DD', Tampa); today when none was asked for. */
  date: string;
  /** The bookable dates, today first. */
  dates: string[];
  /** ISO instants, ascending. */
  starts: string[];
}

export interface SlotsQuery {
  slug: ServiceSlug;
  /** A Tampa date; omitted means today. */
  date?: string | null;
  durationMinutes: number;
}

export function getSlots({ slug, date, durationMinutes }: SlotsQuery, signal?: AbortSignal): Promise<SlotsResponse> {
  const params = new URLSearchParams({ durationMinutes: String(durationMinutes) });
  if (date) params.set('date', date);
  return apiFetch<SlotsResponse>(`/api/services/${slug}/slots?${params}`, { signal });
}

/** The key prefix of every slot list of a service, to refresh them all after a conflict. */
export const slotsKey = (slug: ServiceSlug) => ['slots', slug] as const;

export function slotsQueryOptions(query: SlotsQuery) {
  return queryOptions({
    queryKey: [...slotsKey(query.slug), query.date ?? 'today', query.durationMinutes],
    queryFn: ({ signal }) => getSlots(query, signal),
    staleTime: 60_000,
  });
}

/** The slots of a date; while another date loads, the previous answer stays (isPlaceholderData). */
export function useSlots(query: SlotsQuery) {
  return useQuery({ ...slotsQueryOptions(query), placeholderData: keepPreviousData });
}
