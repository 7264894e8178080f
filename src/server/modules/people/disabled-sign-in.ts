/**
 * Refuses a new session to a disabled account (issue #5: "disabled users cannot sign in"),
 * whatever the sign-in method: email + password, Google, or anything added later. Registered
 * as Better Auth's `databaseHooks.session.create.before` in auth/auth.ts, so it runs after the
 * password or the provider has been checked (a stranger cannot probe which accounts are
 * disabled) and before any session exists.
 *
 * Email sign-in answers 403 `ACCOUNT_DISABLED` with the translated message; the Google callback
 * redirects to the error URL with `error=ACCOUNT_DISABLED` (Better Auth turns the APIError into
 * the redirect). Disabling also deletes the user's sessions (admin-users.service.ts).
 */
import { APIError } from 'better-auth/api';
import type { Database } from '../../db/client';
import { languageOf, translator } from '../../lib/i18n';
import { isDisabled } from './admin-users.service';

/** @throws APIError FORBIDDEN `ACCOUNT_DISABLED` when `session.userId` is disabled */
export function refuseDisabledSession(db: Database) {
  return async (session: { userId: string }, context: { headers?: Headers; request?: Request } | null | undefined) => {
    if (!(await isDisabled(db, session.userId))) return;
    const acceptLanguage = context?.headers?.get('accept-language') ?? context?.request?.headers.get('accept-language');
    const t = translator(languageOf(acceptLanguage));
    throw new APIError('FORBIDDEN', { message: t('peopleErrors.accountDisabled'), code: 'ACCOUNT_DISABLED' });
  };
}
