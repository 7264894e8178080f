/**
 * The one place errors become HTTP answers: `{ message, code, details, hint }`. AppErrors keep
 * their status and have their message and field details translated into the caller's language;
 * anything else is logged and answered 500 without internals.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from './errors';
import { languageOf, translator } from './i18n';
import type { AppEnv } from './app-env';

export interface ErrorBody {
  message: string;
  code: string;
  details: Record<string, string> | null;
  hint: string | null;
}

export function errorBody(c: Context<AppEnv>, error: AppError): ErrorBody {
  const t = translator(c.var.lang ?? languageOf(c.req.header('accept-language')));
  const params = error.options.params ?? {};
  const translated = error.options.details ? Object.fromEntries(Object.entries(error.options.details).map(([field, key]) => [field, t(key, params)])) : null;
  const details = translated || error.options.rawDetails ? { ...translated, ...error.options.rawDetails } : null;
  return {
    message: error.options.rawMessage ?? t(error.messageKey, params),
    code: error.code,
    details,
    hint: error.options.hint ? t(error.options.hint, params) : null,
  };
}

export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof AppError) return c.json(errorBody(c, error), error.status);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const code = status === 413 ? 'payload_too_large' : 'http_error';
    return c.json({ message: error.message || 'Request error', code, details: null, hint: null }, status);
  }
  c.var.deps?.logger.error({ err: error, path: c.req.path }, 'unhandled error');
  const t = translator(languageOf(c.req.header('accept-language')));
  return c.json({ message: t('errors.internal'), code: 'internal_error', details: null, hint: null }, 500);
}
