/**
 * Where the browser finds our API (issue #15, docs/decisions/025-mobile-apps-reach-the-api.md).
 *
 * The web app is served by the API server itself, so its calls stay relative (`/api/...`, same
 * origin): VITE_API_BASE_URL is empty in `npm run build`. The Capacitor apps' pages come from
 * `capacitor://localhost` (iOS) or `https://localhost` (Android), so their builds bake the API's
 * origin in (`scripts/build-app.mjs`: API_BASE_URL, e.g. https://book.example.com) and every
 * call, stream, beacon, image and download link to the API goes through `apiUrl`.
 */

/** The API's origin baked into this build, without a trailing slash; '' on the web build (same origin). */
export function apiBase(): string {
  const configured = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.trim() ?? '';
  return configured.replace(/\/+$/, '');
}

/**
 * The address of an API path for this build: `/api/...` unchanged on the web build,
 * `https://book.example.com/api/...` in an app build. Anything not starting with `/api` (an
 * absolute URL, `blob:` or `data:` preview) is returned as it is, so a URL the server already
 * made absolute is never prefixed twice.
 * @param path an API path starting with `/api` (query string allowed), or any other URL
 */
export function apiUrl(path: string): string {
  const base = apiBase();
  return base && (path === '/api' || path.startsWith('/api/') || path.startsWith('/api?')) ? `${base}${path}` : path;
}

/**
 * Whether the API lives on another origin than this page (an app build), so requests must carry
 * credentials explicitly (`credentials: 'include'`, `EventSource` `withCredentials`) and the
 * server answers with CORS headers for the app's origin.
 */
export function apiIsCrossOrigin(): boolean {
  const base = apiBase();
  if (!base) return false;
  try {
    return typeof window === 'undefined' || new URL(base).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** The fetch credentials mode for API calls: 'include' across origins, 'same-origin' otherwise. */
export function apiCredentials(): RequestCredentials {
  return apiIsCrossOrigin() ? 'include' : 'same-origin';
}
