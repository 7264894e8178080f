/**
 * Rate limit on sign-in and sign-up, per client IP, and on sign-in also per account (the email
 * asked for, whatever the IP: spreading guesses over many addresses does not help). hono-rate-limiter, fixed window. Over the
 * limit: 429 `rate_limited` with a translated message. Limits come from config
 * (AUTH_RATE_LIMIT_MAX per AUTH_RATE_LIMIT_WINDOW_SECONDS).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { AppError } from '../lib/errors';
import type { AppEnv } from '../lib/app-env';

export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}

export function authRateLimit(options: { max: number; windowSeconds: number; trustProxy: boolean }) {
  return rateLimiter<AppEnv>({
    windowMs: options.windowSeconds * 1000,
    limit: options.max,
    standardHeaders: 'draft-6',
    keyGenerator: (c) => clientIp(c, options.trustProxy),
    handler: () => {
      throw new AppError(429, 'rate_limited', 'errors.rateLimited');
    },
  });
}

/** The email a sign-in asks for, lower-cased; read from a clone so Better Auth still gets the body. */
async function requestedEmail(c: Context<AppEnv>): Promise<string | null> {
  const body = (await c.req.raw.clone().json().catch(() => null)) as { email?: unknown } | null;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
}

/** The per-account limiter: same window and limit, keyed by the email; requests without one pass. */
export function accountRateLimit(options: { max: number; windowSeconds: number }) {
  return rateLimiter<AppEnv>({
    windowMs: options.windowSeconds * 1000,
    limit: options.max,
    standardHeaders: false,
    skip: async (c) => (await requestedEmail(c)) === null,
    keyGenerator: async (c) => `account:${await requestedEmail(c)}`,
    handler: () => {
      throw new AppError(429, 'rate_limited', 'errors.rateLimited');
    },
  });
}
