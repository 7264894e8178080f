/**
 * Puts the caller's Better Auth session on the request context (`c.var.user`, null when signed
 * out) and offers `requireUser` for routes that need one (401 `unauthenticated` otherwise).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { unauthenticated } from '../lib/errors';
import type { AppEnv } from '../lib/app-env';

export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
    c.set('user', result ? { id: result.user.id, email: result.user.email, name: result.user.name } : null);
    await next();
  };
}

/** The signed-in user. @throws AppError 401 unauthenticated */
export function requireUser(c: Context<AppEnv>) {
  const user = c.var.user;
  if (!user) throw unauthenticated();
  return user;
}
