/**
 * Checks what is sent to Better Auth's routes before Better Auth sees it (issue #10): Better Auth
 * passes some values to the database unchecked, and PostgreSQL answered them with a 500 (a NUL
 * character in any text, `name: null`) or stored them whole (a 1 MB name). Refused here with our
 * 400 `validation_failed` and a translated message per field:
 *  - a NUL character anywhere in the JSON body or the query string (`validation.invalidCharacters`);
 *  - on sign-up and update-user: a name that is not text or is longer than NAME_MAX_LENGTH
 *    (update-user: also blank), an image that is not text (update-user: or null) or is longer
 *    than IMAGE_MAX_LENGTH, and on update-user any other field.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { hasNoNul } from '../../domain/text';
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
  '/update-user': z.strictObject({
    name: name.refine((value) => value.trim() !== '', { error: 'account.fullNameRequired' }).optional(),
    image: image.nullish(),
  }),
};

/** The path of the first string holding a NUL character, e.g. `token` or `user.name`; null when none. */
function nulFieldIn(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return hasNoNul(value) ? null : path.join('.') || '_';
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!hasNoNul(key)) return [...path, '_'].join('.');
      const found = nulFieldIn(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

async function bodyOf(c: Context<AppEnv>): Promise<unknown> {
  if (c.req.method !== 'POST' || !c.req.header('content-type')?.includes('application/json')) return undefined;
  return c.req.raw.clone().json().catch(() => undefined); // not JSON: Better Auth answers it
}

export function authInputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const queryNul = Object.entries(c.req.queries()).find(([key, values]) => !hasNoNul(key) || !values.every(hasNoNul))?.[0];
    if (queryNul !== undefined) throw badRequest('validation_failed', 'errors.validationFailed', { details: { [hasNoNul(queryNul) ? queryNul : '_']: 'validation.invalidCharacters' } });

    const body = await bodyOf(c);
    const bodyNul = nulFieldIn(body);
    if (bodyNul) throw badRequest('validation_failed', 'errors.validationFailed', { details: { [bodyNul]: 'validation.invalidCharacters' } });

    const rule = BODY_RULES[c.req.path.replace(/^\/api\/auth/, '')];
    if (rule && body !== undefined) {
      const parsed = rule.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error.issues);
    }
    await next();
  };
}
