/**
 * What the service worker (sw.ts) answers a page navigation with when the network is gone
 * (issue #15: the installable web app). Online, every navigation goes to the network, so the
 * server's page (its own head tags and status, src/server/modules/seo) and a new deploy are seen
 * at once; nothing a navigation returns is kept. Offline:
 * - an app route (a path the web app's router draws: `/`, `/book/{slug}`, `/my-bookings`, ...)
 *   gets the precached app shell (index.html), which runs from precached code;
 * - a path the server answers itself gets the precached offline page: `/api/*` (the API, the
 *   `/api/docs` reference page, receipts and uploads live there), `/robots.txt`, `/sitemap.xml`,
 *   and files (a last path segment with an extension: `/images/...jpg`, `/offline.html`).
 * Pure: the URL in, the answer out.
 */

export type OfflineNavigationAnswer = 'app-shell' | 'offline-page';

/** Where the API lives: never cached by the service worker, online or off. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Paths the server answers outside /api (src/server/modules/seo/seo.routes.ts). */
const SERVER_FILES = new Set(['/robots.txt', '/sitemap.xml']);

/** Whether the web app's router draws this path (so the cached shell can answer it offline). */
export function isAppRoute(pathname: string): boolean {
  if (isApiPath(pathname) || SERVER_FILES.has(pathname)) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** The offline answer to a navigation to `url` (same origin; other origins are not ours to answer). */
export function offlineNavigationAnswer(url: URL): OfflineNavigationAnswer {
  return isAppRoute(url.pathname) ? 'app-shell' : 'offline-page';
}
