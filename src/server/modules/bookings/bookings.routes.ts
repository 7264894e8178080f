/** `POST /api/bookings`, `GET /api/bookings`, `GET /api/bookings/:id` (the caller's own only). */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { requireUser } from '../../auth/session';
import { badRequest, notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/app-env';
import { readJson } from '../../lib/validate';
import { UPLOAD_OWNER_COOKIE } from '../uploads/uploads.service';
import { createBooking, getBooking, listBookings } from './bookings.service';

const idempotencyKeySchema = z.string().trim().min(8).max(200);

export const bookingsRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const user = requireUser(c);
    const key = idempotencyKeySchema.safeParse(c.req.header('idempotency-key') ?? '');
    if (!key.success) throw badRequest('idempotency_key_required', 'errors.idempotencyKeyRequired');
    const { db, gateway, logger, now } = c.var.deps;
    const result = await createBooking(
      { db, gateway, logger, now: now(), customer: user, lang: c.var.lang, uploadOwner: { userId: user.id, anonymousToken: getCookie(c, UPLOAD_OWNER_COOKIE) ?? null } },
      key.data,
      await readJson(c.req.raw),
    );
    return c.json(result.booking, result.replayed ? 200 : 201);
  })
  .get('/', async (c) => {
    const user = requireUser(c);
    return c.json({ bookings: await listBookings(c.var.deps.db, c.var.deps.gateway, user.id) });
  })
  .get('/:id', async (c) => {
    const user = requireUser(c);
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound();
    return c.json(await getBooking(c.var.deps.db, c.var.deps.gateway, user.id, id.data));
  });
