/** `POST /api/uploads` (multipart field `file`) and `GET /api/uploads/:id` (owner only). */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { roleOf } from '../../auth/roles';
import { AppError, notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/app-env';
import { MAX_UPLOAD_BYTES, UPLOAD_OWNER_COOKIE, canReadUpload, newAnonymousToken, readUploadFile, saveUpload } from './uploads.service';

export function uploadOwner(c: { var: AppEnv['Variables'] }, cookieToken: string | undefined) {
  return { userId: c.var.user?.id ?? null, anonymousToken: cookieToken ?? null };
}

export const uploadsRoutes = new Hono<AppEnv>()
  .post(
    '/',
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
      onError: () => {
        throw new AppError(400, 'validation_failed', 'errors.validationFailed', { details: { file: 'validation.fileTooLarge' } });
      },
    }),
    async (c) => {
      const { db, config } = c.var.deps;
      let token = getCookie(c, UPLOAD_OWNER_COOKIE);
      if (!c.var.user && !token) {
        token = newAnonymousToken();
        setCookie(c, UPLOAD_OWNER_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure: config.nodeEnv === 'production', path: '/api', maxAge: 60 * 60 * 24 * 7 });
      }
      const body = await c.req.parseBody();
      const saved = await saveUpload(db, config.dataDir, body.file, uploadOwner(c, token));
      return c.json(saved, 201);
    },
  )
  .get('/:id', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound();
    const { db, config } = c.var.deps;
    const isAdmin = c.var.user ? (await roleOf(db, c.var.user.id)) === 'admin' : false;
    const row = await canReadUpload(db, id.data, { ...uploadOwner(c, getCookie(c, UPLOAD_OWNER_COOKIE)), isAdmin });
    if (!row) throw notFound();
    const bytes = await readUploadFile(config.dataDir, row.storageKey);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': row.contentType,
      'Cache-Control': 'private, max-age=3600',
      'Content-Disposition': 'inline',
    });
  });
