/**
 * `npm run build:app:user` / `npm run build:app:worker`: the web assets of one mobile app, then
 * `cap sync` when that app has a native project.
 *  1. `vite build` into dist-app/<variant> with VITE_APP_VARIANT=<variant> baked in (the worker
 *     app's APP_TYPE defaults to worker; src/web/lib/app-type.ts).
 *     The API's origin is baked in as VITE_API_BASE_URL (src/web/lib/api-base.ts): API_BASE_URL,
 *     else VITE_API_BASE_URL, else PUBLIC_URL (e.g. https://book.example.com). Without any of them
 *     the build stops, since the app's pages (capacitor://localhost, https://localhost) cannot
 *     reach the API on their own origin; `--allow-same-origin` builds without one anyway (only
 *     useful with `server.url` live reload). The server needs MOBILE_APP_ORIGINS=true
 *     (docs/decisions/025-mobile-apps-reach-the-api.md).
 *  2. `cap sync` (APP_VARIANT=<variant>, capacitor.config.ts) only if native/<variant>/android or
 *     native/<variant>/ios exists; otherwise a message saying how to add one. Without a native
 *     SDK the build still succeeds: nothing native is touched.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { runCapacitor } from './cap.mjs';

const variant = process.argv[2];
if (variant !== 'user' && variant !== 'worker') {
  console.error('usage: node scripts/build-app.mjs user|worker [--allow-same-origin]');
  process.exit(2);
}

/**
 * The API origin to bake in, or '' with --allow-same-origin. Exits with a message when none is
 * configured or the value is not an http(s) URL.
 */
function apiBaseUrl() {
  const named = [['API_BASE_URL', process.env.API_BASE_URL], ['VITE_API_BASE_URL', process.env.VITE_API_BASE_URL], ['PUBLIC_URL', process.env.PUBLIC_URL]].find(([, value]) => value && value.trim());
  if (!named) {
    if (process.argv.includes('--allow-same-origin')) {
      console.warn('No API_BASE_URL: building with a same-origin API (--allow-same-origin); the installed app cannot reach a remote server.');
      return '';
    }
    console.error(
      `The ${variant} app needs the API's address: set API_BASE_URL (or PUBLIC_URL) to the server's origin, e.g.\n` +
        `  API_BASE_URL=https://book.example.com npm run build:app:${variant}\n` +
        'and start that server with MOBILE_APP_ORIGINS=true (README "Mobile apps"). Pass --allow-same-origin to build without one.',
    );
    process.exit(2);
  }
  const [name, value] = named;
  let url;
  try {
    url = new URL(value.trim());
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    console.error(`${name}="${value}" is not an http(s) URL such as https://book.example.com`);
    process.exit(2);
  }
  const base = url.href.replace(/\/+$/, '');
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    console.warn(`Warning: ${name} is plain http; the session cookie is Secure, so the app needs the API over https.`);
  }
  console.log(`The ${variant} app will call the API at ${base} (from ${name}).`);
  return base;
}
const apiBase = apiBaseUrl();

const outDir = `dist-app/${variant}`;
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
  stdio: 'inherit',
  env: { ...process.env, VITE_APP_VARIANT: variant, VITE_API_BASE_URL: apiBase },
});
if (build.status !== 0) process.exit(build.status ?? 1);
console.log(`Built the ${variant} app's web assets in ${outDir} (API: ${apiBase || 'same origin'}).`);

const platforms = ['android', 'ios'].filter((platform) => fs.existsSync(`native/${variant}/${platform}`));
if (platforms.length === 0) {
  console.log(`No native project under native/${variant}/ yet: skipping cap sync. Add one with: APP_VARIANT=${variant} npm run cap -- add android (or ios).`);
  process.exit(0);
}
for (const platform of platforms) {
  const status = runCapacitor(['sync', platform], variant);
  if (status !== 0) process.exit(status);
}
