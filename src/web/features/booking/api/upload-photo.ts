/**
 * `POST /api/uploads` (multipart field `file`): stores a furniture photo and answers its id,
 * which the booking refers to as options.photoUploadId. The server checks type and size again.
 */
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export interface UploadedPhoto {
  id: string;
  contentType: string;
  sizeBytes: number;
}

/** Largest photo accepted, as on the server: 10 MB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export function uploadPhoto(file: File): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<UploadedPhoto>('/api/uploads', { method: 'POST', body: form });
}

/** The URL of an uploaded photo (readable by its uploader), for the preview after a reload. */
export const uploadedPhotoUrl = (id: string) => `/api/uploads/${encodeURIComponent(id)}`;

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
