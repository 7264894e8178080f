/**
 * Lighthouse (mobile, the default form factor: simulated slow 4G and a 4x slower CPU) on `/`,
 * `/book/tv-installation`, `/terms` and `/blog` (issue #16 targets: performance >= 95, LCP <= 2.0 s,
 * TBT <= 150 ms, CLS <= 0.05, accessibility 100; issue #12: SEO 100), each page measured twice in
 * the same run against the same build (`npm run build`: dist/, compiled server):
 *  - prerendered: the build as served (docs/decisions/036-prerendered-public-pages.md);
 *  - client-rendered: the same build without its prerendered pages (what the server answered
 *    before), as the reference on this noisy machine.
 * Fresh embedded databases; Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) and
 * Lighthouse 13 from the npm registry through npx. `BENCH_RUNS=N` (default 5) runs each
 * measurement N times and reports Lighthouse's median run: five runs and their median, as
 * Lighthouse's documentation on variability advises (docs/variability.md, "Run Lighthouse multiple
 * times"), picked with Lighthouse's own `computeMedianRun` (the run nearest the median first
 * contentful paint and time to interactive; core/lib/median-run.js, the same file in Lighthouse
 * 11, installed here as `lighthouse-pwa`, and 13). Under the table, each page's median run is
 * checked against the issue's targets, and every run's performance, LCP and TBT are listed with
 * how many runs met each target. A run Lighthouse cannot finish is tried again (twice at most).
 * `BENCH_PAGES=/,/terms` measures only those pages. `BENCH_THROTTLING=devtools` applies the same slow 4G and 4x CPU to the real
 * page load instead of simulating them from an unthrottled one (Lighthouse's `--throttling-method`;
 * the default, `simulate`, is what PageSpeed Insights reports). `BENCH_SERVED=prerendered` measures
 * only that build. Each run starts once the machine is quiet (`settle`). After the table, every
 * run's performance, LCP and TBT are listed.
 * Run: `npm run bench:lighthouse`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { computeMedianRun } from 'lighthouse-pwa/core/lib/median-run.js';
import { waitForQuietMachine } from './quiet-machine.mjs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const runs = Number(process.env.BENCH_RUNS ?? 5);
const throttling = process.env.BENCH_THROTTLING ?? 'simulate';
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : ['/', '/book/tv-installation', '/terms', '/blog'];
/** Issue #16's targets (and issue #12's SEO 100), each a check of one Lighthouse report. */
const TARGETS = [
  ['performance >= 95', (r) => Math.round(r.categories.performance.score * 100) >= 95],
  ['LCP <= 2.0 s', (r) => r.audits['largest-contentful-paint'].numericValue <= 2000],
  ['TBT <= 150 ms', (r) => r.audits['total-blocking-time'].numericValue <= 150],
  ['CLS <= 0.05', (r) => r.audits['cumulative-layout-shift'].numericValue <= 0.05],
  ['accessibility 100', (r) => r.categories.accessibility.score === 1],
  ['SEO 100', (r) => r.categories.seo.score === 1],
];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-lh-'));

spawnSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
// The reference: the same build, every page answered with the bare index.html.
const clientRendered = path.join(work, 'dist-client-rendered');
fs.cpSync('dist', clientRendered, { recursive: true });
fs.rmSync(path.join(clientRendered, 'prerendered'), { recursive: true, force: true });

