/**
 * The frame around every web page: skip link, header, the page (<Outlet/>), footer, the chat
 * widget (issue #13; it stays off the staff pages; loaded when the browser is idle, issue #16), and a "Loading..." indicator while the
 * router loads the next page. Each change of path scrolls to the top and records a page view
 * (spec section 2).
 */
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { trackPageView } from '@/web/lib/analytics';
import { AppPageHead } from '@/web/components/seo/app-page-head';
import { useLanguageInUrl } from '@/web/components/seo/language-in-url';
import { useServerHeadCleanup } from '@/web/components/seo/server-head';
import { DeferredChatWidget } from './deferred-chat-widget';
import { Footer } from './footer';
import { Header } from './header';
import { HydrateLater } from './hydrate-later';

export const MAIN_CONTENT_ID = 'main-content';

export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  useScrollTopAndPageView();
  // Issue #12: the server's head tags describe the first page only; `?lang=` follows the language switch.
  useServerHeadCleanup();
  useLanguageInUrl();

  // Moves focus without touching the URL hash (a hash change would count as a navigation).
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <AppPageHead />
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={skipToContent}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:outline-none focus:ring-2 focus:ring-brand-600"
      >
        {t('common.skipToContent')}
      </a>
      <HydrateLater part="header">
        <Header />
      </HydrateLater>
      <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-center">
        {loading ? (
          <span className="mt-2 inline-flex items-center gap-2 rounded-full bg-slate-900 px-3 py-1 text-sm font-medium text-white shadow">
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
            {t('common.loading')}
          </span>
        ) : null}
      </div>
      {/* On a prerendered page the frame is taken over first, then the header, the page and the footer: four tasks, not one (issue #16). */}
      <HydrateLater part="main">
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
      </HydrateLater>
      <HydrateLater part="footer">
        <Footer />
      </HydrateLater>
      <DeferredChatWidget />
    </div>
  );
}

/**
 * Scrolls to the top and records a page view whenever the path changes. Only the path is
 * recorded, never the query: it can carry one-time tokens (/reset-password?token=...).
 */
function useScrollTopAndPageView() {
  const { pathname } = useLocation();
  // Remembers the last recorded path so React's StrictMode double effects record it once.
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (recorded.current === pathname) return;
    recorded.current = pathname;
    window.scrollTo(0, 0);
    trackPageView(pathname);
  }, [pathname]);
}
