import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { offlinePagePlugin } from './src/web/sw/offline-page';

// The installable web app (issue #15): the manifest, and our own service worker
// (src/web/sw/sw.ts) with the app shell, the offline page and the hashed assets precached.
// Left out of the mobile apps' builds (VITE_APP_VARIANT, scripts/build-app.mjs): they load
// their files from the device. docs/decisions/028-installable-web-app.md.
const installableWebApp = () => [
  offlinePagePlugin(fileURLToPath(new URL('./src/web/locales', import.meta.url))),
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/web/sw',
    filename: 'sw.ts',
    injectRegister: false, // src/web/lib/service-worker.ts registers it after load
    manifest: {
      id: '/',
      name: 'Tampa Handyman',
      short_name: 'Handyman',
      description: 'Same-day handyman in Tampa Bay: TV installation, furniture assembly and painting. Book online; we call within 5-10 minutes.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d4ed8', // --color-brand-600
      background_color: '#f8fafc', // the body's slate-50
      lang: 'en',
      dir: 'ltr',
      categories: ['business', 'lifestyle'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    includeAssets: ['favicon.svg', 'offline.js', 'icons/apple-touch-icon-180.png', 'icons/badge-96.png'],
    injectManifest: {
      // The shell, the offline page and every hashed chunk; not public/images (blog and social
      // pictures load from the network when a page shows them).
      globPatterns: ['index.html', 'offline.html', 'assets/**/*.{js,css,woff2,svg,png,webp}'],
      rollupFormat: 'es',
    },
  }),
];

/**
 * The stylesheet is requested before the app's code (issue #16): Vite writes the entry's
 * `<script type="module">` and modulepreloads first and the `<link rel="stylesheet">` after them,
 * so on HTTP/1.1 (six connections per host) the one file that blocks the first paint waited
 * behind scripts a prerendered page does not need to show. Moving it first let the first paint
 * come ~40 ms earlier on localhost and ~50 ms under slow-4G throttling (README, Benchmarks).
 */
const stylesheetFirst = (): Plugin => ({
  name: 'stylesheet-first',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const stylesheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
      const rest = stylesheets.reduce((page, tag) => page.replace(tag, ''), html);
      const at = rest.search(/[ \t]*<script type="module"/);
      if (!stylesheets.length || at < 0) return html;
      return rest.slice(0, at) + stylesheets.map((tag) => (tag.endsWith('\n') ? tag : `${tag}\n`)).join('') + rest.slice(at);
    },
  },
});

/**
 * The browser's production build runs on Preact 11 through `preact/compat` (issue #16,
 * docs/decisions/041-preact-in-production.md): the same components, ~60 KB of JavaScript less on
 * every first load. The dev server, the component tests (vitest) and the prerendering bundle stay
 * on React 19 (Fast Refresh, Testing Library, `react-dom/static`); the browser suite (Playwright)
 * runs on this build. `WEB_RUNTIME=react` builds on React instead, to compare.
 */
export const preactInProduction = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-is$/, replacement: 'preact/compat' }, // recharts' isFragment
];

/**
 * Fewer requests on a first load (issue #16, docs/decisions/047-first-load-requests.md). Left to
 * itself Rolldown splits what the entry imports into seven chunks (Preact, i18next, TanStack
 * Query, tailwind-merge, clsx, lucide's base, the preload helper) because lazy pages import them
 * too, and the booking page's first step into a dozen more of a few hundred bytes each. Every page
 * loads the first set anyway, and on HTTP/1.1 (six connections, one request at a time on each)
 * twenty requests cost round trips that bytes do not. Two groups instead: what the entry needs
 * (with the few domain modules the home page adds), and the small modules the booking page shares
 * with later pages. `WEB_CHUNKS=split` builds without them, to compare.
 */
