/**
 * `npm start` builds what is missing or older than its sources, then gets out of the way:
 *  - the web app (dist/ with its prerendered public pages, scripts/build-web.mjs) when
 *    dist/index.html or the prerendered home page is missing or older than any web source
 *    (src/web, src/domain, index.html, public/, vite.config.ts, package.json, the blog's posts,
 *    the build scripts);
 *  - the compiled server (dist-server/, scripts/build-server.mjs, issue #16) when
 *    dist-server/index.js or dist-server/user-create.js is older than any server source
 *    (src/server, src/domain, package.json, tsconfig.json, the build script).
 * `--server` checks only the server (`npm run user:create` needs no web app).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUILD_INPUTS, SERVER_ENTRIES } from './build-server.mjs';

const webInputs = ['src/web', 'src/domain', 'public', 'index.html', 'vite.config.ts', 'package.json', 'content/blog', 'scripts/build-web.mjs', 'scripts/prerender.mjs'];

function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

/** The oldest of the outputs' times; 0 when one is missing. */
function builtAt(outputs) {
  return Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
}

const serverOnly = process.argv.includes('--server');

// The home page's prerendered HTML too: a bare `vite build` into dist/ writes index.html but no prerendered pages.
if (!serverOnly && builtAt(['dist/index.html', 'dist/prerendered/en/index.html']) < Math.max(...webInputs.map(newest))) {
  console.log('Building the web app (dist/)...');
  const result = spawnSync(process.execPath, ['scripts/build-web.mjs', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const serverOutputs = Object.keys(SERVER_ENTRIES).map((name) => path.join('dist-server', `${name}.js`));
if (builtAt(serverOutputs) < Math.max(...SERVER_BUILD_INPUTS.map(newest))) {
  console.log('Building the server (dist-server/)...');
  await buildServer('dist-server').catch(() => process.exit(1));
}
