/**
 * `GET /api/me`: the signed-in user, their profile and role (spec section 3: profiles loaded
 * for the signed-in user with the role merged in, default `user`), and the session's clock in
 * Unix seconds (spec section 9: token expiry is checked in seconds): `session.expires_at`, and
 * `session.refresh_at`, from when `GET /api/auth/get-session` renews it. `user.email_editable` is
 * false for Google accounts (their email is Google's). Signed out: all null.
 *
 * `PATCH /api/me/profile` { full_name?, phone? }: updates the caller's profile (spec section 8:
 * signed out -> 401 `no_user` "No authenticated user"; a failed update -> 400 `update_error`,
 * or the original error's code). The phone is a US number, stored as E.164; null clears it.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { normalizeUsPhone } from '../../../domain/phone';
import { SESSION_LIFETIME_SECONDS, SESSION_REFRESH_AGE_SECONDS, signsInWithGoogle } from '../../auth/auth';
import { roleOf } from '../../auth/roles';
import { profiles } from '../../db/schema';
import type { AppEnv } from '../../lib/app-env';
import { AppError, validationError } from '../../lib/errors';

type ProfileRow = typeof profiles.$inferSelect;

const profileView = (profile: ProfileRow) => ({
  id: profile.id,
  full_name: profile.fullName,
  terms_accepted: profile.termsAccepted,
  phone: profile.phone,
});

const profileUpdateSchema = z.object({
  full_name: z.string().trim().min(1, { error: 'account.fullNameRequired' }).max(200, { error: 'validation.tooLong' }).optional(),
  // '' or null clears the phone; anything else must be a valid US number
  phone: z
    .string({ error: 'validation.phoneInvalid' })
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value.trim() === '') return null;
      const normalized = normalizeUsPhone(value);
      if (!normalized) ctx.addIssue({ code: 'custom', message: 'validation.phoneInvalid' });
      return normalized ?? z.NEVER;
    }),
});

export const meRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const user = c.var.user;
    const expiresAt = c.var.sessionExpiresAt;
    if (!user || !expiresAt) return c.json({ user: null, profile: null, role: null, session: null });
    const { db } = c.var.deps;
    const [[profile], role, google] = await Promise.all([
      db.select().from(profiles).where(eq(profiles.id, user.id)),
      roleOf(db, user.id),
      signsInWithGoogle(db, user.id),
    ]);
    const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
    const session = { expires_at: expiresAtSeconds, refresh_at: expiresAtSeconds - SESSION_LIFETIME_SECONDS + SESSION_REFRESH_AGE_SECONDS };
    return c.json({ user: { ...user, email_editable: !google }, profile: profile ? profileView(profile) : null, role, session });
  })
  .patch('/profile', async (c) => {
    const user = c.var.user;
    if (!user) throw new AppError(401, 'no_user', 'account.noUser');
    const parsed = profileUpdateSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const error = validationError(parsed.error.issues);
      throw new AppError(400, 'update_error', error.messageKey, error.options);
    }
    const changes: Partial<ProfileRow> = { updatedAt: c.var.deps.now() };
    if (parsed.data.full_name !== undefined) changes.fullName = parsed.data.full_name;
    if (parsed.data.phone !== undefined) changes.phone = parsed.data.phone;
    let updated: ProfileRow | undefined;
    try {
      [updated] = await c.var.deps.db.update(profiles).set(changes).where(eq(profiles.id, user.id)).returning();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new AppError(400, typeof code === 'string' ? code : 'update_error', 'account.updateFailed');
    }
    if (!updated) throw new AppError(400, 'update_error', 'account.updateFailed');
    return c.json(profileView(updated));
  });
