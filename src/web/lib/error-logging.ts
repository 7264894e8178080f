/**
 * Client error logging (issue #11; spec section 8): window `error` events and unhandled promise
 * rejections are logged automatically with severity `error`; the error boundary (the fallback
 * error screen) logs its errors as `critical`. Each entry goes to `POST /api/errors` (stored by
 * `log_error`, the user from the session) after it was scrubbed of card numbers, passwords and
 * tokens (src/domain/error-scrub.ts; the server scrubs again) and cut to the API's size caps.
 *
 * Ignored: errors about a missing auth context (spec section 8), cross-origin "Script error."
 * events that carry nothing, and our own logging's failures (never logged, never thrown). The same
 * error repeated within 10 seconds is sent once, and at most 10 entries a minute leave one page,
 * so a render loop cannot flood the log (the API also limits per address).
 *
 * `installErrorLogging()` runs once at start (main.tsx); `logClientError()` is for code that
 * catches an error itself and wants it on the dashboard.
 */
import { scrubContext, scrubText } from '@/domain/error-scrub';
import { ERROR_LOG_LIMITS, type ErrorSeverity } from '@/domain/error-log-limits';
import type { LogErrorRequest } from '@/domain/errors-contract';
import { apiCredentials, apiUrl } from './api-base';

export const ERROR_LOG_URL = '/api/errors';

/** "useAuth must be used within an AuthProvider", "No auth context", "Missing authentication context": ignored (spec section 8). */
const MISSING_AUTH_CONTEXT = /must be used (?:with)?in (?:an? )?\w*Auth\w*Provider|\b(?:no|missing) auth(?:entication)? context|auth(?:entication)? context (?:is )?(?:missing|undefined|not found)/i;

const REPEAT_WINDOW_MS = 10_000;
const MAX_PER_MINUTE = 10;

export type ErrorKind = 'window_error' | 'unhandled_rejection' | 'error_boundary' | 'caught';

export interface ClientErrorOptions {
  /** Default `error`; the error boundary passes `critical`. */
  severity?: ErrorSeverity;
  kind?: ErrorKind;
  /** Extra facts (scrubbed before sending). */
  context?: Record<string, unknown>;
  /** Where it was thrown, when the event says (ErrorEvent.filename, lineno, colno). */
  filePath?: string | null;
  lineNumber?: number | null;
  columnNumber?: number | null;
}

/** Whether an error is about a missing auth context (those are not logged). */
export function isMissingAuthContextError(message: string): boolean {
  return MISSING_AUTH_CONTEXT.test(message);
}

/** The type, message and stack of anything thrown or rejected. */
export function describeThrown(thrown: unknown, fallbackType = 'Error'): { type: string; message: string; stack: string | null } {
  if (thrown instanceof Error) return { type: thrown.name || fallbackType, message: thrown.message || thrown.name || fallbackType, stack: thrown.stack ?? null };
  if (typeof thrown === 'string') return { type: fallbackType, message: thrown, stack: null };
  let message: string;
  try {
    message = JSON.stringify(thrown) ?? String(thrown);
  } catch {
    message = String(thrown);
  }
  return { type: fallbackType, message, stack: null };
}

const cut = (text: string | null | undefined, max: number) => (text ? scrubText(text).slice(0, max) : null);
const position = (value: number | null | undefined) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= ERROR_LOG_LIMITS.position ? value : null);

/** A context that fits the API's cap once scrubbed (its keys only, if it does not). */
function fittedContext(context: Record<string, unknown>): Record<string, unknown> {
  const scrubbed = scrubContext(context) ?? {};
  let json: string;
  try {
    json = JSON.stringify(scrubbed);
  } catch {
    return { unserialisable: true };
  }
  return new TextEncoder().encode(json).length <= ERROR_LOG_LIMITS.contextBytes ? scrubbed : { truncated: true, keys: Object.keys(scrubbed).slice(0, 50) };
}

export interface PageFacts {
  url: string;
  userAgent: string;
  route: string;
  language: string;
}