const servers = [
  { name: 'prerendered', port: 4399, dist: path.resolve('dist') },
  { name: 'client-rendered', port: 4398, dist: clientRendered },
].filter((server) => !process.env.BENCH_SERVED || server.name === process.env.BENCH_SERVED).map((server) => ({
  ...server,
  process: spawn('node', ['dist-server/index.js'], {
    env: { ...process.env, PORT: String(server.port), DATA_DIR: fs.mkdtempSync(path.join(work, 'data-')), WEB_DIST_DIR: server.dist, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  }),
}));

/**
 * Waits until the machine is quiet (under a fifth of one core busy over 500 ms, at most 30 s):
 * the servers' start-up work (migrations, seeding, the first background jobs) and the previous
 * run's Chromium shutting down otherwise land in a run's main-thread tasks, which the simulation
 * multiplies by four.
 */
const settle = () => waitForQuietMachine({ share: 0.2, windowMs: 500, maxMs: 30_000 });

function lighthouse(url, out) {
  const run = spawnSync(
    'npx',
    ['--yes', 'lighthouse@13', url, '--output=json', `--output-path=${out}`, '--quiet', `--throttling-method=${throttling}`, '--only-categories=performance,accessibility,seo', `--chrome-flags=${flags}`],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return run.status === 0 && fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : null;
}

try {
  for (const server of servers) {
    for (let i = 0; i < 120; i++) {
      if (await fetch(`http://localhost:${server.port}/api/health`).then((r) => r.ok).catch(() => false)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  console.log(`Lighthouse 13, mobile, throttling: ${throttling}, the median run of ${runs} (Lighthouse's computeMedianRun)`);
  console.log('| page | served | performance | accessibility | SEO | FCP (ms) | LCP (ms) | TBT (ms) | CLS |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const failures = [];
  const verdicts = [];
  const everyRun = [];
  for (const page of PAGES) {
    for (const server of servers) {
      const reports = [];
      // A run Lighthouse cannot finish (e.g. NO_NAVSTART: a trace without the navigation) is tried again, twice at most.
      let failed = 0;
      while (reports.length < runs && failed <= 2) {
        await settle();
        const report = lighthouse(`http://localhost:${server.port}${page}`, path.join(work, `lh-${server.name}-${page.replace(/\W+/g, '_')}-${reports.length}-${failed}.json`));
        if (report) reports.push(report);
        else failed += 1;
      }
      const figures = reports.map((r) => `${Math.round(r.categories.performance.score * 100)} / ${Math.round(r.audits['largest-contentful-paint'].numericValue)} / ${Math.round(r.audits['total-blocking-time'].numericValue)}`);
      const metEveryRun = TARGETS.map(([name, met]) => `${name} ${reports.filter(met).length}/${reports.length}`);
      everyRun.push(`- ${page} (${server.name}), each run's performance / LCP ms / TBT ms: ${figures.join('; ')}${reports.length < runs ? ` (${runs - reports.length} run(s) did not finish)` : ''}; runs meeting each target: ${metEveryRun.join(', ')}`);
      if (!reports.length) {
        console.log(`| ${page} | ${server.name} | failed | | | | | | |`);
        continue;
      }
      const report = computeMedianRun(reports);
      const score = (c) => Math.round(report.categories[c].score * 100);
      const audit = (a) => report.audits[a].numericValue;
      console.log(
        `| ${page} | ${server.name} | ${score('performance')} | ${score('accessibility')} | ${score('seo')} | ${Math.round(audit('first-contentful-paint'))} | ${Math.round(audit('largest-contentful-paint'))} | ${Math.round(audit('total-blocking-time'))} | ${audit('cumulative-layout-shift').toFixed(3)} |`,
      );
      const missed = TARGETS.filter(([, met]) => !met(report)).map(([name]) => name);
      if (server.name === 'prerendered') verdicts.push(`- ${page}: ${missed.length ? `median run misses ${missed.join(', ')}` : 'median run meets every target'}`);
      // What keeps accessibility or SEO under 100, so the score can be acted on.
      for (const category of ['accessibility', 'seo']) {
        const failing = report.categories[category].auditRefs.filter((ref) => ref.weight > 0 && report.audits[ref.id].score !== null && report.audits[ref.id].score < 1);
        for (const ref of failing) failures.push(`${page} (${server.name}) ${category}: ${ref.id} (${report.audits[ref.id].title})`);
      }
    }
  }
  console.log(`\nTargets (issue #16), on each page's median run as served (prerendered):`);
  for (const line of verdicts) console.log(line);
  console.log('\nEvery run:');
  for (const line of everyRun) console.log(line);
  for (const failure of failures) console.log(`- ${failure}`);
} finally {
  for (const server of servers) server.process.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
}
