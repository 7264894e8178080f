/**
 * Lighthouse (mobile, the default form factor) performance, accessibility and SEO scores for `/`,
 * `/book/tv-installation`, `/blog` and `/terms` (issue #12: SEO and accessibility 100 on the
 * public pages) against `npm start` on a fresh embedded database. Uses Debian's
 * Chromium (CHROME_PATH, default /usr/bin/chromium) and Lighthouse from the npm registry
 * through npx. Run: `npm run bench:lighthouse`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = 4399;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-lh-'));
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

spawnSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
const server = spawn('node', ['--import', 'tsx', 'src/server/index.ts'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
try {
  for (let i = 0; i < 60; i++) {
    const ok = await fetch(`http://localhost:${port}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log('| page | performance | accessibility | SEO | LCP (ms) | TBT (ms) | CLS |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const failures = [];
  for (const page of ['/', '/book/tv-installation', '/blog', '/terms']) {
    const out = path.join(dataDir, `lh-${page.replace(/\W+/g, '_')}.json`);
    const run = spawnSync(
      'npx',
      ['--yes', 'lighthouse@13', `http://localhost:${port}${page}`, '--output=json', `--output-path=${out}`, '--quiet', '--only-categories=performance,accessibility,seo', `--chrome-flags=${flags}`],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (run.status !== 0 || !fs.existsSync(out)) {
      console.log(`| ${page} | failed | | | | | |`);
      continue;
    }
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const score = (c) => Math.round(report.categories[c].score * 100);
    const audit = (a) => report.audits[a].numericValue;
    console.log(`| ${page} | ${score('performance')} | ${score('accessibility')} | ${score('seo')} | ${Math.round(audit('largest-contentful-paint'))} | ${Math.round(audit('total-blocking-time'))} | ${audit('cumulative-layout-shift').toFixed(3)} |`);
    // What keeps accessibility or SEO under 100, so the score can be acted on.
    for (const category of ['accessibility', 'seo']) {
      const failing = report.categories[category].auditRefs.filter((ref) => ref.weight > 0 && report.audits[ref.id].score !== null && report.audits[ref.id].score < 1);
      for (const ref of failing) failures.push(`${page} ${category}: ${ref.id} (${report.audits[ref.id].title})`);
    }
  }
  for (const failure of failures) console.log(`- ${failure}`);
} finally {
  server.kill('SIGTERM');
}
