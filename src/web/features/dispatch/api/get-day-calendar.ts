/**
 * `GET /api/admin/calendar?date=YYYY-MM-DD`: one Tampa day for the admin's day view (the active
 * workers and the day's jobs). Admins only. Kept under the dispatch query root, so live booking
 * events and every dispatch action (assign, reschedule...) refresh it; refetched every minute as
 * well, in case the event stream is down.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DayCalendar } from '@/domain/dispatch-contract';
import { apiFetch } from '@/web/lib/api-client';
import { dispatchKeys } from './keys';

export function getDayCalendar(date: string, signal?: AbortSignal): Promise<DayCalendar> {
  return apiFetch<DayCalendar>(`/api/admin/calendar?${new URLSearchParams({ date })}`, { signal });
}

export function dayCalendarQueryOptions(date: string) {
  return queryOptions({
    queryKey: [...dispatchKeys.all, 'calendar', date] as const,
    queryFn: ({ signal }) => getDayCalendar(date, signal),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

/** While another day loads, the previous day stays on screen (isPlaceholderData). */
export function useDayCalendar(date: string) {
  return useQuery({ ...dayCalendarQueryOptions(date), placeholderData: keepPreviousData });
}
