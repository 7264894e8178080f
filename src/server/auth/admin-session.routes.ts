/**
 * `GET /api/admin/session`: the admin-side session check (spec section 6). Answers
 * `{ id, email, role }` to an admin or a worker; everyone else (signed out included) gets 403
 * "Access denied. Admin or worker role required." — the same words the /admin/login page shows.
 */
import { Hono } from 'hono';
import { AppError } from '../lib/errors';
import type { AppEnv } from '../lib/app-env';
import { roleOf } from './roles';

export const adminSessionRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  const user = c.var.user;
  const role = user ? await roleOf(c.var.deps.db, user.id) : null;
  if (!user || (role !== 'admin' && role !== 'worker')) throw new AppError(403, 'access_denied', 'adminLogin.accessDenied');
  return c.json({ id: user.id, email: user.email, role });
});