function currentPage(): PageFacts {
  return {
    url: window.location.href,
    userAgent: navigator.userAgent,
    route: window.location.pathname,
    language: document.documentElement.lang || 'en',
  };
}

/**
 * The request body for one error: scrubbed and cut to ERROR_LOG_LIMITS (pure but for `page`).
 * @returns null when the error must not be logged (a missing auth context)
 */
export function errorEntry(thrown: unknown, options: ClientErrorOptions = {}, page: PageFacts = currentPage()): LogErrorRequest | null {
  const fallbackType = options.kind === 'unhandled_rejection' ? 'UnhandledRejection' : 'Error';
  const { type, message, stack } = describeThrown(thrown, fallbackType);
  if (isMissingAuthContextError(message)) return null;
  return {
    error_type: cut(type, ERROR_LOG_LIMITS.errorType) || fallbackType,
    error_message: cut(message, ERROR_LOG_LIMITS.errorMessage)?.trim() || type,
    stack_trace: cut(stack, ERROR_LOG_LIMITS.stackTrace),
    file_path: cut(options.filePath, ERROR_LOG_LIMITS.filePath),
    line_number: position(options.lineNumber),
    column_number: position(options.columnNumber),
    user_agent: cut(page.userAgent, ERROR_LOG_LIMITS.userAgent),
    url: cut(page.url, ERROR_LOG_LIMITS.url),
    severity: options.severity ?? 'error',
    context: fittedContext({ kind: options.kind ?? 'caught', route: page.route, language: page.language, ...options.context }),
  };
}

const recentlySent = new Map<string, number>();
let minuteStartedAt = 0;
let sentThisMinute = 0;

/** Whether this entry may leave now (not a repeat within 10 s, under 10 a minute); counts it if so. */
function mayLeave(entry: LogErrorRequest, now: number): boolean {
  const key = `${entry.error_type}|${entry.error_message}|${entry.stack_trace?.split('\n', 2)[1] ?? ''}`;
  const last = recentlySent.get(key);
  if (last !== undefined && now - last < REPEAT_WINDOW_MS) return false;
  if (now - minuteStartedAt >= 60_000) {
    minuteStartedAt = now;
    sentThisMinute = 0;
  }
  if (sentThisMinute >= MAX_PER_MINUTE) return false;
  sentThisMinute++;
  recentlySent.set(key, now);
  if (recentlySent.size > 100) recentlySent.delete(recentlySent.keys().next().value!);
  return true;
}

/** Tests: forget what was sent. */
export function resetErrorLoggingLimits(): void {
  recentlySent.clear();
  minuteStartedAt = 0;
  sentThisMinute = 0;
}

/**
 * Logs one error to `POST /api/errors`. Never throws; resolves once sent (or dropped).
 * @returns whether an entry was sent
 */
export async function logClientError(thrown: unknown, options: ClientErrorOptions = {}): Promise<boolean> {
  try {
    const entry = errorEntry(thrown, options);
    if (!entry || !mayLeave(entry, Date.now())) return false;
    const response = await fetch(apiUrl(ERROR_LOG_URL), {
      method: 'POST',
      credentials: apiCredentials(),
      // keepalive: an error just before the page unloads still arrives
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'en' },
      body: JSON.stringify(entry),
    });
    return response.ok;
  } catch {
    return false; // offline, or the API is down: nothing more to do here
  }
}

/**
 * Logs window `error` events and unhandled promise rejections from now on (severity `error`).
 * @returns a function that removes the two listeners
 */
export function installErrorLogging(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    // a cross-origin script's error arrives as "Script error." with nothing else to go on
    if (!event.error && (!event.message || /^Script error\.?$/.test(event.message)) && !event.filename) return;
    void logClientError(event.error ?? event.message, { kind: 'window_error', filePath: event.filename || null, lineNumber: event.lineno || null, columnNumber: event.colno || null });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    void logClientError(event.reason, { kind: 'unhandled_rejection' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
