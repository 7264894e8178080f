/** `GET /api/admin/worker-applications?status=`: applications in one status, newest first. Admins only. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApplicationStatus, applicationsForReviewSchema } from '@/domain/worker-applications';
import { apiFetch } from '@/web/lib/api-client';
import { peopleKeys } from './keys';

export function applicationsQueryOptions(status: ApplicationStatus) {
  return queryOptions({
    queryKey: peopleKeys.applications(status),
    queryFn: async ({ signal }) => (await apiFetch<z.infer<typeof applicationsForReviewSchema>>(`/api/admin/worker-applications?status=${status}`, { signal })).applications,
  });
}

export function useApplications(status: ApplicationStatus) {
  return useQuery(applicationsQueryOptions(status));
}
