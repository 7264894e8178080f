/**
 * Input every API route refuses before its own validation sees it (issue #10, found by fuzzing
 * the API from its OpenAPI document):
 * - a JSON body larger than MAX_JSON_BYTES: 413 `payload_too_large` (uploads have their own
 *   limit, the gateway's webhook too);
 * - a NUL character (U+0000) anywhere — in the path, a query parameter, or any key or string of a
 *   JSON body: PostgreSQL `text` cannot hold it, so it would fail only deep inside a query. A path
 *   with one names nothing (404); elsewhere 400 `validation_failed` naming the field;
 * - JSON nested deeper than MAX_DEPTH: 400 (no request of ours nests beyond a few levels);
 * - a JSON body that is not an object (every body of ours is one): 400.
 * The route still reads the body as usual: Hono keeps the text read here for its validators and
 * `c.req.json()`; under `rawBodyPaths` (Better Auth's handler reads the raw request) it is read from
 * a copy instead (a copy of every request was ~2 % of a booking's server CPU, issue #16).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { AppError, badRequest, notFound } from './errors';

export const MAX_JSON_BYTES = 64 * 1024;
const MAX_DEPTH = 20;
const NUL = '\u0000';

/** The first field path holding a NUL, or that nests too deep; null when the value is clean. */
function findBadField(value: unknown, path: string[], depth: number): { path: string; key: string } | null {
  if (depth > MAX_DEPTH) return { path: path.join('.') || '_', key: 'validation.tooDeep' };
  if (typeof value === 'string') return value.includes(NUL) ? { path: path.join('.') || '_', key: 'validation.invalidCharacters' } : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const bad = findBadField(item, [...path, String(i)], depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return { path: [...path, key.replaceAll(NUL, '')].join('.') || '_', key: 'validation.invalidCharacters' };
      const bad = findBadField(item, [...path, key], depth + 1);
      if (bad) return bad;
    }
  }
  return null;
}

/**
 * @param options.skipBodyPaths routes whose body is not JSON of ours (uploads, the webhook)
 * @param options.rawBodyPaths routes whose handler reads `c.req.raw` itself (Better Auth)
 * @throws AppError 404 (NUL in the path), 400 validation_failed, 413 payload_too_large
 */
export function inputGuard(options: { skipBodyPaths: string[]; rawBodyPaths: string[] }): MiddlewareHandler<AppEnv> {
  const under = (paths: string[], path: string) => paths.some((p) => path === p || path.startsWith(`${p}/`));
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (decodeURIComponentSafe(url.pathname).includes(NUL)) throw notFound();
    for (const [name, value] of url.searchParams) {
      if (name.includes(NUL) || value.includes(NUL)) throw badRequest('validation_failed', 'errors.validationFailed', { details: { [`query.${name.replaceAll(NUL, '')}`]: 'validation.invalidCharacters' } });
    }
    const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json' || under(options.skipBodyPaths, c.req.path)) return next();
    const declared = Number(c.req.header('content-length') ?? NaN);
    if (declared > MAX_JSON_BYTES) throw new AppError(413, 'payload_too_large', 'errors.payloadTooLarge');
    const text = under(options.rawBodyPaths, c.req.path) ? await c.req.raw.clone().text() : await c.req.text();
    if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw new AppError(413, 'payload_too_large', 'errors.payloadTooLarge');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      throw badRequest('validation_failed', 'errors.validationFailed', { details: { _: 'validation.invalidJson' } });
    }
    if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
      throw badRequest('validation_failed', 'errors.validationFailed', { details: { _: 'validation.invalid' } });
    }
    const bad = findBadField(body, [], 0);
    if (bad) throw badRequest('validation_failed', 'errors.validationFailed', { details: { [bad.path]: bad.key } });
    return next();
  };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
