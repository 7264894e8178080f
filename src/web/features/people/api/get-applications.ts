/** `GET /api/admin/worker-applications?status=`: applications in one status, newest first. Admins only. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import type { ApplicationStatus, WorkerApplication } from '../types';
import { peopleKeys } from './keys';

export function applicationsQueryOptions(status: ApplicationStatus) {
  return queryOptions({
    queryKey: peopleKeys.applications(status),
    queryFn: async ({ signal }) => (await apiFetch<{ applications: WorkerApplication[] }>(`/api/admin/worker-applications?status=${status}`, { signal })).applications,
  });
}

export function useApplications(status: ApplicationStatus) {
  return useQuery(applicationsQueryOptions(status));
}
