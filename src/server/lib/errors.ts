/**
 * Typed errors that handlers and services throw; the central error handler (error-handler.ts)
 * turns them into `{ message, code, details, hint }` with their status. Messages are i18n keys
 * (locales `errors.*` / `validation.*`), translated into the caller's language there.
 */

export interface AppErrorOptions {
  /** Field path -> i18n key (or already-translated text), e.g. { 'address.zip': 'validation.zipInvalid' }. */
  details?: Record<string, string>;
  hint?: string;
  /** Interpolation values for the message and detail keys, e.g. { zip: '90210' }. */
  params?: Record<string, string | number>;
  /** Amounts in integer cents to interpolate, written as money in the caller's language (e.g. { available: 1250 } -> "$12.50"). */
  moneyParams?: Record<string, number>;
  /** Instants to interpolate, written as a Tampa date and time in the caller's language (e.g. { time: opensAt } -> "Nov 24, 2026, 9:00 AM"). */
  instantParams?: Record<string, Date>;
  /** A message that is already final and already in the caller's language; used instead of the key (rarely right: prefer a key). */
  rawMessage?: string;
  /** Detail values sent as they are, not translated (ids, instants, client secrets). */
  rawDetails?: Record<string, string>;
}

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: string,
    readonly messageKey: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.rawMessage ?? messageKey);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, messageKey: string, options?: AppErrorOptions) => new AppError(400, code, messageKey, options);
export const unauthenticated = () => new AppError(401, 'unauthenticated', 'errors.unauthenticated');
export const forbidden = () => new AppError(403, 'forbidden', 'errors.forbidden');
export const notFound = (messageKey = 'errors.notFound') => new AppError(404, 'not_found', messageKey);
export const conflict = (code: string, messageKey: string, options?: AppErrorOptions) => new AppError(409, code, messageKey, options);
export const ruleBroken = (code: string, messageKey: string, options?: AppErrorOptions) => new AppError(422, code, messageKey, options);

const I18N_KEY = /^[a-z][A-Za-z]*\.[A-Za-z][A-Za-z.]*$/;

/** Builds the 400 for a failed zod parse: each issue's message is an i18n key. */
export function validationError(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, prefix = ''): AppError {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    // Our schemas' messages are i18n keys ("validation.zipInvalid", "dispatchErrors.rangeInverted");
    // anything else is zod's own English text and becomes a generic translated message.
    details[field] ??= I18N_KEY.test(issue.message) ? issue.message : 'validation.invalid';
  }
  return badRequest('validation_failed', 'errors.validationFailed', { details });
}
