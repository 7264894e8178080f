/** `GET /api/push/config` (staff): the VAPID public key this browser subscribes with; null when Web Push is not configured. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushConfig } from '@/domain/push-contract';
import { apiFetch } from '@/web/lib/api-client';

export const pushConfigQueryKey = ['push', 'config'] as const;

export function getPushConfig(signal?: AbortSignal): Promise<PushConfig> {
  return apiFetch<PushConfig>('/api/push/config', { signal });
}

export function pushConfigQueryOptions() {
  return queryOptions({ queryKey: pushConfigQueryKey, queryFn: ({ signal }) => getPushConfig(signal), staleTime: 5 * 60_000 });
}

/** The configuration; `enabled: false` skips the request (a browser or app that will not use it). */
export function usePushConfig(enabled = true) {
  return useQuery({ ...pushConfigQueryOptions(), enabled });
}
