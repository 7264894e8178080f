/**
 * The first-load JavaScript budget (issue #16): after the production build, each budgeted route
 * of bench/first-load.mjs must load no more than its ceiling (`budgetKb`, KB of JS gzip; the
 * issue's targets, `/` 110 KB and `/book/:slug` 170 KB, are shown beside it). Prints a table
 * (route, KB, ceiling, target, verdict) and exits 1 when a route is over its ceiling, or when
 * bench/first-load.mjs is out of step with src/web/app/page-routes.tsx.
 * It also checks V8's compile hint (docs/decisions/055-compile-hints-for-first-loads.md): every
 * chunk that the entry or a page module loads statically starts with it, no other chunk does.
 * Run: `node scripts/check-bundle-budget.mjs [--dist DIR]` (default dist/; build first).
 */
import fs from 'node:fs';
import path from 'node:path';
import { kb, measureFirstLoad, readManifest, routeTableProblems, ROUTES, staticClosure } from '../bench/first-load.mjs';

const index = process.argv.indexOf('--dist');
const distDir = index === -1 ? 'dist' : process.argv[index + 1];

const problems = routeTableProblems(fs.readFileSync('src/web/app/page-routes.tsx', 'utf8'));
const manifest = readManifest(distDir);
const rows = ROUTES.filter((route) => route.budgetKb !== null).map((route) => {
  const { js, chunks } = measureFirstLoad(distDir, manifest, route);
  return { route, js, chunks, over: js > route.budgetKb * 1024 };
});

console.log('| route | first-load JS gzip (KB) | ceiling (KB) | issue #16 target (KB) | |');
console.log('| --- | ---: | ---: | ---: | --- |');
for (const { route, js, over } of rows) {
  const target = route.targetKb ?? route.budgetKb;
  const verdict = over ? 'OVER BUDGET' : js > target * 1024 ? `ok (${kb(js - target * 1024)} KB above the target)` : 'ok';
  console.log(`| ${route.route} | ${kb(js)} | ${route.budgetKb} | ${target} | ${verdict} |`);
}
for (const { route, js, chunks, over } of rows.filter((row) => row.over)) {
  console.log(`\n${route.route} is ${kb(js - route.budgetKb * 1024)} KB over its ${route.budgetKb} KB budget; its largest chunks:`);
  for (const chunk of chunks.slice(0, 8)) console.log(`  ${kb(chunk.gzip).padStart(6)} KB  ${chunk.file}`);
}

// The compile hint (vite.config.ts `compileHintsForPageStarts`), read back from the files as served.
const HINT = '//# allFunctionsCalledOnLoad\n';
const pageStarts = staticClosure(manifest, Object.keys(manifest).filter((key) => key === 'index.html' || /^src\/web\/features\/[^/]+\/pages\/[^/]+\.tsx$/.test(key)));
const hintProblems = Object.entries(manifest)
  .filter(([, chunk]) => chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({ key, file: chunk.file, wanted: pageStarts.has(key), hinted: fs.readFileSync(path.join(distDir, chunk.file), 'utf8').startsWith(HINT) }))
  .filter(({ wanted, hinted }) => wanted !== hinted)
  .map(({ key, file, wanted }) => `${file} (${key}) ${wanted ? 'runs when a page opens but lacks' : 'loads later but carries'} the compile hint ${HINT.trim()}`);
problems.push(...hintProblems);
console.log(`\ncompile hint: ${pageStarts.size} chunks that pages run as they open${hintProblems.length ? `, ${hintProblems.length} wrong` : ', all hinted; later chunks not'}`);
for (const problem of problems) console.log(`\n${problem}`);
process.exit(problems.length || rows.some((row) => row.over) ? 1 : 0);
