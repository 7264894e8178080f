/**
 * The optional error-reporting service (Sentry; issue #11, spec sections 7, 8, 9), shared by the
 * browser (src/web/lib/sentry.ts) and the server (src/server/lib/sentry.ts): the release, the
 * environment rule, the sample rates and the errors never sent. Our own error log
 * (`error_logs`) gets every entry either way; these rules are only for Sentry.
 */

/** Spec section 9: "Release 1.1.1". */
export const SENTRY_RELEASE = '1.1.1';

/** Spec section 9: traces 1, session replays 0.1, replays on error 1. */
export const SENTRY_SAMPLE_RATES = { tracesSampleRate: 1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 } as const;

/** Spec section 8: network error, failed to fetch, load failed and ResizeObserver loop errors are not sent. */
export const SENTRY_IGNORED_ERRORS: RegExp[] = [/network ?error/i, /failed to fetch/i, /load failed/i, /ResizeObserver loop/i];

export type ReportingEnvironment = 'development' | 'preview' | 'production';

/**
 * Spec section 9: `preview` on the hosting preview domain, `development` on localhost,
 * `production` otherwise. Localhost is `localhost`, `*.localhost`, `127.0.0.1` and `::1`. A
 * preview host is one of the hosting's preview deployments: `*.vercel.app` (Vercel gives every
 * preview deployment such a name), `*.netlify.app` deploy previews (`deploy-preview-…`), or any
 * host whose first label starts with `preview` (`preview.book.example.com`, `preview-42.…`).
 * @param hostname e.g. `location.hostname`, or the host of PUBLIC_URL on the server
 */
export function reportingEnvironment(hostname: string): ReportingEnvironment {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '::1') return 'development';
  const firstLabel = host.split('.')[0] ?? '';
  if (host.endsWith('.vercel.app') || (host.endsWith('.netlify.app') && firstLabel.startsWith('deploy-preview')) || firstLabel.startsWith('preview')) return 'preview';
  return 'production';
}

/** Whether Sentry should drop an error with this message (SENTRY_IGNORED_ERRORS). */
export const isIgnoredByReporting = (message: string): boolean => SENTRY_IGNORED_ERRORS.some((pattern) => pattern.test(message));