const firstLoadChunks = {
  groups: [
    {
      name: 'app-core',
      priority: 2,
      test: /node_modules\/(preact|i18next|react-i18next|html-parse-stringify|void-elements|i18next-resources-to-backend|tailwind-merge|clsx)\/|@tanstack\/(query-core|react-query)\/build\/modern\/(infiniteQueryBehavior|query|queryObserver|mutation|mutationCache|queryCache|queryClient|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery|queryOptions|QueryClientProvider|timeoutManager|utils|environmentManager|subscribable|focusManager|notifyManager|onlineManager|retryer|removable)\.js|lucide-react\/dist\/esm\/(shared\/|context\.|Icon\.|createLucideIcon\.)|vite\/preload-helper|src\/web\/lib\/(cn|tailwind-merge-config|api-client|i18n|api-base)\.ts|src\/web\/locales\/en\/(common|errors|seo)\.json|src\/domain\/(page-texts|blog-limits|services)\.ts|src\/web\/components\/ui\/card\.tsx/,
    },
    {
      name: 'booking-shared',
      priority: 1,
      test: /src\/domain\/(pricing|booking-funnel)\.ts|src\/web\/lib\/(back-navigation|saved-cards|saved-addresses|idempotency-key)\.ts|src\/web\/components\/ui\/field-error\.tsx|src\/web\/features\/booking\/utils\/steps\.ts/,
    },
  ],
};

/**
 * V8's explicit compile hint on the chunks a page runs as it opens (issue #16: total blocking
 * time; docs/decisions/055-compile-hints-for-first-loads.md). V8 compiles a function the first time
 * it is called, on the main thread, so a prerendered page's take-over spent much of each task
 * compiling Preact, the router, i18next and our components. A file that starts with
 * `//# allFunctionsCalledOnLoad` (Chrome 136+; other browsers read a comment) has all its
 * functions compiled on the background thread that streams it in, while the page is still on
 * its first paint. Given to the entry and every chunk it imports statically, and to each page
 * module (`src/web/features/<area>/pages/*.tsx`, app/page-routes.tsx loads them lazily) with its
 * static imports: what a first load of any page runs. Not to what loads later (the next booking
 * steps, Stripe, the chat panel, charts), whose unused functions would only cost memory.
 * scripts/check-bundle-budget.mjs checks the build.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const PAGE_MODULE = /\/src\/web\/features\/[^/]+\/pages\/[^/]+\.tsx$/;

/**
 * The chunks (file names) a page runs as it opens: the entry chunks and the page modules' chunks,
 * and every chunk they import statically, transitively.
 */
function pageStartChunks(bundle: Record<string, { type: string; fileName: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean; facadeModuleId?: string | null }>): Set<string> {
  const found = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (found.has(fileName) || chunk?.type !== 'chunk') return;
    found.add(fileName);
    chunk.imports?.forEach(visit);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && (chunk.isEntry || (chunk.isDynamicEntry && PAGE_MODULE.test(chunk.facadeModuleId ?? '')))) visit(chunk.fileName);
  }
  return found;
}

// Written last (Vite puts its preload list at the top of a chunk while rendering it; minification
// would drop a comment written earlier). The file names' hashes are of the code before it: the
// comment is the same for the same code, so a name still stands for one content.
const compileHintsForPageStarts = (): Plugin => ({
  name: 'compile-hints-for-page-starts',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const fileName of pageStartChunks(bundle)) {
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      }
    },
  },
});

// The web app. `npm run build` writes dist/, which the Hono server serves with the API, and
// (scripts/build-web.mjs) the prerendering bundle `--ssr src/web/entry-prerender.tsx`, which has
// no service worker or manifest of its own (docs/decisions/036-prerendered-public-pages.md).
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), stylesheetFirst(), ...(isSsrBuild ? [] : [compileHintsForPageStarts()]), ...(process.env.VITE_APP_VARIANT || isSsrBuild ? [] : installableWebApp())],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' && !isSsrBuild && process.env.WEB_RUNTIME !== 'react' ? preactInProduction : []),
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    chunkSizeWarningLimit: 600,
    ...(command === 'build' && !isSsrBuild && process.env.WEB_CHUNKS !== 'split' ? { rolldownOptions: { output: { codeSplitting: firstLoadChunks } } } : {}),
  },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
}));
