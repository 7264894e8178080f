/** `GET /api/worker-applications/mine`: the signed-in user's applications, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myApplicationsSchema } from '@/domain/worker-applications';
import { apiFetch } from '@/web/lib/api-client';
import { peopleKeys } from './keys';

export function myApplicationsQueryOptions() {
  return queryOptions({
    queryKey: peopleKeys.myApplications(),
    queryFn: async ({ signal }) => (await apiFetch<z.infer<typeof myApplicationsSchema>>('/api/worker-applications/mine', { signal })).applications,
  });
}

export function useMyApplications(enabled: boolean) {
  return useQuery({ ...myApplicationsQueryOptions(), enabled });
}
