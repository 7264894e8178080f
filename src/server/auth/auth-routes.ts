/**
 * Mounts Better Auth under /api/auth and reshapes its error answers into the API's error body
 * `{ message, code, details, hint }`, translated (Better Auth answers in English only). In front
 * of it: the input checks (auth-input.ts), the rate limits (rate-limit.ts) and our own answer to
 * reset-link requests (password-reset-request.ts).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../lib/app-env';
import { translator } from '../lib/i18n';
import { authInputGuard } from './auth-input';
import { requestPasswordReset } from './password-reset-request';
import { changePasswordThrottle, ipRateLimit, signInThrottle, signUpProbeThrottle, type AuthLimits } from './rate-limit';

/** Better Auth error codes -> our i18n keys and field (for `details`). */
const KNOWN_ERRORS: Record<string, { key: string; field?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { key: 'errors.invalidCredentials' },
  USER_ALREADY_EXISTS: { key: 'errors.emailTaken', field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { key: 'errors.emailTaken', field: 'email' },
  PASSWORD_TOO_SHORT: { key: 'validation.passwordTooShort', field: 'password' },
  PASSWORD_TOO_LONG: { key: 'validation.tooLong', field: 'password' },
  INVALID_EMAIL: { key: 'validation.emailInvalid', field: 'email' },
  INVALID_TOKEN: { key: 'account.resetLinkInvalid' },
  INVALID_PASSWORD: { key: 'account.currentPasswordWrong', field: 'currentPassword' },
};

export function authRoutes(limits: AuthLimits) {
  return new Hono<AppEnv>()
    .use('/sign-in/*', ipRateLimit('sign-in', limits))
    .use('/sign-up/*', ipRateLimit('sign-up', limits))
    .use('/request-password-reset', ipRateLimit('password-reset', limits))
    .use('/reset-password', ipRateLimit('password-reset', limits))
    .use('/change-password', ipRateLimit('change-password', limits))
    .use('*', authInputGuard())
    .use('/sign-in/email', signInThrottle(limits))
    .use('/sign-up/email', signUpProbeThrottle(limits))
    .use('/change-password', changePasswordThrottle())
    .post('/request-password-reset', requestPasswordReset)
    .on(['GET', 'POST'], '/*', async (c) => {
      const response = await c.var.deps.auth.handler(c.req.raw);
      if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return response;
      const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
      const known = body?.code ? KNOWN_ERRORS[body.code] : undefined;
      const t = translator(c.var.lang);
      const message = known ? t(known.key) : (body?.message ?? t('errors.generic'));
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(
        JSON.stringify({ message, code: (body?.code ?? 'auth_error').toLowerCase(), details: known?.field ? { [known.field]: message } : null, hint: null }),
        { status: response.status, headers },
      );
    });
}
