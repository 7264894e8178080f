/** `GET /api/admin/settings`: every service and settings section with its version and who saved it last. Admins only. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@/domain/settings-contract';
import { apiFetch } from '@/web/lib/api-client';
import { adminSettingsKeys } from './keys';

export function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiFetch<AdminSettings>('/api/admin/settings', { signal });
}

export const adminSettingsQueryOptions = queryOptions({
  queryKey: adminSettingsKeys.settings(),
  queryFn: ({ signal }) => getAdminSettings(signal),
  // Another admin may save meanwhile: what the forms start from is read fresh each visit.
  staleTime: 0,
});

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions);
}
