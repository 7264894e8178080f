/**
 * `GET /api/me`: the signed-in user, their profile and role (spec section 3: profiles loaded
 * for the signed-in user with the role merged in, default `user`), and the session's clock in
 * Unix seconds (spec section 9: token expiry is checked in seconds): `session.expires_at`, and
 * `session.refresh_at`, from when `GET /api/auth/get-session` renews it. `user.email_editable` is
 * false for Google accounts (their email is Google's). Signed out: all null.
 *
 * `PATCH /api/me/profile` { full_name?, phone? }: updates the caller's profile (spec section 8:
 * signed out -> 401 `no_user` "No authenticated user"; bad input or a failed update -> 400
 * `update_error`, or the original error's code). The phone is a US number, stored as E.164; null clears it.
 *
 * The contract (src/domain/account.ts) is declared with `defineRoute` (docs/decisions/013-api-contract.md).
 */
import { eq } from 'drizzle-orm';
import { meSchema, profileSchema, profileUpdateRequestSchema, type Profile } from '../../../domain/account';
import { SESSION_LIFETIME_SECONDS, SESSION_REFRESH_AGE_SECONDS, signsInWithGoogle } from '../../auth/auth';
import { roleOf } from '../../auth/roles';
import { requireUser } from '../../auth/session';
import { profiles } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { apiRouter, defineRoute, defineRouteWithRefusal, errorResponses, jsonBody, jsonContent } from '../../lib/openapi';

type ProfileRow = typeof profiles.$inferSelect;

const TAGS = ['Account'];

const profileView = (profile: ProfileRow): Profile => ({
  id: profile.id,
  full_name: profile.fullName,
  terms_accepted: profile.termsAccepted,
  phone: profile.phone,
});

const meRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'anonymous',
  tags: TAGS,
  summary: 'Who is signed in: user, profile, role and the session clock (all null when signed out)',
  responses: { 200: jsonContent(meSchema, 'The caller, or nulls when signed out') },
});

const updateProfileRoute = defineRouteWithRefusal(
  {
    method: 'patch',
    path: '/profile',
    access: 'signed_in',
    tags: TAGS,
    summary: "Change the caller's full name or phone",
    description: 'Signed out: 401 `no_user` "No authenticated user". Bad input or a failed update: 400 `update_error` with field details.',
    request: { body: jsonBody(profileUpdateRequestSchema) },
    responses: { 200: jsonContent(profileSchema, 'The profile as it is now'), ...errorResponses(400, 401, 415) },
  },
  () => new AppError(401, 'no_user', 'account.noUser'),
);

export const meRoutes = apiRouter()
  .openapi(meRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const user = c.var.user;
    const expiresAt = c.var.sessionExpiresAt;
    if (!user || !expiresAt) return c.json({ user: null, profile: null, role: null, session: null }, 200);
    const { db } = c.var.deps;
    const [[profile], role, google] = await Promise.all([
      db.select().from(profiles).where(eq(profiles.id, user.id)),
      roleOf(db, user.id),
      signsInWithGoogle(db, user.id),
    ]);
    const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
    const session = { expires_at: expiresAtSeconds, refresh_at: expiresAtSeconds - SESSION_LIFETIME_SECONDS + SESSION_REFRESH_AGE_SECONDS };
    return c.json({ user: { ...user, email_editable: !google }, profile: profile ? profileView(profile) : null, role, session }, 200);
  })
  .openapi(
    updateProfileRoute,
    async (c) => {
      const user = requireUser(c);
      const input = c.req.valid('json');
      const changes: Partial<ProfileRow> = { updatedAt: c.var.deps.now() };
      if (input.full_name !== undefined) changes.fullName = input.full_name;
      if (input.phone !== undefined) changes.phone = input.phone;
      let updated: ProfileRow | undefined;
      try {
        [updated] = await c.var.deps.db.update(profiles).set(changes).where(eq(profiles.id, user.id)).returning();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw new AppError(400, typeof code === 'string' ? code : 'update_error', 'account.updateFailed');
      }
      if (!updated) throw new AppError(400, 'update_error', 'account.updateFailed');
      return c.json(profileView(updated), 200);
    },
    // The spec's code for bad input here is `update_error`, with the same field details.
    (result) => {
      if (result.success) return;
      const error = validationError(result.error.issues);
      throw new AppError(400, 'update_error', error.messageKey, error.options);
    },
  );
