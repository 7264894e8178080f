import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { installErrorLogging } from './lib/error-logging';
import { i18nReady } from './lib/i18n';
import { startBrowserSentry } from './lib/sentry';
import './styles.css';

// Errors from here on reach the error log (and Sentry, when the build has VITE_SENTRY_DSN).
installErrorLogging();
startBrowserSentry();

// Render once the stored language's messages are in, so Spanish never flashes English first.
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
