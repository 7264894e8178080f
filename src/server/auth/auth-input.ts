/**
 * Checks what is sent to Better Auth's routes before Better Auth sees it (issue #10): Better Auth
 * passes some values to the database unchecked, and PostgreSQL answered them with a 500 (a NUL
 * character in any text, `name: null`) or stored them whole (a 1 MB name). NUL characters are
 * refused for every API route by src/server/lib/input-guard.ts; here, with our 400
 * `validation_failed` and a translated message per field:
 *  - a redirect target (`callbackURL`, `redirectTo`, ...) that is neither a path of ours nor an
 *    http(s) URL (Better Auth answered `callbackURL= c` with a 500);
 *  - revoke-session without a token that is text;
 *  - on sign-up and update-user: a name that is not text or is longer than NAME_MAX_LENGTH
 *    (update-user: also blank), an image that is not text (update-user: or null) or is longer
 *    than IMAGE_MAX_LENGTH, and on update-user any other field.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { badRequest, validationError } from '../lib/errors';
import type { AppEnv } from '../lib/app-env';

export const NAME_MAX_LENGTH = 100;
export const IMAGE_MAX_LENGTH = 2048;

const name = z
  .string({ error: 'account.fullNameRequired' })
  .max(NAME_MAX_LENGTH, { error: 'validation.tooLong' });
const image = z.string({ error: 'validation.invalid' }).max(IMAGE_MAX_LENGTH, { error: 'validation.tooLong' });

/** Body rules per Better Auth path (below /api/auth); other fields are Better Auth's to check. */
const BODY_RULES: Record<string, z.ZodType> = {
  '/sign-up/email': z.looseObject({ name, image: image.nullish() }),
  '/revoke-session': z.looseObject({ token: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }) }),
  '/update-user': z.strictObject({
    name: name.refine((value) => value.trim() !== '', { error: 'account.fullNameRequired' }).optional(),
    image: image.nullish(),
  }),
};

/** Fields naming where Better Auth sends the browser next. */
const REDIRECT_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

/** A path on our site (`/my-bookings`) or an absolute http(s) URL; Better Auth then keeps it to the trusted origins. */
function isRedirectTarget(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The first redirect field of a query or body that is not a redirect target (Better Auth answered some with a 500). */
function badRedirectField(values: Record<string, unknown> | undefined): string | null {
  if (!values || typeof values !== 'object') return null;
  return REDIRECT_FIELDS.find((field) => values[field] !== undefined && !isRedirectTarget(values[field])) ?? null;
}

async function bodyOf(c: Context<AppEnv>): Promise<unknown> {
  if (c.req.method !== 'POST' || !c.req.header('content-type')?.includes('application/json')) return undefined;
  return c.req.raw.clone().json().catch(() => undefined); // not JSON: Better Auth answers it
}

export function authInputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = await bodyOf(c);

    const badRedirect = badRedirectField(c.req.query()) ?? badRedirectField(body as Record<string, unknown> | undefined);
    if (badRedirect) throw badRequest('validation_failed', 'errors.validationFailed', { details: { [badRedirect]: 'validation.invalid' } });

    const rule = BODY_RULES[c.req.path.replace(/^\/api\/auth/, '')];
    if (rule && body !== undefined) {
      const parsed = rule.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error.issues);
    }
    await next();
  };
}
