/**
 * Built JS and CSS per route, gzip: a route's first load is the entry chunk plus the route's lazy
 * page module, the message files it loads with it and everything they import statically
 * (bench/first-load.mjs, shared with the test run's budget check, scripts/check-bundle-budget.mjs).
 * Run: `npm run bench:bundle` (builds into dist/; `--no-build` reuses it; `--dist DIR` measures
 * another build folder; `--chunks` lists each route's chunks).
 */
import { spawnSync } from 'node:child_process';
import { kb, measureFirstLoad, readManifest, ROUTES } from './first-load.mjs';

const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const distDir = argument('--dist') ?? 'dist';

if (!process.argv.includes('--no-build')) {
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
