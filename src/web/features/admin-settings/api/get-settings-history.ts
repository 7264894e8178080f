/**
 * `GET /api/admin/settings/history?subject=&limit=&before=`: the settings changes, newest first,
 * a page at a time ("Show older changes" asks for the next one). Admins only.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HistorySubject, SettingsHistory } from '@/domain/settings-contract';
import { apiFetch } from '@/web/lib/api-client';
import { adminSettingsKeys } from './keys';

/** Entries per page. */
export const HISTORY_PAGE_SIZE = 20;

export function getSettingsHistory(subject: HistorySubject | null, before: number | null, signal?: AbortSignal): Promise<SettingsHistory> {
  const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (subject) params.set('subject', subject);
  if (before !== null) params.set('before', String(before));
  return apiFetch<SettingsHistory>(`/api/admin/settings/history?${params}`, { signal });
}

export const settingsHistoryQueryOptions = (subject: HistorySubject | null) =>
  infiniteQueryOptions({
    queryKey: adminSettingsKeys.history(subject),
    queryFn: ({ pageParam, signal }) => getSettingsHistory(subject, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 0,
  });

export function useSettingsHistory(subject: HistorySubject | null) {
  return useInfiniteQuery(settingsHistoryQueryOptions(subject));
}
