/**
 * Optional Sentry on the server (issue #11): only when SENTRY_DSN is set, `@sentry/node` is
 * imported (lazily, so a server without it never loads the SDK) and initialised with the release,
 * environment and sample rate of src/domain/error-reporting.ts. Every error the server writes to
 * `error_logs` (src/server/modules/errors/server-errors.ts) is also sent to Sentry then, except
 * the ignored network / ResizeObserver messages. Without SENTRY_DSN everything here is a no-op.
 */
import { reportingEnvironment, SENTRY_IGNORED_ERRORS, SENTRY_RELEASE, SENTRY_SAMPLE_RATES } from '../../domain/error-reporting';
import type { Config } from '../config';
import type { Logger } from './logger';

type SentryNode = typeof import('@sentry/node');

let sentry: SentryNode | null = null;

/**
 * Starts Sentry when SENTRY_DSN is set; the environment follows PUBLIC_URL's host.
 * Never throws: a failure to load or start is logged and the server runs without it.
 */
export async function startServerSentry(config: Pick<Config, 'sentry' | 'publicUrl'>, logger: Logger): Promise<boolean> {
  const dsn = config.sentry.serverDsn;
  if (!dsn || sentry) return Boolean(sentry);
  try {
    const Sentry = await import('@sentry/node');
    Sentry.init({
      dsn,
      release: SENTRY_RELEASE,
      environment: reportingEnvironment(new URL(config.publicUrl).hostname),
      tracesSampleRate: SENTRY_SAMPLE_RATES.tracesSampleRate,
      ignoreErrors: SENTRY_IGNORED_ERRORS,
    });
    sentry = Sentry;
    logger.info({ environment: reportingEnvironment(new URL(config.publicUrl).hostname) }, 'Sentry error reporting is on');
    return true;
  } catch (error) {
    logger.warn({ err: error }, 'Sentry could not start; errors are still written to error_logs');
    return false;
  }
}

/** Sends an error to Sentry when it runs (with the scrubbed context as extra data); else nothing. */
export function reportToSentry(error: unknown, context: Record<string, unknown> | null, level: 'fatal' | 'error' | 'warning' | 'info'): void {
  if (!sentry) return;
  sentry.captureException(error, { level, extra: context ?? undefined });
}
