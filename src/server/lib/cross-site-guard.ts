/**
 * The cross-site request check on our own API routes (issue #10), the same rule Better Auth
 * applies to /api/auth/*: a state-changing request (POST, PUT, PATCH, DELETE) must come from one
 * of our pages, and its body must be JSON.
 *
 * - Origin: the `Origin` header is one of the trusted origins (config.trustedOrigins: PUBLIC_URL,
 *   localhost on PORT and TRUSTED_ORIGINS), or the browser says `Sec-Fetch-Site: same-origin`.
 *   A missing Origin, `Origin: null` (sandboxed frames, some redirects) or a foreign one is
 *   403 `cross_site_request`.
 * - Body: `Content-Type: application/json`; `multipart/form-data` only where a route takes a
 *   file upload (`multipartPaths`); a request without a body may omit the content type (a
 *   POST that only names an action, such as `.../no-show`). Anything else is 415
 *   `unsupported_media_type`: text/plain and form posts are what a foreign page can send
 *   without asking the browser first (a CORS "simple request").
 *
 * Routes that must accept other callers stay outside (`exemptPaths`): Better Auth guards its
 * own routes, and the payment gateway's webhook is server-to-server and signature-checked.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { AppError } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CrossSiteGuardOptions {
  /** Paths left alone, each with everything below it ("/api/auth" covers "/api/auth/sign-in/email"). */
  exemptPaths: string[];
  /** POST paths that take `multipart/form-data` (file uploads). */
  multipartPaths: string[];
}

const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** An origin as browsers send it: scheme://host[:port], without a trailing slash or a default port. */
export function originOf(configured: string): string {
  const bare = configured.trim().replace(/\/+$/, '');
  try {
    const origin = new URL(bare).origin;
    return origin === 'null' ? bare : origin; // a non-web scheme such as capacitor://localhost
  } catch {
    return bare;
  }
}

/** The media type of a Content-Type header, lower case without parameters ("application/json"). */
function mediaTypeOf(contentType: string | undefined): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

/**
 * Whether the request carries a body. Over HTTP/1.1 the length headers say it; a request built
 * in-process or over HTTP/2 may have neither, so the first bytes are looked at on a copy.
 */
async function carriesBody(request: Request): Promise<boolean> {
  const length = request.headers.get('content-length');
  if (length !== null) return length.trim() !== '0';
  if (request.headers.has('transfer-encoding')) return true;
  if (request.body === null) return false;
  const reader = request.clone().body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      if (value.byteLength > 0) return true;
    }
  } finally {
    // Not awaited: a copy's cancel settles only once the original body is read too (tee).
    reader.cancel().catch(() => {});
  }
}

/**
 * @throws AppError 403 cross_site_request, 415 unsupported_media_type
 */
export function crossSiteGuard(options: CrossSiteGuardOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (!STATE_CHANGING.has(c.req.method) || options.exemptPaths.some((base) => within(path, base))) return next();

    const origin = c.req.header('origin');
    const trusted = origin !== undefined && origin !== 'null' && c.var.deps.config.trustedOrigins.some((o) => originOf(o) === origin);
    if (!trusted && c.req.header('sec-fetch-site') !== 'same-origin') {
      throw new AppError(403, 'cross_site_request', 'errors.crossSiteRequest');
    }

    const mediaType = mediaTypeOf(c.req.header('content-type'));
    const accepted =
      mediaType === 'application/json' ||
      (mediaType === 'multipart/form-data' && c.req.method === 'POST' && options.multipartPaths.some((p) => path === p || path === `${p}/`)) ||
      (mediaType === null && !(await carriesBody(c.req.raw)));
    if (!accepted) throw new AppError(415, 'unsupported_media_type', 'errors.unsupportedMediaType');

    return next();
  };
}
