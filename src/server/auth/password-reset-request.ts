/**
 * `POST /api/auth/request-password-reset` in front of Better Auth's (issue #10): the answer must
 * not tell whether an account uses the email.
 *  - Every valid request gets the same answer (200 `{ status: true, message }`, a message that
 *    does not repeat the address), at the same moment: RESET_ANSWER_MS after it arrived,
 *    whatever the work behind it. The work (the per-address cap, Better Auth's account look-up,
 *    the token, the mail) starts at once and goes on after the answer when it takes longer (a
 *    slow SMTP server), so neither its length nor its outcome shows in the answer.
 *  - At most RESET_MAILS_PER_HOUR requests per address and hour reach Better Auth; later ones
 *    send nothing (counted for every address, known or not, so the cap tells nothing either).
 * A malformed email is a 400 like any bad input (it depends on the text, not on the account).
 */
import type { Context } from 'hono';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { validationError } from '../lib/errors';
import type { AppEnv } from '../lib/app-env';
import { translator } from '../lib/i18n';
import { counterKey, countHit } from './attempt-counters';
import { jsonBody } from './rate-limit';

/** When the answer leaves, in ms after the request arrived: longer than the work takes with the dev outbox. */
export const RESET_ANSWER_MS = 300;
export const RESET_MAILS_PER_HOUR = 3;

const resetRequestBody = z.object({
  email: z
    .string({ error: 'validation.emailInvalid' })
    .trim()
    .max(254, { error: 'validation.emailInvalid' })
    .pipe(z.email({ error: 'validation.emailInvalid' })),
});

/** Work still running after its answer left (tests wait for it: `resetRequestsSettled`). */
const inFlight = new Set<Promise<void>>();

/** Resolves when every reset request answered so far has finished its work. */
export async function resetRequestsSettled(): Promise<void> {
  await Promise.all([...inFlight]);
}

export async function requestPasswordReset(c: Context<AppEnv>) {
  const arrived = performance.now();
  const parsed = resetRequestBody.safeParse(await jsonBody(c));
  if (!parsed.success) throw validationError(parsed.error.issues);
  const email = parsed.data.email.toLowerCase();

  const work = sendResetLink(c, email).catch((error: unknown) => c.var.deps.logger.error({ err: error }, 'password reset request failed'));
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));

  await sleep(Math.max(0, RESET_ANSWER_MS - (performance.now() - arrived)));
  const t = translator(c.var.lang);
  return c.json({ status: true, message: t('passwordReset.linkRequested') });
}

/** The cap, then Better Auth's own handler (account look-up, token, `sendResetPassword`). */
async function sendResetLink(c: Context<AppEnv>, email: string): Promise<void> {
  const { db, now, auth, logger } = c.var.deps;
  const hit = await countHit(db, counterKey('reset-mail-address', email), now(), 60 * 60);
  if (hit.count > RESET_MAILS_PER_HOUR) {
    logger.info({ count: hit.count }, 'password reset mail not sent: hourly cap for this address reached');
    return;
  }
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  // redirectTo is left out: the mailed link is always our /reset-password page (auth.ts)
  const response = await auth.handler(new Request(c.req.raw.url, { method: 'POST', headers, body: JSON.stringify({ email }) }));
  if (!response.ok) logger.error({ status: response.status, body: await response.text() }, 'password reset request refused by Better Auth');
}
