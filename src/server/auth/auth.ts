/**
 * Authentication with Better Auth (docs/decisions/001-stack.md): email + password, Google when
 * configured, cookie sessions (HttpOnly; SameSite=Lax, Secure in production; SameSite=None; Secure
 * with MOBILE_APP_ORIGINS=true, lib/cookie-policy.ts) under /api/auth.
 *
 * Spec section 5: sign-up uses the full name, falling back to the email when no name is given;
 * when the terms flag is set, acceptance is saved on the profile. A profile row (same id as the
 * user) is created with every new user.
 *
 * Password reset: Better Auth keeps the token (1 hour, single use); the email goes through our
 * mailer (`sendMail`, template 'password_reset', dev outbox without SMTP_URL) with a link to
 * the web page `${PUBLIC_URL}/reset-password?token=...`. A reset ends the user's other sessions.
 * A reset or a password change (Settings) ends every reset link the user still holds (issue #10).
 * The request for a link is answered in front of Better Auth (password-reset-request.ts).
 */
// The minimal build (Better Auth's docs: without Kysely, for an adapter such as Drizzle's; our
// migrations are drizzle-kit's) and the one plugin we use, not the plugins' index: ~190 ms less to
// import in every server start and API test file.
import { betterAuth } from 'better-auth/minimal';
import { openAPI } from 'better-auth/plugins/open-api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { and, eq, like } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { languageOf, translator } from '../lib/i18n';
import type { OutgoingMail } from '../mail/mailer';
import { account, profiles, session, user, verification } from '../db/schema';
import { refuseDisabledSession } from '../modules/people/disabled-sign-in';
import { ownCookieAttributes } from '../lib/cookie-policy';
import { withSessionLookup } from './session-lookup';

export const MIN_PASSWORD_LENGTH = 8;
/** How long the link confirming a new email address works. */
export const EMAIL_CHANGE_LINK_SECONDS = 24 * 60 * 60;
export const RESET_PASSWORD_TOKEN_SECONDS = 60 * 60;
/** A session lasts 7 days from its last refresh (Better Auth's default, made explicit). */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/**
 * A session older than this is refreshed (new expiry, new cookie) by `GET /api/auth/get-session`,
 * which the browser calls when /api/me says the refresh is due (web/lib/auth.ts). Other
 * requests never refresh: the cookie's lifetime must move with the session's.
 */
export const SESSION_REFRESH_AGE_SECONDS = 24 * 60 * 60;

export interface AuthMail {
  /** Sends one message (bootstrap passes deps.mailer.send). */
  sendMail: (mail: OutgoingMail) => Promise<unknown>;
}

/**
 * The account emails that carry a one-time link, in the language the request asked in:
 * 'password_reset' (to /reset-password) and 'email_change' (confirms a new address, sent to it).
 * Texts: `passwordResetMail.*` and `emailChangeMail.*` in locales mail.json.
 */
const ACCOUNT_LINK_MAILS = {
  password_reset: { subject: 'passwordResetMail.subject', text: 'passwordResetMail.text' },
  email_change: { subject: 'emailChangeMail.subject', text: 'emailChangeMail.text' },
} as const;

export function accountLinkMail(
  template: keyof typeof ACCOUNT_LINK_MAILS,
  input: { to: string; name: string; link: string; acceptLanguage: string | null | undefined },
): OutgoingMail {
  const language = languageOf(input.acceptLanguage);
  const t = translator(language);
  const keys = ACCOUNT_LINK_MAILS[template];
  return { to: input.to, subject: t(keys.subject), text: t(keys.text, { name: input.name, link: input.link }), template, language };
}

/** Better Auth's drizzle adapter on our auth tables (db/schema/auth.ts; the migrations are drizzle-kit's). */
export function authTablesAdapter(db: Database) {
  return drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } });
}

