/**
 * `POST /api/uploads` (multipart field `file`) and `GET /api/uploads/:id` (owner only).
 * Signed-in users upload as themselves; a guest (the booking flow asks for the furniture photo
 * before sign-in) uploads under a short-lived HttpOnly draft cookie and their IP address, each with
 * its own quota (upload-quota.ts). The quota is checked once before the body is read (a caller
 * over it costs no decoding) and again, decisively, when the row is written.
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { ownCookieAttributes } from '../../lib/cookie-policy';
import { MAX_UPLOAD_BYTES, uploadedFileSchema } from '../../../domain/uploads-contract';
import { clientIp } from '../../auth/rate-limit';
import { roleOf } from '../../auth/roles';
import { notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/app-env';
import { apiRouter, defineRoute, errorResponses, idParams, jsonContent } from '../../lib/openapi';
import { UploadQuotaError, uploadFileError } from './upload-errors';
import { uploadResponse, uploadStorageUnavailableResponse } from './upload-response';
import { assertWithinUploadQuota, hashClientIp, type Uploader } from './upload-quota';
import {
  UPLOAD_OWNER_COOKIE,
  UPLOAD_OWNER_COOKIE_MAX_AGE_SECONDS,
  canReadUpload,
  hashToken,
  newAnonymousToken,
  saveUpload,
} from './uploads.service';

export function uploadOwner(c: { var: AppEnv['Variables'] }, cookieToken: string | undefined) {
  return { userId: c.var.user?.id ?? null, anonymousToken: cookieToken ?? null };
}

/**
 * The signed-in user, or the guest's draft: its cookie token (issued on the first upload and
 * renewed with each, so it lives 24 h past the last photo) and IP address.
 */
function identifyUploader(c: Context<AppEnv>): Uploader {
  const { config } = c.var.deps;
  if (c.var.user) return { kind: 'user', userId: c.var.user.id };
  const token = getCookie(c, UPLOAD_OWNER_COOKIE) || newAnonymousToken();
  setCookie(c, UPLOAD_OWNER_COOKIE, token, {
    httpOnly: true,
    ...ownCookieAttributes(config),
    path: '/api',
    maxAge: UPLOAD_OWNER_COOKIE_MAX_AGE_SECONDS,
  });
  return { kind: 'guest', draftTokenHash: hashToken(token), ipHash: hashClientIp(clientIp(c, config.trustProxy), config.authSecret) };
}

/** Adds Retry-After to an hourly-limit 429 (the central error handler keeps the header). */
async function withRetryAfter<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UploadQuotaError && error.retryAfterSeconds !== null) c.header('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}

const TAGS = ['Uploads'];

const uploadRoute = defineRoute({
  method: 'post',
  path: '/',
  access: 'anonymous',
  tags: TAGS,
  summary: 'Upload a photo (a furniture photo for a booking, a worker application document)',
  description:
    'Signed-in users upload as themselves; a guest of the booking flow under a short-lived HttpOnly draft cookie and their IP address, each with an hourly and a daily quota (429 with Retry-After past them). The image is decoded and re-encoded as JPEG (10 MB at most; HEIC is refused with a hint). Uploads not attached to a booking or application within 24 hours are removed.',
  // With a Content-Length (browsers send one with FormData) this reads nothing: the body is
  // only read in the handler, after the early quota check.
  middleware: [
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
      onError: () => {
        throw uploadFileError('validation.fileTooLarge');
      },
    }),
  ],
  // A plain JSON Schema, not zod: the handler reads the multipart body itself, after the quota check.
  request: {
    body: {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object' as const, properties: { file: { type: 'string' as const, format: 'binary' } }, required: ['file'] } } },
    },
  },
  responses: { 201: jsonContent(uploadedFileSchema, 'The stored photo'), ...errorResponses(400, 403, 413, 415, 429), ...uploadStorageUnavailableResponse },
});

const readRoute = defineRoute({
  method: 'get',
  path: '/{id}',
  access: 'anonymous',
  tags: TAGS,
  summary: 'Read an uploaded photo',
  description: 'Its uploader (the signed-in user, or the guest holding the draft cookie) and admins only; anyone else gets 404.',
  request: { params: idParams },
  responses: {
    200: { description: 'The photo', content: { 'image/jpeg': { schema: { type: 'string' as const, format: 'binary' } } } },
    ...errorResponses(404),
    ...uploadStorageUnavailableResponse,
  },
});

export const uploadsRoutes = apiRouter()
  .openapi(uploadRoute, async (c) => {
    const { db, now, uploadStorage } = c.var.deps;
    const uploader = identifyUploader(c);
    await withRetryAfter(c, () => assertWithinUploadQuota(db, uploader, now()));
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      // no boundary, or a broken multipart body: no file came through
      throw uploadFileError('validation.fileRequired');
    }
    const saved = await withRetryAfter(c, () => saveUpload({ db, storage: uploadStorage, now: now() }, body.file, uploader));
    return c.json(saved, 201);
  })
  .openapi(readRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    const isAdmin = c.var.user ? (await roleOf(db, c.var.user.id)) === 'admin' : false;
    const row = await canReadUpload(db, id, { ...uploadOwner(c, getCookie(c, UPLOAD_OWNER_COOKIE)), isAdmin });
    if (!row) throw notFound();
    return uploadResponse(c, row);
  });
