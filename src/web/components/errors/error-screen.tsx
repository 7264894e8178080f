/**
 * The fallback error screen of spec section 2, the router's ErrorBoundary: "Oops! Something
 * went wrong" with Try Again (reloads the page), Go Home, and Report Bug (a mail draft to
 * support with the error details and a prompt to describe what the user was doing).
 * A 404 thrown by a route shows the not-found content instead. Any other error also goes to the
 * console and to the error log as `critical` (issue #11, lib/error-logging.ts), and to Sentry
 * when it runs. When the error only means the connection failed (offline, a page that did not
 * download, connection-failure.ts) nothing could be reported, so the screen says so and asks to
 * check the connection instead of claiming our team was notified. The site header stays on top
 * (the error replaces the whole page frame), and the buttons keep their words on one line.
 */
import { QueryClientContext } from '@tanstack/react-query';
import Bug from 'lucide-react/icons/bug';
import House from 'lucide-react/icons/house';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import type { TFunction } from 'i18next';
import { Component as ReactComponent, useContext, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { logClientError } from '@/web/lib/error-logging';
import { DEFAULT_SUPPORT_EMAIL, publicSettingsQueryOptions } from '@/web/lib/public-settings';
import { reportToSentry } from '@/web/lib/sentry';
import { Header } from '@/web/components/layout/header';
import { PageHead } from '@/web/components/seo/page-head';
import { pageTitle } from '@/domain/page-title';
import { isConnectionFailure } from './connection-failure';
import { NotFoundContent } from './not-found-content';

/** Keeps the mail draft under the length mail clients accept in a mailto: link. */
const MAX_STACK_CHARS = 1200;

export function ErrorScreen() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  // Read without subscribing and without requiring a provider: this screen must never throw.
  const queryClient = useContext(QueryClientContext);
  const supportEmail = queryClient?.getQueryData(publicSettingsQueryOptions.queryKey)?.supportEmail || DEFAULT_SUPPORT_EMAIL;

  useEffect(() => {
    console.error('Unhandled route error', error);
    if (isRouteErrorResponse(error) && error.status === 404) return;
    void logClientError(error, { severity: 'critical', kind: 'error_boundary', context: { route: pathname } });
    reportToSentry(error, 'critical');
    // logged once per error, not again when the path changes under it
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main-content" tabIndex={-1} className="min-h-dvh bg-slate-50 focus:outline-none">
        <NotFoundContent reloadHome />
      </main>
    );
  }

  const reportHref = bugReportMailto(error, supportEmail, t);
  const connection = isConnectionFailure(error);
  const buttonClass = 'w-full whitespace-nowrap sm:w-auto';

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PageHead title={pageTitle(connection ? t('errorScreen.connectionTitle') : t('errorScreen.title'), t)} noindex />
      <HeaderIfItRenders />
      <main id="main-content" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 py-12 focus:outline-none">
        <section
          aria-labelledby="error-screen-title"
          className="flex w-full max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
        >
          <div role="alert" className="flex flex-col gap-4">
            <h1 id="error-screen-title" className="text-2xl font-bold text-slate-900">
              {connection ? t('errorScreen.connectionTitle') : t('errorScreen.title')}
            </h1>
            <p className="text-slate-700">{connection ? t('errorScreen.connectionBody') : t('errorScreen.body')}</p>
          </div>
          <div className="flex w-full flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
            <Button size="lg" className={buttonClass} onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              {t('errorScreen.tryAgain')}
            </Button>
            <a href="/" className={buttonVariants({ variant: 'outline', size: 'lg', className: buttonClass })}>
              <House aria-hidden="true" className="h-4 w-4" />
              {t('errorScreen.goHome')}
            </a>
            <a href={reportHref} className={buttonVariants({ variant: 'outline', size: 'lg', className: buttonClass })}>
              <Bug aria-hidden="true" className="h-4 w-4" />
              {t('errorScreen.reportBug')}
            </a>
          </div>
        </section>
      </main>
    </div>
  );
}

/** The site header on the error screen; if the header itself is what broke, the screen goes on without it. */
class HeaderIfItRenders extends ReactComponent<{ children?: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : <Header />;
  }
}

/** The error's message and stack, whatever was thrown (an Error, a route response, anything). */
export function describeError(error: unknown, t: TFunction): { message: string; stack: string | null } {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? error.data : error.data ? JSON.stringify(error.data) : '';
    return { message: [error.status, error.statusText, data].filter(Boolean).join(' '), stack: null };
  }
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? null };
  if (typeof error === 'string' && error) return { message: error, stack: null };
  return { message: t('errorScreen.mail.unknownError'), stack: null };
}

/**
 * A mailto: link to support whose body asks what the user was doing and carries the error
 * message, stack (shortened), page URL, time and browser.
 */
export function bugReportMailto(error: unknown, supportEmail: string, t: TFunction, now: Date = new Date()): string {
  const { message, stack } = describeError(error, t);
  const shortStack = stack && stack.length > MAX_STACK_CHARS ? `${stack.slice(0, MAX_STACK_CHARS)}…` : stack;
  const subject = t('errorScreen.mail.subject', { message: message.slice(0, 80) });
  const body = [
    t('errorScreen.mail.prompt'),
    '',
    '',
    '',
    `--- ${t('errorScreen.mail.details')} ---`,
    `${t('errorScreen.mail.error')}: ${message}`,
    ...(shortStack ? [`${t('errorScreen.mail.stack')}:`, shortStack] : []),
    `${t('errorScreen.mail.url')}: ${window.location.href}`,
    `${t('errorScreen.mail.time')}: ${now.toISOString()}`,
    `${t('errorScreen.mail.userAgent')}: ${navigator.userAgent}`,
  ].join('\n');
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
