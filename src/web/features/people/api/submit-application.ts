/** `POST /api/worker-applications` (after an optional `POST /api/uploads` of a photo or document). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkerApplication, WorkerApplicationRequest } from '@/domain/worker-applications';
import { apiFetch } from '@/web/lib/api-client';
import { peopleKeys } from './keys';

export async function uploadDocument(file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  return (await apiFetch<{ id: string }>('/api/uploads', { method: 'POST', body: form })).id;
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, file }: { input: Omit<WorkerApplicationRequest, 'uploadId'>; file: File | null }) => {
      const uploadId = file ? await uploadDocument(file) : null;
      const application: WorkerApplicationRequest = { ...input, uploadId };
      return apiFetch<WorkerApplication>('/api/worker-applications', { method: 'POST', body: application });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.myApplications() }),
  });
}
