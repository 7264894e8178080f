/**
 * The browser's first style and layout of the prerendered public pages, without their scripts
 * (issue #16: blocking time; docs/decisions/047-first-load-requests.md, "Weighed"). Each page of a
 * build (`dist/prerendered/en/…`, `npm run build`) is loaded in Chromium at a phone's width with
 * the build's stylesheet, and again with the same stylesheet whose sans-serif stack is
 * BENCH_FONTS (default `system-ui, sans-serif` and the emoji fonts), in alternation, so the
 * machine's load hits both alike. Chromium's own counters (`Performance.getMetrics`:
 * LayoutDuration, RecalcStyleDuration) give the milliseconds of the load, unthrottled;
 * Lighthouse's simulation multiplies such a task by 4.
 *
 * Prints per page the median layout and style milliseconds of both and their ratio.
 * Run: `node bench/first-layout.mjs` (BENCH_RUNS=9, BENCH_FONTS='<a font-family list>',
 * WEB_DIST_DIR=dist, CHROMIUM_PATH=/usr/bin/chromium).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const dist = process.env.WEB_DIST_DIR ?? 'dist';
const runs = Number(process.env.BENCH_RUNS ?? 9);
const otherFonts = process.env.BENCH_FONTS ?? 'system-ui, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji"';
const PAGES = { '/': 'index.html', '/book/tv-installation': 'book/tv-installation.html', '/terms': 'terms.html', '/blog': 'blog.html' };

const prerendered = path.join(dist, 'prerendered', 'en');
if (!fs.existsSync(prerendered)) throw new Error(`No ${prerendered}: build first (npm run build).`);
const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"/;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [route, file] of Object.entries(PAGES)) {
    const source = path.join(prerendered, file);
    if (!fs.existsSync(source)) continue;
    // The page as the server sends it, less its scripts: what the browser lays out first.
    const html = fs.readFileSync(source, 'utf8').replace(/<script[\s\S]*?<\/script>/g, '').replace(/<link[^>]*modulepreload[^>]*>/g, '');
    const cssFile = stylesheet.exec(html)?.[1];
    if (!cssFile) throw new Error(`${source} links no stylesheet`);
    const css = fs.readFileSync(path.join(dist, cssFile), 'utf8');
    const variants = { build: css, other: css.replace(/--font-sans:[^;}]*/, `--font-sans:${otherFonts}`) };
    const measured = { build: [], other: [] };
    for (let run = 0; run < runs; run++) {
      for (const [name, text] of Object.entries(variants)) {
        const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
        await page.route('**/*', (request) => {
          const url = new URL(request.request().url());
          if (url.pathname === route) return request.fulfill({ contentType: 'text/html', body: html });
          if (url.pathname === cssFile) return request.fulfill({ contentType: 'text/css', body: text });
          return request.fulfill({ status: 404, body: '' });
        });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Performance.enable');
        await page.goto(`http://bench.test${route}`, { waitUntil: 'load' });
        const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
        measured[name].push({ layout: metrics.LayoutDuration * 1000, style: metrics.RecalcStyleDuration * 1000 });
        await page.close();
      }
    }
    const summary = (name, key) => median(measured[name].map((m) => m[key]));
    const line = (key) => `${key} ${summary('build', key).toFixed(1)} ms, with BENCH_FONTS ${summary('other', key).toFixed(1)} ms (${(summary('other', key) / summary('build', key)).toFixed(2)} x)`;
    console.log(`${route}: ${line('layout')}; ${line('style')} (median of ${runs} loads each)`);
  }
} finally {
  await browser.close();
}
