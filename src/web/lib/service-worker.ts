/**
 * Registers the web app's service worker, /sw.js (src/web/sw/sw.ts; issue #15: the installable
 * web app), off the critical path: after the page's `load` event, when the browser is idle. Not
 * in development (`npm run dev` builds no worker), not in the builds for the mobile apps
 * (VITE_APP_VARIANT; they serve their files from the device) and not inside the app container.
 *
 * There is no "new version" prompt and no forced reload: a new deploy's worker takes over by
 * itself, and navigations go to the network first, so the next visit (or the next page load)
 * after a deploy runs the new code (docs/decisions/028-installable-web-app.md).
 */
import { isAppContainer } from './app-type';

export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this page should have the service worker: a production web build in a browser that supports one. */
export function wantsServiceWorker(): boolean {
  if (!import.meta.env.PROD || import.meta.env.VITE_APP_VARIANT) return false;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  return !isAppContainer();
}

/** Schedules the registration after load; failures (private modes, blocked storage) leave the app as it is. */
export function registerServiceWorker(): void {
  if (!wantsServiceWorker()) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // the app works without it: no offline shell and no push on this device
    });
  };
  const whenIdle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(register, { timeout: 5000 }) : window.setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
