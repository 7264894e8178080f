/**
 * The answer that serves a stored photo (uploads.routes.ts `GET /api/uploads/{id}`, a chat's
 * image `GET /api/chats/{id}/attachments/{uploadId}`), once the caller's right to see it is
 * settled: the bytes with their type, private caching for an hour, shown inline.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { notFound } from '../../lib/errors';
import { readUploadFile } from './uploads.service';

/**
 * @param upload the stored row's storage key and content type
 * @throws AppError 404 when the file is missing (another machine's disk, a restored backup): a
 *   missing file is not a 500
 */
export async function uploadResponse(c: Context<AppEnv>, upload: { storageKey: string; contentType: string }): Promise<Response> {
  const bytes = await readUploadFile(c.var.deps.config.dataDir, upload.storageKey).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw notFound();
    throw error;
  });
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': upload.contentType,
    'Cache-Control': 'private, max-age=3600',
    'Content-Disposition': 'inline',
  });
}
