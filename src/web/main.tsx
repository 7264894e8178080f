import { lazy, startTransition, StrictMode, Suspense, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { formatCents } from '@/domain/format';
import { cn } from '@/web/lib/cn';
import { AppProvider } from './app/provider';
import { AppRouter, createAppRouter } from './app/router';
import { isAppContainer } from './lib/app-type';
import { markHydrationEnd, markHydrationStart } from './lib/hydration';
import { installErrorLogging } from './lib/error-logging';
import i18n, { i18nReady } from './lib/i18n';
import { queryClientWithKnownAnswers, rememberPrerenderedFormats } from './lib/known-answers';
import { startBrowserSentry } from './lib/sentry';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

// Errors from here on reach the error log (and Sentry, when the build has VITE_SENTRY_DSN).
installErrorLogging();
startBrowserSentry();
// The installable web app's service worker, once the page has loaded (web only; lib/service-worker.ts).
registerServiceWorker();

// Inside the mobile apps only: status bar, splash screen, back button, keyboard, push (a lazy
// chunk with the Capacitor plugins, never loaded by the web app; lib/native/native-shell.tsx).
const NativeShell = isAppContainer() ? lazy(() => import('./lib/native/native-shell')) : null;

const container = document.getElementById('root')!;
// A prerendered page is on screen before its code runs: until the app has taken it over, a tap on
// a button would do nothing, so its controls take no pointer input meanwhile (styles.css); links,
// plain links to prerendered pages, keep working. Without JavaScript the attribute is never set.
if (container.dataset.prerendered) container.setAttribute('data-hydrating', '');

// Work the first render would otherwise do inside its task (issue #16: blocking time), done here
// in tasks of their own while the page's code and messages load: on a page without prerendered
// HTML, the first currency formatter (Intl, ~13 ms; ~50 ms on a slow phone; a prerendered page
// brings its prices and dates instead, below), then tailwind-merge's class map (built on the first
// `cn` call, ~5 ms; ~22 ms). The first render then takes both from their caches.
if (!container.dataset.prerendered) setTimeout(() => formatCents(100, document.documentElement.lang));
setTimeout(() => cn('p-1', 'p-2'));

/** Ends the wait above once the app's first render (hydration included) is committed. */
function TakenOver() {
  useEffect(() => {
    markHydrationEnd();
    container.removeAttribute('data-hydrating');
  }, []);
  return null;
}

// Render once the stored language's messages are in, so Spanish never flashes English first. A
// page prerendered in that language (issue #16, docs/decisions/036) is hydrated: React takes over
// the HTML already on screen. One prerendered in the other language (a visitor whose choice the
// server did not know yet) is drawn again in the chosen one.
void i18nReady.finally(async () => {
  const { router, hydrate } = await createAppRouter({ hydrate: container.dataset.prerendered === i18n.language && !NativeShell });
  // A prerendered page's prices and dates come with it: taking it over builds no Intl formatter
  // (docs/decisions/056).
  if (hydrate) rememberPrerenderedFormats();
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClientWithKnownAnswers({ prerendered: hydrate })}>
        <AppRouter router={router} />
        <TakenOver />
        {NativeShell && (
          <Suspense fallback={null}>
            <NativeShell router={router} />
          </Suspense>
        )}
      </AppProvider>
    </StrictMode>
  );
  // As a transition, React (the dev server) hydrates in slices and yields between them; Preact,
  // the production runtime (docs/decisions/041), hydrates in one task.
  if (hydrate) {
    // The router was built in this task (~15 ms at 4x CPU): hydration starts in the next one.
    await new Promise((resolve) => setTimeout(resolve));
    markHydrationStart();
    startTransition(() => void hydrateRoot(container, app));
  }
  else createRoot(container).render(app);
});
