/**
 * Built JS and CSS per route, gzip: a route's first load is the entry chunk plus the route's lazy
 * page module, the message files it loads with it and everything they import statically
 * (bench/first-load.mjs, shared with the test run's budget check, scripts/check-bundle-budget.mjs).
 * Run: `npm run bench:bundle` (builds into a temporary folder, so dist/ keeps the prerendered pages
 * and compressed files of `npm run build`, which `npm start` serves; `--no-build` measures dist/
 * as it is; `--dist DIR` measures another build folder; `--chunks` lists each route's chunks).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kb, measureFirstLoad, readManifest, ROUTES } from './first-load.mjs';

const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const build = !process.argv.includes('--no-build');
const distDir = argument('--dist') ?? (build ? fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-bundle-')) : 'dist');

if (build) {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(1);
}
const manifest = readManifest(distDir);

console.log('| route | JS gzip (KB) | CSS gzip (KB) | ceiling (KB) | issue #16 target (KB) |');
console.log('| --- | ---: | ---: | ---: | ---: |');
const measured = ROUTES.map((route) => ({ route, ...measureFirstLoad(distDir, manifest, route) }));
for (const { route, js, css } of measured) console.log(`| ${route.route} | ${kb(js)} | ${kb(css)} | ${route.budgetKb ?? ''} | ${route.targetKb ?? ''} |`);
if (process.argv.includes('--chunks')) {
  for (const { route, chunks } of measured) {
    console.log(`\n${route.route}`);
    for (const chunk of chunks) console.log(`  ${kb(chunk.gzip).padStart(6)}  ${chunk.file}`);
  }
}
if (build && !argument('--dist')) fs.rmSync(distDir, { recursive: true, force: true });
