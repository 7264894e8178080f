/**
 * How long browsers may keep the built web app's un-hashed files (issue #15: the installable web
 * app updates itself on the next visit after a deploy). The service worker (/sw.js), the web
 * manifest and the HTML files keep their names from one deploy to the next, so they are
 * `no-cache`: kept, but checked with the server before each use. Hashed files under /assets/ are
 * immutable for a year (src/server/app.ts); anything else gets no Cache-Control of ours.
 */

/** The files of the built app that must be revalidated on every use: the worker, the manifest, the pages and the offline page's script. */
const REVALIDATED = new Set(['/sw.js', '/manifest.webmanifest', '/index.html', '/offline.html', '/offline.js']);

/** The Cache-Control header for a file of the built app at `pathname`, or null to leave it alone. */
export function webAppFileCacheControl(pathname: string): string | null {
  return REVALIDATED.has(pathname) ? 'no-cache' : null;
}
