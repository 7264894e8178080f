/**
 * CORS for the API (issue #15, docs/decisions/025-mobile-apps-reach-the-api.md): the Capacitor
 * apps' pages come from `capacitor://localhost` (iOS) and `https://localhost` (Android) and call
 * the API on PUBLIC_URL with the session cookie, so the browser must be told that those pages may
 * read the answers. Built on `hono/cors`, for `/api/*` only.
 *
 * - Only a trusted origin (config.trustedOrigins: the apps' with MOBILE_APP_ORIGINS=true, and
 *   TRUSTED_ORIGINS) gets CORS headers: `Access-Control-Allow-Origin: <that origin>` (never `*`),
 *   `Access-Control-Allow-Credentials: true`, `Vary: Origin`. Any other origin gets none, so the
 *   browser hides the answer from its page; its state-changing requests are still refused by the
 *   cross-site check (cross-site-guard.ts) and Better Auth's origin check, as before.
 * - A preflight (`OPTIONS` with `Access-Control-Request-Method`) from a trusted origin is answered
 *   204 with the methods and request headers the web client sends (API_CORS_REQUEST_HEADERS),
 *   cached for 10 minutes. From any other origin it goes on to the routes (a 404, no CORS headers).
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from './app-env';
import { originOf } from './cross-site-guard';

/** Request headers the web client sends to the API (api-client.ts, error-logging.ts, EventSource's reconnect). */
export const API_CORS_REQUEST_HEADERS = ['Content-Type', 'Accept', 'Accept-Language', 'Idempotency-Key', 'Last-Event-ID', 'X-Request-Id'];
/** Methods the API routes answer. */
export const API_CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Response headers an app page may read besides the CORS-safelisted ones. */
export const API_CORS_EXPOSED_HEADERS = ['Retry-After', 'Idempotent-Replayed', 'X-Request-Id'];
/** How long a browser may reuse a preflight answer, seconds. */
export const API_CORS_MAX_AGE_SECONDS = 600;

/**
 * The CORS middleware for `/api/*`, answering only the configured trusted origins.
 * @param trustedOrigins config.trustedOrigins (as configured; compared as browsers send origins)
 */
export function apiCors(trustedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(trustedOrigins.map(originOf));
  const withCors = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: API_CORS_METHODS,
    allowHeaders: API_CORS_REQUEST_HEADERS,
    exposeHeaders: API_CORS_EXPOSED_HEADERS,
    credentials: true,
    maxAge: API_CORS_MAX_AGE_SECONDS,
  });
  return async (c, next) => {
    const origin = c.req.header('origin');
    // hono/cors would still add Allow-Credentials (and answer a preflight) for a foreign origin: keep those out entirely
    if (origin === undefined || !allowed.has(origin)) return next();
    return withCors(c, next);
  };
}
