/**
 * Refuses email sign-in to a disabled account (issue #5) with a translated 403
 * `account_disabled`, before Better Auth checks the password. Registered as Better Auth's
 * `hooks.before` in auth/auth.ts. Disabling also deletes the user's sessions
 * (admin-users.service.ts), so a disabled user has no way back in by email.
 */
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Database } from '../../db/client';
import { languageOf, translator } from '../../lib/i18n';
import { isDisabledEmail } from './admin-users.service';

export function refuseDisabledSignIn(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-in/email') return;
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || !(await isDisabledEmail(db, email))) return;
    const t = translator(languageOf(ctx.headers?.get('accept-language')));
    throw new APIError('FORBIDDEN', { message: t('peopleErrors.accountDisabled'), code: 'ACCOUNT_DISABLED' });
  });
}
