/**
 * `POST /api/uploads` (multipart field `file`): stores a furniture photo and answers its id,
 * which the booking refers to as options.photoUploadId. The server checks type and size again.
 */
import { useMutation } from '@tanstack/react-query';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '@/domain/uploads-contract';
import { apiUrl } from '@/web/lib/api-base';
import { apiFetch } from '@/web/lib/api-client';

/** Largest photo accepted, as on the server: 10 MB. */
export const MAX_PHOTO_BYTES = MAX_UPLOAD_BYTES;

export function uploadPhoto(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<UploadedFile>('/api/uploads', { method: 'POST', body: form });
}

/** The URL of an uploaded photo (readable by its uploader), for the preview after a reload. */
export const uploadedPhotoUrl = (id: string) => apiUrl(`/api/uploads/${encodeURIComponent(id)}`);

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
