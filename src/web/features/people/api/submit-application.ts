/** `POST /api/worker-applications` (after an optional `POST /api/uploads` of a photo or document). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import type { ApplicationInput, WorkerApplication } from '../types';
import { peopleKeys } from './keys';

export async function uploadDocument(file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  return (await apiFetch<{ id: string }>('/api/uploads', { method: 'POST', body: form })).id;
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, file }: { input: Omit<ApplicationInput, 'uploadId'>; file: File | null }) => {
      const uploadId = file ? await uploadDocument(file) : null;
      return apiFetch<WorkerApplication>('/api/worker-applications', { method: 'POST', body: { ...input, uploadId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.myApplications() }),
  });
}
