/**
 * The site's pages as search engines see them (issue #12, docs/decisions/018-seo-and-blog.md):
 * which paths are public and indexed, which belong to the app (sign-in, accounts, staff areas:
 * served, never indexed), how a language is written in a URL, and the canonical URL of a page.
 * Shared by the server (head tags, sitemap.xml, the HTTP status of a page) and the web (each
 * page's own title, description and canonical link). Pure: no I/O.
 *
 * A language is a query parameter: English is the bare path (`/blog`), Spanish adds `?lang=es`
 * (`/blog?lang=es`). Any other or missing value reads as English.
 */
import { isServiceSlug, type ServiceSlug } from './services';

export const SITE_LANGUAGES = ['en', 'es'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];
export const DEFAULT_SITE_LANGUAGE: SiteLanguage = 'en';
/** The query parameter that carries a page's language. */
export const LANGUAGE_PARAM = 'lang';

/** The social card picture of pages without their own (1200x630, under public/). */
export const DEFAULT_SOCIAL_IMAGE = '/images/social-card.jpg';

/** The public pages with their own texts (`publicPages.<page>.title/description`), each in the sitemap. */
export const POLICY_PAGES = ['about', 'terms', 'privacy', 'refunds', 'cancellations'] as const;
export type PolicyPage = (typeof POLICY_PAGES)[number];

/**
 * App routes that are served to anyone but are not for search engines: answered 200 with
 * `noindex`. A pattern ending in `/*` also covers every path below it. Keep in step with
 * src/web/app/router.tsx (router.test.ts checks every route there is known here).
 */
export const APP_ONLY_ROUTES = ['/auth', '/reset-password', '/settings', '/my-bookings', '/admin', '/admin/*', '/worker', '/worker/*'] as const;

/** Paths robots.txt keeps crawlers out of. */
export const CRAWLER_DISALLOWED_PATHS = ['/admin', '/worker', '/api', '/settings', '/my-bookings'] as const;

/** What a path is, for the head tags and the HTTP status. */
export type SitePage =
  | { kind: 'home' }
  | { kind: 'policy'; page: PolicyPage }
  | { kind: 'blog' }
  | { kind: 'blog-post'; slug: string }
  | { kind: 'booking'; service: ServiceSlug }
  | { kind: 'app' }
  | { kind: 'not-found' };

/** A path without its trailing slashes ('/' stays '/'). */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Which page a path shows. A booking page's service must exist (`/book/sofa` is not found);
 * a blog slug is checked by whoever knows the posts.
 */
export function sitePageOf(pathname: string): SitePage {
  const p = normalizePath(pathname);
  if (p === '/') return { kind: 'home' };
  if (p === '/blog') return { kind: 'blog' };
  const policy = POLICY_PAGES.find((page) => p === `/${page}`);
  if (policy) return { kind: 'policy', page: policy };
  const post = /^\/blog\/([^/]+)$/.exec(p);
  if (post) return { kind: 'blog-post', slug: safeDecode(post[1]!) };
  const booking = /^\/(?:book\/([^/]+)|services\/([^/]+)\/book)$/.exec(p);
  if (booking) {
    const slug = safeDecode(booking[1] ?? booking[2]!);
    return isServiceSlug(slug) ? { kind: 'booking', service: slug } : { kind: 'not-found' };
  }
  const appOnly = APP_ONLY_ROUTES.some((route) => (route.endsWith('/*') ? p.startsWith(route.slice(0, -1)) : p === route));
  return appOnly ? { kind: 'app' } : { kind: 'not-found' };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The language a URL's query asks for: `?lang=es` is Spanish, anything else English. */
export function languageOfSearch(search: string | URLSearchParams): SiteLanguage {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return params.get(LANGUAGE_PARAM) === 'es' ? 'es' : 'en';
}

/**
 * The site path of a page in a language: English is the bare path, Spanish adds `lang=es`
 * after the page's own parameters. Parameters whose value is undefined are left out.
 * @example localizedPath('/blog', 'es', { page: 2 }) === '/blog?page=2&lang=es'
 */
export function localizedPath(pathname: string, language: SiteLanguage, params: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  if (language !== DEFAULT_SITE_LANGUAGE) query.set(LANGUAGE_PARAM, language);
  const search = query.toString();
  return `${normalizePath(pathname)}${search ? `?${search}` : ''}`;
}

/** The one URL a public page is known by: booking pages by `/book/{slug}`, blog pages past the first by `?page=`. */
export function canonicalPathOf(page: SitePage, language: SiteLanguage, options: { blogPage?: number } = {}): string | null {
  switch (page.kind) {
    case 'home':
      return localizedPath('/', language);
    case 'policy':
      return localizedPath(`/${page.page}`, language);
    case 'blog':
      return localizedPath('/blog', language, { page: options.blogPage && options.blogPage > 1 ? options.blogPage : undefined });
    case 'blog-post':
      return localizedPath(`/blog/${page.slug}`, language);
    case 'booking':
      return localizedPath(`/book/${page.service}`, language);
    default:
      return null;
  }
}
