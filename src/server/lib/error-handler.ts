/**
 * The one place errors become HTTP answers: `{ message, code, details, hint }`. AppErrors keep
 * their status and have their message and field details translated into the caller's language;
 * anything else is logged and answered 500 without internals. Every 5xx is also written to the
 * error log (`error_logs`, source `server`) with the request id.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { formatPrice, formatTampaDateAndTime } from '../../domain/format';
import { AppError } from './errors';
import { languageOf, translator } from './i18n';
import type { AppEnv } from './app-env';
import { recordServerError } from '../modules/errors/server-errors';

export interface ErrorBody {
  message: string;
  code: string;
  details: Record<string, string> | null;
  hint: string | null;
}

export function errorBody(c: Context<AppEnv>, error: AppError): ErrorBody {
  const lang = c.var.lang ?? languageOf(c.req.header('accept-language'));
  const t = translator(lang);
  const money = Object.fromEntries(Object.entries(error.options.moneyParams ?? {}).map(([name, cents]) => [name, formatPrice(cents, lang)]));
  const instants = Object.fromEntries(Object.entries(error.options.instantParams ?? {}).map(([name, at]) => [name, formatTampaDateAndTime(at, lang)]));
  const params = { ...error.options.params, ...money, ...instants };
  const translated = error.options.details ? Object.fromEntries(Object.entries(error.options.details).map(([field, key]) => [field, t(key, params)])) : null;
  const details = translated || error.options.rawDetails ? { ...translated, ...error.options.rawDetails } : null;
  return {
    message: error.options.rawMessage ?? t(error.messageKey, params),
    code: error.code,
    details,
    hint: error.options.hint ? t(error.options.hint, params) : null,
  };
}

export async function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof AppError) {
    if (error.status >= 500) await recordFailedRequest(error, c, error.status);
    return c.json(errorBody(c, error), error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const code = status === 413 ? 'payload_too_large' : 'http_error';
    if (status >= 500) await recordFailedRequest(error, c, status);
    // Hono's own exceptions carry English text; the caller gets words in their language.
    const t = translator(c.var.lang ?? languageOf(c.req.header('accept-language')));
    return c.json({ message: t(status === 413 ? 'errors.payloadTooLarge' : 'errors.generic'), code, details: null, hint: null }, status);
  }
  c.var.deps?.logger.error({ err: error, path: c.req.path, requestId: c.var.requestId }, 'unhandled error');
  await recordFailedRequest(error, c, 500);
  const t = translator(languageOf(c.req.header('accept-language')));
  return c.json({ message: t('errors.internal'), code: 'internal_error', details: null, hint: null }, 500);
}

/**
 * Every 5xx goes to the error log too (issue #11), with the request id, method, path and status
 * in its context and the signed-in user; never fails the answer (server-errors.ts).
 */
async function recordFailedRequest(error: Error, c: Context<AppEnv>, status: number): Promise<void> {
  const deps = c.var.deps;
  if (!deps) return;
  await recordServerError(deps, {
    error,
    context: { requestId: c.var.requestId ?? null, method: c.req.method, path: c.req.path, status },
    userId: c.var.user?.id ?? null,
  });
}
