/**
 * The public pages prerendered at build time (issue #16, docs/decisions/036-prerendered-public-pages.md):
 * where scripts/prerender.mjs writes each one and where the page handler (seo.routes.ts) finds
 * it. A prerendered page is the built index.html with the page's markup inside `<div id="root">`
 * (marked `data-prerendered="<language>"`, which main.tsx hydrates) and, for the blog, the posts
 * it was drawn with; the server still writes the page's head on every request.
 *
 * Files: `<dist>/prerendered/<language>/<page>.html` — `index`, `about`, `terms`, `privacy`,
 * `refunds`, `cancellations`, `blog` (the first page of posts), `blog/<slug>`, `book/<service>`
 * (also answers `/services/<service>/book`, the same page).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SiteLanguage, SitePage } from '../../../domain/site-pages';

/** The folder inside the web build. */
export const PRERENDER_DIR = 'prerendered';

/** The cookie the web app mirrors its `lang` choice into (lib/i18n.ts), so the first HTML is already in that language. */
export const LANGUAGE_COOKIE = 'lang';

const SAFE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The file (relative to the prerender folder) of a page in a language, or null for pages that
 * are never prerendered (app pages, unknown paths, a blog page after the first, a slug that is
 * not a plain file name).
 * @param blogPage the blog list's `?page=` (1 when absent)
 */
export function prerenderedFileOf(page: SitePage, language: SiteLanguage, blogPage = 1): string | null {
  switch (page.kind) {
    case 'home':
      return `${language}/index.html`;
    case 'policy':
      return `${language}/${page.page}.html`;
    case 'blog':
      return blogPage === 1 ? `${language}/blog.html` : null;
    case 'blog-post':
      return SAFE_SLUG.test(page.slug) ? `${language}/blog/${page.slug}.html` : null;
    case 'booking':
      return `${language}/book/${page.service}.html`;
    default:
      return null;
  }
}

/**
 * The language of the first HTML: the link's `?lang=` when it names one, else the `lang` cookie
 * (the visitor's stored choice), else English (spec section 1).
 */
export function pageLanguageOf(search: URLSearchParams, cookie: string | undefined): SiteLanguage {
  const asked = search.get('lang');
  if (asked === 'en' || asked === 'es') return asked;
  return cookie === 'es' ? 'es' : 'en';
}

/**
 * Reads prerendered pages from a build, re-reading a file when it changes (a rebuild while the
 * server runs). Answers null when the page has no prerendered file in this build.
 */
export function prerenderedPageReader(distDir: string) {
  const cache = new Map<string, { mtimeMs: number; html: string }>();
  return (file: string): string | null => {
    const full = path.join(distDir, PRERENDER_DIR, file);
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(full).mtimeMs;
    } catch {
      return null;
    }
    const cached = cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.html;
    const html = fs.readFileSync(full, 'utf8');
    cache.set(file, { mtimeMs, html });
    return html;
  };
}
