import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, appRouter } from './app/router';
import { isAppContainer } from './lib/app-type';
import { installErrorLogging } from './lib/error-logging';
import { i18nReady } from './lib/i18n';
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

// Render once the stored language's messages are in, so Spanish never flashes English first.
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
        {NativeShell && (
          <Suspense fallback={null}>
            <NativeShell router={appRouter} />
          </Suspense>
        )}
      </AppProvider>
    </StrictMode>,
  );
});
