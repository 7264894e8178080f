/**
 * The error log's plain constants (issue #11), without zod, so the browser's error logger
 * (src/web/lib/error-logging.ts, part of the first page load) can cut entries to the API's caps
 * without bringing the schema library along. src/domain/errors-contract.ts re-exports them and
 * builds its schemas on them.
 */

/** Strongest first. The spec names `critical` (toast, counter) and `warning` (metrics); `error` is the default. */
export const ERROR_SEVERITIES = ['critical', 'error', 'warning', 'info'] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

/** Where an entry comes from: a browser (`POST /api/errors`) or the server itself (a 5xx, a failed job). */
export const ERROR_SOURCES = ['client', 'server'] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];

/** Size caps of one entry, in characters (the context: bytes of its JSON). Longer input is a 400; the browser cuts before sending. */
export const ERROR_LOG_LIMITS = {
  errorType: 200,
  errorMessage: 4000,
  stackTrace: 16_000,
  filePath: 1000,
  url: 2000,
  userAgent: 512,
  contextBytes: 8192,
  /** Line and column numbers: 0 to this. */
  position: 10_000_000,
} as const;
