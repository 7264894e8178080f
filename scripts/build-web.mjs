/**
 * Builds the web app (issue #16, docs/decisions/036-prerendered-public-pages.md):
 *  1. `vite build` into the output folder (default dist/), as before;
 *  2. `vite build --ssr src/web/entry-prerender.tsx` into a temporary folder (the same route
 *     table and components, compiled for Node);
 *  3. scripts/prerender.mjs: every public page (home, each service's booking page, the policy
 *     and company pages, the blog and its posts) in English and Spanish, written to
 *     `<out>/prerendered/` for the server to answer with (src/server/modules/seo/prerendered-pages.ts);
 *  4. scripts/precompress.mjs: Brotli and gzip copies of the build's text files, which the server
 *     sends to browsers that accept them (BROTLI_QUALITY, default 11; the test run uses 5).
 *
 * `node scripts/build-web.mjs [--outDir DIR] [more vite build flags]`; the flags go to step 1
 * (e.g. `--logLevel warn`). VITE_* variables apply to both builds. The mobile apps' builds
 * (scripts/build-app.mjs) skip this: their pages load from the device, never from our server.
 * Exits with the failing step's status.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { precompressBuild } from './precompress.mjs';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--outDir');
const outDir = path.resolve(outIndex === -1 ? 'dist' : args[outIndex + 1]);
const logLevel = args.includes('--logLevel') ? ['--logLevel', args[args.indexOf('--logLevel') + 1]] : [];

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) {
    fs.rmSync(ssrDir, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

// Inside the repository, so the bundle's imports of packages resolve from node_modules.
const ssrDir = fs.mkdtempSync(path.join(process.cwd(), '.prerender-'));
run('npx', ['vite', 'build', ...args]);
run('npx', ['vite', 'build', '--ssr', 'src/web/entry-prerender.tsx', '--outDir', ssrDir, '--emptyOutDir', ...logLevel]);
run(process.execPath, ['--import', 'tsx', 'scripts/prerender.mjs', '--dist', outDir, '--bundle', path.join(ssrDir, 'entry-prerender.js')]);
fs.rmSync(ssrDir, { recursive: true, force: true });
const started = performance.now();
const brotliQuality = Number(process.env.BROTLI_QUALITY ?? 11);
console.log(`precompress: ${precompressBuild(outDir, brotliQuality)} files in ${Math.round(performance.now() - started)} ms (Brotli quality ${brotliQuality})`);
