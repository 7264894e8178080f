/**
 * The answer that serves a stored photo (uploads.routes.ts `GET /api/uploads/{id}`, a chat's
 * image `GET /api/chats/{id}/attachments/{uploadId}`), once the caller's right to see it is
 * settled: the bytes streamed from the upload storage (disk or S3, upload-storage.ts) with their
 * type and length, private caching for an hour, shown inline. The bucket is never exposed: the
 * bytes pass through this server, after its access checks.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';

/** The OpenAPI entry of a route that stores or reads photos and can meet the store down. */
export const uploadStorageUnavailableResponse = {
  503: { ...errorResponses(503)[503]!, description: 'Photos cannot be stored or read right now (the file store does not answer); try again later' },
};

/**
 * @param upload the stored row's storage key and content type (the row's type is the one we checked and serve)
 * @throws AppError 404 when nothing is stored under the key (another machine's disk, a restored
 *   backup): a missing file is not a 500; UploadStorageUnavailableError 503 when the store cannot be read
 */
export async function uploadResponse(c: Context<AppEnv>, upload: { storageKey: string; contentType: string }): Promise<Response> {
  const stored = await c.var.deps.uploadStorage.get(upload.storageKey);
  if (!stored) throw notFound();
  const headers: Record<string, string> = {
    'Content-Type': upload.contentType,
    'Cache-Control': 'private, max-age=3600',
    'Content-Disposition': 'inline',
  };
  if (stored.contentLength !== null) headers['Content-Length'] = String(stored.contentLength);
  return c.body(stored.body, 200, headers);
}
