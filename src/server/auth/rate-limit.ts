/**
 * Rate limit on sign-in and sign-up, per client IP (hono-rate-limiter, fixed window). Over the
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
