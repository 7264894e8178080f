/**
 * Prerenders the public pages into a web build (issue #16, docs/decisions/036-prerendered-public-pages.md):
 * every page of the sitemap (home, the policy and company pages, the blog's first page, each
 * post, each service's booking page) in each of its languages, drawn by the prerendering bundle
 * (src/web/entry-prerender.tsx) and written into the build's index.html as
 * `<dist>/prerendered/<file>` (src/server/modules/seo/prerendered-pages.ts names the files).
 * The blog pages carry the posts they were drawn with (the API's own answers, blog-answers.ts), so
 * the browser hydrates them without fetching first; every page carries the prices and dates it
 * formatted (`#prerendered-formats`), so the browser hydrates it without starting Intl.
 *
 * `node --import tsx scripts/prerender.mjs --dist DIR --bundle FILE` (scripts/build-web.mjs runs it).
 * Exits 1 when a page fails to render or the build's index.html has no empty root element.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVICE_SLUGS } from '../src/domain/services.ts';
import { canonicalPathOf } from '../src/domain/site-pages.ts';
import { blogListAnswer, blogPostAnswer } from '../src/server/modules/blog/blog-answers.ts';
import { loadBlogLibrary } from '../src/server/modules/blog/blog-library.ts';
import { jsonForScript } from '../src/server/modules/seo/html-text.ts';
import { PRERENDER_DIR, prerenderedFileOf } from '../src/server/modules/seo/prerendered-pages.ts';
import { sitemapPages } from '../src/server/modules/seo/sitemap.ts';

const arg = (name) => {
  const index = process.argv.indexOf(name);
  if (index === -1 || !process.argv[index + 1]) throw new Error(`scripts/prerender.mjs needs ${name}`);
  return process.argv[index + 1];
};
const distDir = path.resolve(arg('--dist'));
const { prerenderPage, blogKeys } = await import(pathToFileURL(path.resolve(arg('--bundle'))).href);

const ROOT = '<div id="root"></div>';
const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
if (!template.includes(ROOT)) {
  console.error(`prerender: ${distDir}/index.html has no ${ROOT}`);
  process.exit(1);
}

// React 19 writes a page's <title> and <meta> first in its output (they belong in <head>): the
// server writes the head itself on every request (page-head.ts), so they are left out here.
const HOISTED_HEAD = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)+/;

/** The build's index.html with the page inside its root element. */
function pageHtml(language, rendered) {
  const root = `<div id="root" data-prerendered="${language}">${rendered.html.replace(HOISTED_HEAD, '')}</div>`;
  const queries = rendered.queries ? `<script type="application/json" id="prerendered-queries">${jsonForScript(JSON.parse(rendered.queries))}</script>` : '';
  const formats = rendered.formats ? `<script type="application/json" id="prerendered-formats">${jsonForScript(JSON.parse(rendered.formats))}</script>` : '';
  return template.replace(ROOT, () => `${root}${queries}${formats}`);
}

/** The answers a page reads from the API that are fixed at build time (the blog's). */
function knownQueries(blog, page, language) {
  if (page.kind === 'blog') {
    const list = blogListAnswer(blog, language, 1);
    return list ? [{ queryKey: blogKeys.list(language, 1), data: list }] : [];
  }
  if (page.kind === 'blog-post') {
    const post = blogPostAnswer(blog, page.slug, language);
    return post ? [{ queryKey: blogKeys.post(page.slug, language), data: post }] : [];
  }
  return [];
}

const blog = loadBlogLibrary();
const outDir = path.join(distDir, PRERENDER_DIR);
fs.rmSync(outDir, { recursive: true, force: true });
const started = performance.now();
let written = 0;
for (const { page, languages } of sitemapPages(blog, SERVICE_SLUGS)) {
  for (const language of languages) {
    const file = prerenderedFileOf(page, language);
    if (!file) continue;
    const pagePath = canonicalPathOf(page, 'en');
    try {
      const rendered = await prerenderPage(pagePath, language, knownQueries(blog, page, language));
      fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      fs.writeFileSync(path.join(outDir, file), pageHtml(language, rendered));
      written += 1;
    } catch (error) {
      console.error(`prerender: ${pagePath} (${language}) failed:`, error);
      process.exit(1);
    }
  }
}
console.log(`prerender: ${written} pages in ${Math.round(performance.now() - started)} ms -> ${path.relative(process.cwd(), outDir)}/`);
process.exit(0);
