/**
 * Puts the caller's Better Auth session on the request context (`c.var.user`, null when signed
 * out; `c.var.sessionExpiresAt`) and offers `requireUser` for routes that need one (401 `unauthenticated` otherwise).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { forbidden, unauthenticated } from '../lib/errors';
import type { AppEnv } from '../lib/app-env';
import { roleOf, type Role } from './roles';

export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Signed-out callers (most public traffic: slots, settings, pages' reads) carry no session
    // cookie; asking Better Auth would only spend ~10% of such a request building its context
    // to answer null (issue #16, measured with --cpu-prof).
    if (!(await carriesSessionCookie(c))) {
      c.set('user', null);
      c.set('sessionExpiresAt', null);
      return next();
    }
    // Never refreshed here: a refresh must also renew the cookie, which only the browser's own
    // call to /api/auth/get-session does (see SESSION_REFRESH_AGE_SECONDS).
    const result = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
    c.set('user', result ? { id: result.user.id, email: result.user.email, name: result.user.name } : null);
    c.set('sessionExpiresAt', result ? new Date(result.session.expiresAt) : null);
    await next();
  };
}

/** Whether the request's Cookie header names Better Auth's session cookie (its configured name, `__Secure-` prefix included). */
async function carriesSessionCookie(c: Context<AppEnv>): Promise<boolean> {
  const cookies = c.req.header('cookie');
  if (!cookies) return false;
  const { authCookies } = await c.var.deps.auth.$context;
  return cookies.includes(`${authCookies.sessionToken.name}=`);
}

/** The signed-in user. @throws AppError 401 unauthenticated */
export function requireUser(c: Context<AppEnv>) {
  const user = c.var.user;
  if (!user) throw unauthenticated();
  return user;
}

/**
 * The signed-in user holding one of `roles` (from user_roles, strongest first).
 * @throws AppError 401 unauthenticated, 403 forbidden
 */
export async function requireRole(c: Context<AppEnv>, ...roles: Role[]) {
  const user = requireUser(c);
  const role = await roleOf(c.var.deps.db, user.id);
  if (!roles.includes(role)) throw forbidden();
  return { ...user, role };
}
