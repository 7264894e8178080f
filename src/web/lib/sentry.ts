/**
 * Optional Sentry in the browser (issue #11; spec sections 7-9): only when the build has
 * VITE_SENTRY_DSN, and only after the page has loaded, `@sentry/react` is fetched as its own
 * chunk and started with the release, environment rule, sample rates and ignore list of
 * src/domain/error-reporting.ts (traces 1, session replays 0.1, replays on error 1). Without the
 * DSN nothing is fetched: the first page load carries only this small module.
 *
 * Sentry's own handlers then catch window errors and unhandled rejections; the error boundary's
 * errors (which never reach the window) are sent with `reportToSentry`. Our own error log
 * (error-logging.ts) gets every error either way.
 */
import { reportingEnvironment, SENTRY_IGNORED_ERRORS, SENTRY_RELEASE, SENTRY_SAMPLE_RATES } from '@/domain/error-reporting';
import type { ErrorSeverity } from '@/domain/errors-contract';

type SentryReact = typeof import('@sentry/react');

let sentry: SentryReact | null = null;
let starting: Promise<void> | null = null;

const LEVELS: Record<ErrorSeverity, 'fatal' | 'error' | 'warning' | 'info'> = { critical: 'fatal', error: 'error', warning: 'warning', info: 'info' };

/** The DSN the build was made with, or null. */
export function sentryDsn(): string | null {
  const dsn: unknown = import.meta.env.VITE_SENTRY_DSN;
  return typeof dsn === 'string' && dsn.trim() ? dsn.trim() : null;
}

async function start(dsn: string): Promise<void> {
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    release: SENTRY_RELEASE,
    environment: reportingEnvironment(window.location.hostname),
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    ...SENTRY_SAMPLE_RATES,
    ignoreErrors: SENTRY_IGNORED_ERRORS,
  });
  sentry = Sentry;
}

/** Starts Sentry after the page's load event when the build has a DSN; otherwise does nothing. */
export function startBrowserSentry(): void {
  const dsn = sentryDsn();
  if (!dsn || starting) return;
  const go = () => {
    starting = start(dsn).catch(() => {
      starting = null; // blocked by an extension or offline: the app runs without it
    });
  };
  if (document.readyState === 'complete') setTimeout(go, 0);
  else window.addEventListener('load', () => setTimeout(go, 0), { once: true });
}

/** Sends an error Sentry's handlers do not see (the error boundary's), once Sentry runs. */
export function reportToSentry(error: unknown, severity: ErrorSeverity): void {
  sentry?.captureException(error, { level: LEVELS[severity] });
}
