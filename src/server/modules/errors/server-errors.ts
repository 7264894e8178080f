/**
 * The server's own side of the error log (issue #11: "every 5xx and every failed background job
 * ... with the request id, so the dashboard shows both sides"): `recordServerError` writes an
 * error to `error_logs` with source `server` (the central error handler calls it for every 5xx,
 * with the request id, method and path in the context), and `jobFailed` does the same for a
 * background job (deferred holds, reconciliation, upload cleanup, booking mail and texts), after
 * logging it. Money jobs are `critical`. Both also report to Sentry when it runs.
 *
 * Neither ever throws nor waits long: recording an error must not become a second error, and an
 * answer must not hang on a database that is the cause of the failure (the write is given
 * RECORD_WAIT_MS, then left to finish or fail on its own, logged).
 */
import { firstInAppFrame, normalizeFramePath } from '../../../domain/error-fingerprint';
import type { ErrorSeverity } from '../../../domain/errors-contract';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { reportToSentry } from '../../lib/sentry';
import { logError } from './error-log.service';

/** What recording needs: the database, the logger, the app's clock (the real one when omitted). */
export interface ErrorRecorder {
  db: Database;
  logger: Logger;
  now?: () => Date;
}

export interface ServerErrorInput {
  error: unknown;
  severity?: ErrorSeverity;
  /** Facts to keep with it: the request id, method and path; a job's name; a booking id. Scrubbed. */
  context?: Record<string, unknown>;
  /** The signed-in user whose request failed, if any. */
  userId?: string | null;
}

/** How long a caller waits for the write, ms. */
export const RECORD_WAIT_MS = 2000;

const SENTRY_LEVEL: Record<ErrorSeverity, 'fatal' | 'error' | 'warning' | 'info'> = { critical: 'fatal', error: 'error', warning: 'warning', info: 'info' };

/** The type, message and stack of whatever was thrown. */
function describe(error: unknown): { type: string; message: string; stack: string | null; cause: string | null } {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `${error.cause.name}: ${error.cause.message}` : error.cause === undefined ? null : String(error.cause);
    // an AppError's message is an i18n key; its code says more
    const code = (error as { code?: unknown }).code;
    const type = error.name === 'AppError' && typeof code === 'string' ? `AppError(${code})` : error.name || 'Error';
    return { type, message: error.message || error.name || 'Error', stack: error.stack ?? null, cause };
  }
  return { type: 'NonError', message: typeof error === 'string' ? error : JSON.stringify(error) ?? String(error), stack: null, cause: null };
}

/**
 * Writes a server-side error to error_logs (source `server`, default severity `error`).
 * @returns the entry's id, or null when it could not be written in time (logged)
 */
export async function recordServerError(recorder: ErrorRecorder, input: ServerErrorInput): Promise<string | null> {
  const severity = input.severity ?? 'error';
  try {
    const { type, message, stack, cause } = describe(input.error);
    const frame = firstInAppFrame(stack);
    const context = { ...input.context, ...(cause ? { cause } : {}) };
    reportToSentry(input.error, context, SENTRY_LEVEL[severity]);
    const write = logError(
      recorder.db,
      {
        error_type: type,
        error_message: message,
        stack_trace: stack,
        file_path: frame ? normalizeFramePath(frame.file) : null,
        line_number: frame?.line ?? null,
        column_number: frame?.column ?? null,
        severity,
        context,
      },
      { userId: input.userId ?? null, source: 'server', at: (recorder.now ?? (() => new Date()))() },
    ).then(
      (entry) => entry.id,
      (failure: unknown) => {
        recorder.logger.error({ err: failure, original: message }, 'error log: could not record a server error');
        return null;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RECORD_WAIT_MS);
      timer.unref();
    });
    return await Promise.race([write, late]).finally(() => clearTimeout(timer));
  } catch (failure) {
    recorder.logger.error({ err: failure }, 'error log: could not record a server error');
    return null;
  }
}

/** The background jobs whose failures are recorded; the money ones are critical. */
export const BACKGROUND_JOBS = {
  payment_jobs: { severity: 'critical', label: 'payment jobs (deferred holds, expired holds, failed payments)' },
  deferred_hold: { severity: 'critical', label: 'a deferred card hold' },
  reconciliation: { severity: 'critical', label: 'payment reconciliation' },
  upload_cleanup: { severity: 'error', label: 'removal of abandoned uploads' },
  chat_fallback_emails: { severity: 'error', label: 'chat offline emails (unread replies, long waits)' },
  booking_notification: { severity: 'error', label: 'booking mail and texts' },
  reminders: { severity: 'error', label: 'job reminders (customers, workers)' },
  booking_mail: { severity: 'error', label: 'booking mail nobody sent (a process stopped between claim and mail)' },
  mail: { severity: 'error', label: 'sending mail' },
  sms: { severity: 'error', label: 'sending a text' },
} as const satisfies Record<string, { severity: ErrorSeverity; label: string }>;

export type BackgroundJob = keyof typeof BACKGROUND_JOBS;

/**
 * A background job failed: logs it (as before) and writes it to error_logs with the job's name
 * and `facts` in the context, at the job's severity.
 */
export async function jobFailed(recorder: ErrorRecorder, job: BackgroundJob, error: unknown, facts: Record<string, unknown> = {}): Promise<void> {
  const { severity, label } = BACKGROUND_JOBS[job];
  recorder.logger.error({ err: error, job, ...facts }, `${label} failed`);
  await recordServerError(recorder, { error, severity, context: { job, ...facts } });
}
