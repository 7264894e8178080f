/**
 * `npm test`: every test suite, in order, with one closing count.
 *  1. Vitest: domain unit tests, API tests on embedded PGlite, web component tests (and the few
 *     on Preact, the production runtime).
 *  2. The API tests again on PostgreSQL: TEST_DATABASE_URL when set, otherwise a throwaway
 *     server from the machine's PostgreSQL binaries. Without either it is skipped with a plain
 *     message — except in CI (CI=true), where that is a failure.
 *  3. The production build with its prerendered public pages (scripts/build-web.mjs; with
 *     VITE_APP_CONTEXT_OVERRIDE=true for the mobile app tests), then Playwright end-to-end tests in Chromium (CHROMIUM_PATH or
 *     /usr/bin/chromium) against it on a fresh data directory. Without Chromium: skipped with a
 *     message, and a failure in CI.
 *     The first-load JavaScript budget on that build (scripts/check-bundle-budget.mjs), one test.
 *     Then the installable web app's checks on that build (scripts/check-pwa.mjs: Lighthouse 11's
 *     PWA audits, the service worker, offline), each counted as a test.
 *  - The mobile apps: `npm run build:app:user` and `:worker` with `cap sync` into native/ (Android
 *    and iOS, no SDK needed), checked by scripts/check-mobile-apps.mjs; one pass or one failure.
 * Ends with "tests: N passed, N failed" and exits non-zero on any failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const reportDir = path.resolve('.tmp/test-reports');
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) problems.push(`${label} exited with ${result.status}`);
  return result.status === 0;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return problems.push(`no report ${file}`);
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return problems.push(`no report ${file}`);
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
}

function countPwa(file) {
  if (!fs.existsSync(file)) return problems.push(`no report ${file}`);
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.passed;
  failed += report.failed;
}

const vitest = (name, projects, workers, env) => {
  const output = path.join(reportDir, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), `--maxWorkers=${workers}`, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`];
  run(name, 'npx', args, env);
  countVitest(output);
};

// Vitest's default is one worker per CPU but one, which on a two-CPU CI machine runs one file at
// a time. PGlite files are CPU-bound (one worker per CPU); PostgreSQL files mostly wait on the
// server (one more). Measured on 2 CPUs: PGlite pass 661 s -> 368 s, PostgreSQL pass 306 s -> 192 s.
const cpus = os.availableParallelism();
const pgliteWorkers = Math.max(2, cpus);
// Beside the browser suites the PostgreSQL pass keeps one worker per CPU.
const postgresBesideWorkers = Math.max(2, cpus);

// 1. Unit, API on PGlite, web components (on React, and the few on Preact, the production runtime).
vitest('vitest (unit, api on PGlite, web)', ['unit', 'api', 'web', 'web-preact'], pgliteWorkers, { TEST_DATABASE_URL: '' });

// 2. API on PostgreSQL.
let postgres = null;
let databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  try {
    postgres = await startThrowawayPostgres();
    databaseUrl = postgres?.url;
    if (postgres) console.log(`\nStarted a throwaway ${postgres.version} at ${postgres.url}`);
  } catch (error) {
    problems.push(`could not start a throwaway PostgreSQL server: ${error.message}`);
  }
}
// The PostgreSQL pass runs beside the build and the browser suites (its files mostly wait on the
// server, Chromium on the page): its output goes to a log printed when it ends. Measured on 2 CPUs
// (2026-11-24): the whole run 22.6 min in sequence.
let postgresPass = null;
if (databaseUrl) {
  const name = 'vitest (api on PostgreSQL)';
  const output = path.join(reportDir, `${name}.json`);
  const log = path.join(reportDir, 'postgres.log');
  console.log(`\n=== ${name} (in the background; output in ${path.relative('.', log)}, printed when it ends)`);
  const logFd = fs.openSync(log, 'w');
  const args = ['vitest', 'run', '--project', 'api', `--maxWorkers=${postgresBesideWorkers}`, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`];
  const child = spawn('npx', args, { stdio: ['ignore', logFd, logFd], env: { ...process.env, TEST_DATABASE_URL: databaseUrl } });
  postgresPass = new Promise((resolve) => child.on('exit', (code) => resolve(code))).then((code) => {
    fs.closeSync(logFd);
    console.log(`\n=== ${name}: output\n${fs.readFileSync(log, 'utf8')}`);
    if (code !== 0) problems.push(`${name} exited with ${code}`);
    countVitest(output);
    postgres?.stop();
  });
} else {
  const message = 'PostgreSQL suite SKIPPED: no PostgreSQL binaries under /usr/lib/postgresql and no TEST_DATABASE_URL.';
  console.log(`\n${message}`);
  if (ci) problems.push(`${message} (not allowed in CI)`);
}

// 3. Production build and end-to-end tests in Chromium.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  // The e2e build honours window.__APP_CONTEXT__ (the mobile apps' route tables, issue #15); it is
  // inert unless a test sets it, and `npm run build` leaves it out (src/web/lib/app-type.ts).
  if (run('build', 'node', ['scripts/build-web.mjs', '--logLevel', 'warn'], { VITE_APP_CONTEXT_OVERRIDE: 'true', BROTLI_QUALITY: '5' })) {
    // First-load JavaScript per route against its ceiling (issue #16; scripts/check-bundle-budget.mjs).
    if (run('first-load JS budget (/ and /book/:slug, gzip)', 'node', ['scripts/check-bundle-budget.mjs'])) passed += 1;
    else failed += 1;
    const output = path.join(reportDir, 'playwright.json');
    run('playwright (end to end in Chromium)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: output, CHROMIUM_PATH: chromium });
    countPlaywright(output);
    // The installable web app on the same build: Lighthouse 11's PWA audits plus the service
    // worker and offline checks, one test each (issue #15; scripts/check-pwa.mjs).
    const pwaReport = path.join(reportDir, 'pwa.json');
    run('PWA installability (Lighthouse 11 + offline checks)', 'node', ['scripts/check-pwa.mjs', '--json', pwaReport], { CHROME_PATH: chromium });
    countPwa(pwaReport);
  }
} else {
  const message = `End-to-end suite SKIPPED: no Chromium at ${chromium} (install it with: apt-get install -y chromium, or set CHROMIUM_PATH).`;
  console.log(`\n${message}`);
  if (ci) problems.push(`${message} (not allowed in CI)`);
}

// Mobile apps: both variants' web assets built and `cap sync`ed into the committed Android and iOS
// projects, no native SDK needed (issue #15; scripts/check-mobile-apps.mjs).
if (run('mobile apps (build + cap sync, user and worker)', 'node', ['scripts/check-mobile-apps.mjs'])) passed += 1;
else failed += 1;

await postgresPass;

if (problems.length) console.log(`\nProblems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
const failures = failed + (problems.length && failed === 0 ? 1 : 0);
console.log(`\ntests: ${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures || problems.length ? 1 : 0);
