/**
 * `/sitemap.xml` and `/robots.txt` (issue #12). The sitemap lists every public page in each of
 * its languages — home, the policy and company pages, the blog, the booking page of each service
 * on offer, every post — each `<url>` with its hreflang alternates (x-default: English), posts
 * with their last change as `<lastmod>`. robots.txt keeps crawlers out of the app's private areas
 * and the API, and names the sitemap.
 */
import { BLOG_LANGUAGES } from '../../../domain/blog-contract';
import { canonicalPathOf, CRAWLER_DISALLOWED_PATHS, POLICY_PAGES, SITE_LANGUAGES, type SiteLanguage, type SitePage } from '../../../domain/site-pages';
import type { ServiceSlug } from '../../../domain/services';
import type { BlogLibrary } from '../blog/blog-library';
import { escapeHtml } from './html-text';

interface SitemapPage {
  page: SitePage;
  languages: readonly SiteLanguage[];
  lastmod?: string;
}

/** The sitemap's pages: `services` are the slugs on offer (paused ones are left out). */
export function sitemapPages(blog: BlogLibrary, services: readonly ServiceSlug[]): SitemapPage[] {
  const posts = new Map<string, { languages: SiteLanguage[]; lastmod: string }>();
  for (const version of blog.versions()) {
    const entry = posts.get(version.slug) ?? { languages: [], lastmod: '' };
    entry.languages.push(version.language);
    const changed = version.updated ?? version.date;
    if (changed > entry.lastmod) entry.lastmod = changed;
    posts.set(version.slug, entry);
  }
  return [
    { page: { kind: 'home' }, languages: SITE_LANGUAGES },
    ...POLICY_PAGES.map((page) => ({ page: { kind: 'policy', page } as const, languages: SITE_LANGUAGES })),
    { page: { kind: 'blog' }, languages: SITE_LANGUAGES },
    ...services.map((service) => ({ page: { kind: 'booking', service } as const, languages: SITE_LANGUAGES })),
    ...[...posts].map(([slug, { languages, lastmod }]) => ({
      page: { kind: 'blog-post', slug } as const,
      languages: BLOG_LANGUAGES.filter((l) => languages.includes(l)),
      lastmod,
    })),
  ];
}

/** The sitemap document (sitemaps.org 0.9 with xhtml:link alternates). */
export function sitemapXml(base: string, pages: readonly SitemapPage[]): string {
  const urls = pages.flatMap(({ page, languages, lastmod }) => {
    const href = (language: SiteLanguage) => escapeHtml(`${base}${canonicalPathOf(page, language)}`);
    const fallback = languages.includes('en') ? 'en' : languages[0]!;
    const alternates = [...languages.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}"/>`), `<xhtml:link rel="alternate" hreflang="x-default" href="${href(fallback)}"/>`];
    return languages.map((language) => ['  <url>', `    <loc>${href(language)}</loc>`, ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []), ...alternates.map((a) => `    ${a}`), '  </url>'].join('\n'));
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: every crawler, the private areas and the API disallowed, the sitemap's address. */
export function robotsTxt(base: string): string {
  return ['User-agent: *', ...CRAWLER_DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
