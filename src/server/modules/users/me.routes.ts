/**
 * `GET /api/me`: the signed-in user, their profile and role (spec section 3: profiles loaded
 * for the signed-in user with the role merged in, default `user`). Signed out: all null.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { roleOf } from '../../auth/roles';
import { profiles } from '../../db/schema';
import type { AppEnv } from '../../lib/app-env';

export const meRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  const user = c.var.user;
  if (!user) return c.json({ user: null, profile: null, role: null });
  const { db } = c.var.deps;
  const [[profile], role] = await Promise.all([db.select().from(profiles).where(eq(profiles.id, user.id)), roleOf(db, user.id)]);
  return c.json({
    user,
    profile: profile ? { id: profile.id, full_name: profile.fullName, terms_accepted: profile.termsAccepted, phone: profile.phone } : null,
    role,
  });
});
