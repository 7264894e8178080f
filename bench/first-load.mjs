/**
 * A route's first-load JavaScript, from a Vite build's manifest (`<dist>/.vite/manifest.json`):
 * the entry chunk (`index.html`), the route's lazy page module, the English message files its
 * route loads with it (app/page-routes.tsx `withMessages`), and every chunk those import
 * statically. Each chunk counts once, gzip level 9 of the file as served; dynamic imports
 * (later steps, Stripe, the chat panel...) are not part of the first load.
 *
 * Shared by `npm run bench:bundle` (bench/bundle-size.mjs, the README table) and the budget
 * check of the test run (scripts/check-bundle-budget.mjs, issue #16); the numbers are
 * deterministic for a given source tree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const PAGES = 'src/web/features';

/**
 * The measured routes: the page module (a manifest key) and the route's message files
 * (`src/web/locales/en/<name>.json`, loaded with the page by app/page-routes.tsx; `app` stands
 * for the files of APP_MESSAGE_FILES in src/web/lib/i18n.ts).
 * `budgetKb`: the first-load JS ceiling (KB = 1024 bytes of gzip) the test run enforces, or null;
 * `targetKb`: issue #16's target. The ceilings are the issue's targets: the production build runs
 * on Preact (docs/decisions/041-preact-in-production.md; on React 19 the libraries alone were about
 * 134 KB, decisions 035 and 038), which brings `/` to ~103 KB and `/book/:slug` to ~112 KB.
 */
export const ROUTES = [
  { route: '/', page: `${PAGES}/home/pages/home-page.tsx`, messages: [], budgetKb: 110, targetKb: 110 },
  { route: '/book/:slug', page: `${PAGES}/booking/pages/booking-page.tsx`, messages: ['booking'], budgetKb: 170, targetKb: 170 },
  { route: '/auth', page: `${PAGES}/auth/pages/auth-page.tsx`, messages: ['app'], budgetKb: null },
  { route: '/my-bookings', page: `${PAGES}/my-bookings/pages/my-bookings-page.tsx`, messages: ['app', 'my-bookings', 'live-status'], budgetKb: null },
  { route: '/terms', page: `${PAGES}/policies/pages/terms-page.tsx`, messages: ['public-pages'], budgetKb: null },
  { route: '404', page: `${PAGES}/shell/pages/not-found-page.tsx`, messages: [], budgetKb: null },
];

/** Reads a build's manifest; throws with the folder named when the build is missing. */
export function readManifest(distDir) {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No ${file}: build first (vite build --outDir ${distDir}).`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The manifest keys `keys` load before they can run: themselves and their static imports, transitively. */
export function staticClosure(manifest, keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`The build has no module ${key}: is bench/first-load.mjs in step with src/web/app/page-routes.tsx?`);
    seen.add(key);
    staticClosure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/** The file names (without .json) of the `app` messages, as src/web/lib/i18n.ts lists them. */
export function appMessageFiles(i18nSource = fs.readFileSync('src/web/lib/i18n.ts', 'utf8')) {
  const list = i18nSource.match(/APP_MESSAGE_FILES = \[([^\]]*)\]/)?.[1];
  if (!list) throw new Error('No APP_MESSAGE_FILES in src/web/lib/i18n.ts: bench/first-load.mjs reads the app messages from there.');
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

/** The manifest keys of a route's first load (see the module comment). */
export function firstLoadKeys(manifest, { page, messages }) {
  const files = messages.flatMap((name) => (name === 'app' ? appMessageFiles() : [name]));
  return staticClosure(manifest, ['index.html', page, ...files.map((name) => `src/web/locales/en/${name}.json`)]);
}

/**
 * A route's first load in a build: `js` and `css` in gzip bytes, and `chunks` (file, gzip bytes)
 * largest first.
 */
export function measureFirstLoad(distDir, manifest, route) {
  const gzip = (file) => gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const chunks = [];
  const cssFiles = new Set();
  for (const key of firstLoadKeys(manifest, route)) {
    chunks.push({ file: manifest[key].file, gzip: gzip(manifest[key].file) });
    for (const file of manifest[key].css ?? []) cssFiles.add(file);
  }
  const css = [...cssFiles].reduce((sum, file) => sum + gzip(file), 0);
  chunks.sort((a, b) => b.gzip - a.gzip);
  return { js: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0), css, chunks };
}

/**
 * Checks ROUTES against app/page-routes.tsx, so a renamed page or a new message file cannot make
 * the numbers silently smaller: each page module must be a lazy import there, and the message
 * files on its line must be the ones listed. Returns the problems found (empty when in step).
 */
export function routeTableProblems(pageRoutesSource) {
  const problems = [];
  for (const { route, page, messages } of ROUTES) {
    const importPath = `@/${page.replace(/^src\//, '').replace(/\.tsx$/, '')}`;
    const line = pageRoutesSource.split('\n').find((text) => text.includes(`import('${importPath}')`));
    if (!line) {
      problems.push(`${route}: no lazy import('${importPath}') in src/web/app/page-routes.tsx`);
      continue;
    }
    const listed = line.match(/withMessages\((\[[^\]]*\]|'[^']*')/)?.[1] ?? '[]';
    const names = [...listed.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
    if (names.join() !== [...messages].sort().join()) problems.push(`${route}: page-routes.tsx loads messages [${names}], bench/first-load.mjs lists [${messages}]`);
  }
  return problems;
}

export const kb = (bytes) => (bytes / 1024).toFixed(1);
