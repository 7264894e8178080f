/**
 * Built JS and CSS per route, gzip (issue #2 budget: the home route's first load at most
 * 100 KB of JS gzip). Builds with Vite, then walks dist/.vite/manifest.json: a route's first
 * load is the entry chunk plus the route's lazy page module and everything they import
 * statically. Run: `npm run bench:bundle` (add `--no-build` to reuse dist/).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

if (!process.argv.includes('--no-build')) {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync('dist/.vite/manifest.json', 'utf8'));
const gz = (file) => gzipSync(fs.readFileSync(path.join('dist', file)), { level: 9 }).length;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

function measure(pageKeys) {
  const chunks = closure(['index.html', ...pageKeys]);
  let js = 0;
  let css = 0;
  const cssFiles = new Set();
  for (const key of chunks) {
    js += gz(manifest[key].file);
    for (const file of manifest[key].css ?? []) cssFiles.add(file);
  }
  for (const file of cssFiles) css += gz(file);
  return { js, css };
}

const routes = {
  '/': 'src/web/features/home/pages/home-page.tsx',
  '/book/:slug': 'src/web/features/booking/pages/booking-page.tsx',
  '/auth': 'src/web/features/auth/pages/auth-page.tsx',
  '/my-bookings': 'src/web/features/my-bookings/pages/my-bookings-page.tsx',
  '404': 'src/web/features/shell/pages/not-found-page.tsx',
};

const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log('| route | JS gzip (KB) | CSS gzip (KB) |');
console.log('| --- | ---: | ---: |');
let homeJs = 0;
for (const [route, page] of Object.entries(routes)) {
  const { js, css } = measure([page]);
  if (route === '/') homeJs = js;
  console.log(`| ${route} | ${kb(js)} | ${kb(css)} |`);
}
console.log(`\nHome route first load: ${kb(homeJs)} KB JS gzip (budget 100 KB): ${homeJs <= 100 * 1024 ? 'within budget' : 'OVER BUDGET'}`);
