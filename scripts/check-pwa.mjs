/**
 * `node scripts/check-pwa.mjs`: the installable web app's checks (issue #15, "Lighthouse's PWA
 * installability checks pass (manifest, service worker, offline page)") against the production
 * build, served by the real server on its own port and a fresh data directory.
 *
 *  1. Lighthouse 11.7 (package `lighthouse-pwa`: Lighthouse 12 dropped the PWA category), PWA
 *     category only, on `/`, with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 *     Every automated audit of that category must pass: installable-manifest (Chrome's own
 *     installability check: manifest, icons, service worker), splash-screen, themed-omnibox,
 *     maskable-icon, viewport, content-width.
 *  2. Lighthouse 11 has no service-worker or offline audit of its own any more, so the same
 *     Chromium, driven by playwright-core, checks what those audits did: the worker controls
 *     the start_url, the start_url answers 200 with the app offline, and a page that cannot work
 *     offline (the server-rendered /api/docs) answers with the offline page.
 *
 * Prints a table; exits non-zero when a check fails. Options: `--json FILE` writes
 * `{passed, failed, checks}` (scripts/test.mjs counts them as tests). Environment: WEB_DIST_DIR
 * (default dist/; build first: `node scripts/build-web.mjs`), PWA_CHECK_PORT (default 4397).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const port = Number(process.env.PWA_CHECK_PORT ?? 4397);
const origin = `http://localhost:${port}`;
const distDir = path.resolve(process.env.WEB_DIST_DIR ?? 'dist');
const chrome = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const jsonIndex = process.argv.indexOf('--json');
const jsonOutput = jsonIndex > 0 ? process.argv[jsonIndex + 1] : null;

/** The automated audits of Lighthouse 11.7's `pwa` category (core/config/default-config.js). */
const LIGHTHOUSE_AUDITS = ['installable-manifest', 'splash-screen', 'themed-omnibox', 'maskable-icon', 'viewport', 'content-width'];

/** @type {Array<{ check: string; source: string; ok: boolean; detail: string }>} */
const checks = [];
const record = (check, source, ok, detail = '') => checks.push({ check, source, ok, detail });

function finish() {
  console.log('\n| check | by | result | detail |');
  console.log('| --- | --- | --- | --- |');
  for (const c of checks) console.log(`| ${c.check} | ${c.source} | ${c.ok ? 'pass' : 'FAIL'} | ${c.detail.split('\n')[0].replace(/\|/g, '/').slice(0, 160)} |`);
  const passed = checks.filter((c) => c.ok).length;
  const failed = checks.length - passed;
  console.log(`\nPWA checks: ${passed} passed, ${failed} failed`);
  if (jsonOutput) fs.writeFileSync(jsonOutput, JSON.stringify({ passed, failed, checks }, null, 2));
  return failed === 0 && checks.length > 0;
}

if (!fs.existsSync(path.join(distDir, 'index.html')) || !fs.existsSync(path.join(distDir, 'sw.js'))) {
  record('build present', 'this script', false, `no index.html and sw.js in ${distDir}: run \`node scripts/build-web.mjs\` first`);
  process.exit(finish() ? 0 : 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-pwa-check-'));
// The compiled server, as production runs it (built or refreshed first).
spawnSync('node', ['scripts/ensure-build.mjs', '--server'], { stdio: 'inherit' });
const server = spawn('node', ['dist-server/index.js'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST_DIR: distDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) return false;
    const ok = await fetch(`${origin}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

function runLighthouse() {
  const out = path.join(dataDir, 'lighthouse-pwa.json');
  const run = spawnSync(
    process.execPath,
    ['node_modules/lighthouse-pwa/cli/index.js', `${origin}/`, '--output=json', `--output-path=${out}`, '--quiet', '--only-categories=pwa', `--chrome-flags=${chromeFlags.join(' ')}`],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 },
  );
  if (run.status !== 0 || !fs.existsSync(out)) {
    record('lighthouse run', 'Lighthouse 11', false, `exited with ${run.status ?? run.signal}`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const inCategory = new Set(report.categories.pwa.auditRefs.map((ref) => ref.id));
  for (const id of LIGHTHOUSE_AUDITS) {
    const audit = report.audits[id];
    if (!audit || !inCategory.has(id)) {
      record(id, `Lighthouse ${report.lighthouseVersion}`, false, 'audit missing from the pwa category');
      continue;
    }
    const reasons = (audit.details?.items ?? []).map((item) => item.reason).filter(Boolean);
    record(id, `Lighthouse ${report.lighthouseVersion}`, audit.score === 1, audit.score === 1 ? audit.title : [audit.title, ...reasons, audit.errorMessage].filter(Boolean).join('; '));
  }
}

async function checkOffline() {
  const browser = await chromium.launch({ executablePath: chrome, args: chromeFlags.filter((flag) => flag !== '--headless') });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    const controller = await page
      .evaluate(async () => {
        await navigator.serviceWorker.ready;
        for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100));
        return navigator.serviceWorker.controller?.scriptURL ?? null;
      })
      .catch((error) => `error: ${error.message}`);
    record('service worker controls start_url', 'playwright', typeof controller === 'string' && controller.endsWith('/sw.js'), String(controller));

    await context.setOffline(true);
    const start = await page.goto(`${origin}/`).catch((error) => error);
    const startOk = !(start instanceof Error) && start?.status() === 200 && (await page.getByRole('banner').first().waitFor({ timeout: 10_000 }).then(() => true, () => false));
    record('start_url responds 200 offline', 'playwright', startOk, start instanceof Error ? start.message : `status ${start?.status()}, app drawn: ${startOk}`);

    const docs = await page.goto(`${origin}/api/docs`).catch((error) => error);
    const offlinePage = !(docs instanceof Error) && (await page.locator('main > section[lang="en"] h1').waitFor({ timeout: 10_000 }).then(() => true, () => false));
    record('offline page for what needs the network', 'playwright', offlinePage, docs instanceof Error ? docs.message : `/api/docs offline: ${offlinePage ? await page.title() : 'no offline page'}`);
  } finally {
    await browser.close();
  }
}

let ok = false;
try {
  if (!(await waitForServer())) {
    record('server start', 'this script', false, `no answer from ${origin}/api/health`);
  } else {
    runLighthouse();
    await checkOffline().catch((error) => record('offline checks', 'playwright', false, error.message));
  }
} finally {
  const exited = new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  ok = finish();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
