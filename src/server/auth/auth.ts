/**
 * Authentication with Better Auth (docs/decisions/001-stack.md): email + password, Google when
 * configured, cookie sessions (HttpOnly, SameSite=Lax, Secure in production) under /api/auth.
 *
 * Spec section 5: sign-up uses the full name, falling back to the email when no name is given;
 * when the terms flag is set, acceptance is saved on the profile. A profile row (same id as the
 * user) is created with every new user.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { account, profiles, session, user, verification } from '../db/schema';

export const MIN_PASSWORD_LENGTH = 8;

export function createAuth(db: Database, config: Config) {
  return betterAuth({
    appName: 'Tampa Same-Day Handyman',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: { enabled: true, minPasswordLength: MIN_PASSWORD_LENGTH, maxPasswordLength: 128, autoSignIn: true },
    socialProviders: config.google ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } } : {},
    // Our own limiter (auth/rate-limit.ts) answers 429 in the API's error shape.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.nodeEnv === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (newUser) => ({ data: { ...newUser, name: newUser.name?.trim() || newUser.email } }),
          after: async (created) => {
            await db.insert(profiles).values({ id: created.id, fullName: created.name?.trim() || created.email }).onConflictDoNothing();
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const created = ctx.context.newSession?.user;
        if (created && (ctx.body as { termsAccepted?: unknown } | undefined)?.termsAccepted === true) {
          await db.update(profiles).set({ termsAccepted: true, updatedAt: new Date() }).where(eq(profiles.id, created.id));
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