export function createAuth(db: Database, config: Config, mail: AuthMail) {
  return betterAuth({
    appName: 'Tampa Same-Day Handyman',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    // The session read every signed-in request makes is a statement built once (session-lookup.ts).
    database: withSessionLookup(authTablesAdapter(db), db),
    session: { expiresIn: SESSION_LIFETIME_SECONDS, updateAge: SESSION_REFRESH_AGE_SECONDS },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // the token just used is consumed by Better Auth; any other one of this user ends here
      onPasswordReset: async ({ user: reset }) => endResetLinks(db, reset.id),
      sendResetPassword: async ({ user: recipient, token }, request) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mail.sendMail(
          accountLinkMail('password_reset', { to: recipient.email, name: recipient.name || recipient.email, link, acceptLanguage: request?.headers.get('accept-language') }),
        );
      },
    },
    // Changing the email of a password account: Better Auth mails a link to the NEW address and
    // switches only when it is opened (POST /api/auth/change-email; GET /api/auth/verify-email).
    // Sign-up sends nothing (sendOnSignUp is off). Google accounts keep Google's email
    // (refuseEmailChangeForGoogle below).
    user: { changeEmail: { enabled: true } },
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: EMAIL_CHANGE_LINK_SECONDS,
      sendVerificationEmail: async ({ user: recipient, url }, request) => {
        await mail.sendMail(accountLinkMail('email_change', { to: recipient.email, name: recipient.name || recipient.email, link: url, acceptLanguage: request?.headers.get('accept-language') }));
      },
    },
    socialProviders: config.google ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } } : {},
    // Better Auth's own OpenAPI description of /api/auth/*, merged into /api/openapi.json
    // (src/server/modules/docs); its reference page is ours (/api/docs), not the plugin's.
    plugins: [openAPI({ disableDefaultReference: true })],
    // Our own limiter (auth/rate-limit.ts) answers 429 in the API's error shape.
    rateLimit: { enabled: false },
    advanced: {
      // A session and its user in one query (relations in db/schema/auth.ts; issue #16).
      database: { joins: true },
      useSecureCookies: config.nodeEnv === 'production',
      // Lax for the web app alone; None + Secure when the mobile apps (another site) call the API
      defaultCookieAttributes: sessionCookieAttributes(config),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (newUser) => ({ data: { ...newUser, name: newUser.name?.trim() || newUser.email } }),
          after: async (created) => {
            const fullName = created.name?.trim() || created.email;
            await db.insert(profiles).values({ id: created.id, fullName }).onConflictDoNothing();
            await db.update(user).set({ userMetadata: { full_name: fullName } }).where(eq(user.id, created.id));
          },
        },
      },
      session: {
        create: { before: refuseDisabledSession(db) },
      },
    },
    // No OpenTelemetry here: Better Auth's spans cost ~1 % of a signed-in request's CPU for nothing (issue #16).
    experimental: { instrumentation: { enabled: false } },
    hooks: {
      before: refuseEmailChangeForGoogle(db),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/change-password') {
          const changed = ctx.context.returned as { user?: { id?: string } } | undefined;
          if (!isAPIError(changed) && changed?.user?.id) await endResetLinks(db, changed.user.id);
          return;
        }
        if (ctx.path !== '/sign-up/email') return;
        const created = ctx.context.newSession?.user;
        if (created && (ctx.body as { termsAccepted?: unknown } | undefined)?.termsAccepted === true) {
          await db.update(profiles).set({ termsAccepted: true }).where(eq(profiles.id, created.id));
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Better Auth's cookie attributes (lower-case SameSite) from the cookie policy (lib/cookie-policy.ts). */
function sessionCookieAttributes(config: Config): { httpOnly: true; sameSite: 'lax' | 'none'; secure?: true } {
  const policy = ownCookieAttributes(config);
  return policy.sameSite === 'None' ? { httpOnly: true, sameSite: 'none', secure: true } : { httpOnly: true, sameSite: 'lax' };
}

/** Whether the user signs in with Google (their email is Google's; Settings shows it read-only). */
export async function signsInWithGoogle(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: account.id }).from(account).where(and(eq(account.userId, userId), eq(account.providerId, 'google'))).limit(1);
  return Boolean(row);
}

/** Deletes every password-reset token of the user (Better Auth keeps them as `reset-password:<token>` -> user id). */
export async function endResetLinks(db: Database, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
}

/** `POST /api/auth/change-email` from a Google account: 403 `EMAIL_MANAGED_BY_GOOGLE`, translated. */
function refuseEmailChangeForGoogle(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/change-email') return;
    const current = await getSessionFromCtx(ctx);
    if (!current || !(await signsInWithGoogle(db, current.user.id))) return;
    const t = translator(languageOf(ctx.headers?.get('accept-language')));
    throw new APIError('FORBIDDEN', { message: t('account.emailManagedByGoogle'), code: 'EMAIL_MANAGED_BY_GOOGLE' });
  });
}
