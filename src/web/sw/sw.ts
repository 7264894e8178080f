/// <reference lib="webworker" />
/**
 * The web app's service worker (issue #15: the installable web app), built by vite-plugin-pwa's
 * injectManifest strategy into /sw.js with the list of files to precache written in at build
 * time (vite.config.ts says which). It owns:
 * - precache: the app shell (index.html), the offline page and the hashed JS/CSS chunks, icons
 *   and the manifest, each stored under its revision; a new deploy's worker installs at once
 *   (skipWaiting), takes over open pages (clientsClaim) and drops the previous deploy's files
 *   (cleanupOutdatedCaches);
 * - navigations: network first, so the server's page and a new deploy are used on the very next
 *   visit; offline, app routes get the cached shell and everything else the offline page
 *   (navigation.ts). Nothing a navigation returns is stored;
 * - the API: never touched. No route matches /api/*, so those requests (with the customer's
 *   data) go straight to the network and never reach Cache Storage;
 * - push: a `PushPayload` (src/domain/push-contract.ts) becomes a notification; tapping it
 *   focuses an open window of the app on the notification's page, or opens one.
 * Registered by src/web/lib/service-worker.ts after the page has loaded, never in the native apps.
 */
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { offlineNavigationAnswer } from './navigation';
import { notificationTarget, readPushPayload } from './push-message';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The notification title when a push message carries no valid payload (Chrome requires one). */
const APP_NAME = 'Tampa Handyman';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// The navigation request starts while the worker boots, so network-first costs no extra wait.
enableNavigationPreload();

// Registered before the precache route, so a navigation to `/` is never answered by the
// precached index.html while the network works.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  async ({ request, event, url }) => {
    try {
      const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
      return preloaded ?? (await fetch(request));
    } catch (error) {
      const page = offlineNavigationAnswer(url) === 'app-shell' ? ((await matchPrecache('/index.html')) ?? (await matchPrecache('/offline.html'))) : await matchPrecache('/offline.html');
      if (page) return page;
      throw error;
    }
  },
);

precacheAndRoute(self.__WB_MANIFEST);

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data?.text());
  event.waitUntil(
    self.registration.showNotification(payload?.title ?? APP_NAME, {
      body: payload?.body,
      tag: payload?.tag,
      icon: ICON,
      badge: BADGE,
      data: { url: payload?.url ?? '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  event.waitUntil(showPage(target));
});

/** Focuses a window already on `target`, else moves an open window of the app there, else opens one. */
async function showPage(target: string): Promise<unknown> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const onTarget = windows.find((client) => client.url === target);
  if (onTarget) return onTarget.focus();
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    try {
      const focused = await open.focus();
      // navigate() is allowed only on a window this worker controls; otherwise open a new one
      const moved = await focused.navigate(target);
      if (moved) return moved;
    } catch {
      // fall through to a new window
    }
  }
  return self.clients.openWindow(target);
}
