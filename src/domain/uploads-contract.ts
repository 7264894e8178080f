/**
 * The uploads API contract (issue #10): `POST /api/uploads` answers the stored photo, which a
 * booking (options.photoUploadId) or a worker application refers to by id. Shared by
 * src/server/modules/uploads/uploads.routes.ts and the web's upload calls. Photos are re-encoded
 * as JPEG on the server (docs/decisions/011), so the stored type and size differ from the file sent.
 */
import { z } from 'zod';

/** Largest file accepted, in bytes: 10 MB (before re-encoding). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const uploadedFileSchema = z
  .object({
    id: z.uuid(),
    /** The stored type: image/jpeg. */
    contentType: z.string(),
    /** The stored size in bytes. */
    sizeBytes: z.number().int(),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
