/**
 * What the server puts in a page's <head> (and, for the blog, in its body) when it answers an
 * HTML route (issue #12, docs/decisions/018-seo-and-blog.md): the HTTP status, title,
 * description, robots, canonical URL, hreflang alternates, Open Graph / Twitter card and JSON-LD,
 * in the language of the URL (`?lang=es` Spanish, else English). The texts are the locale files'
 * (`seo.*`, `publicPages.*`, `blog.*`), the same the browser shows; the numbers are the settings'.
 *
 * - public pages (home, policies, blog, posts, booking pages): indexed, canonical + alternates;
 * - app pages (sign-in, accounts, staff areas): 200, `noindex`, the site's title;
 * - anything else, an unknown post or service, a blog page past the last: 404, `noindex`, the
 *   not-found title (the browser shows "Oops! Page not found").
 */
import type { TFunction } from 'i18next';
import type { BlogLanguage, BlogList, BlogPost } from '../../../domain/blog-contract';
import { formatCalendarDate } from '../../../domain/format';
import { blogPageOf, bookingDescriptionValues, homeDescriptionValues } from '../../../domain/page-texts';
import { pageTitle } from '../../../domain/page-title';
import {
  canonicalPathOf,
  DEFAULT_SOCIAL_IMAGE,
  languageOfSearch,
  localizedPath,
  sitePageOf,
  SITE_LANGUAGES,
  type PolicyPage,
  type SiteLanguage,
  type SitePage,
} from '../../../domain/site-pages';
import { translator } from '../../lib/i18n';
import type { BlogLibrary } from '../blog/blog-library';
import { escapeHtml } from './html-text';
import type { SiteFacts } from './site-facts';
import { blogPostingJsonLd, businessJsonLd, serviceJsonLd } from './structured-data';

export interface PageHead {
  status: 200 | 404;
  /** The page's language (the <html lang>). */
  language: SiteLanguage;
  title: string;
  description: string;
  /** Keep the page out of search results. */
  noindex: boolean;
  /** Absolute URL, for public pages only. */
  canonical: string | null;
  /** hreflang -> absolute URL, `x-default` included (public pages only). */
  alternates: { hreflang: string; href: string }[];
  /** Open Graph / Twitter card; null for pages that are not shared. */
  social: { type: 'website' | 'article'; siteName: string; image: string; imageAlt: string; publishedTime?: string; modifiedTime?: string } | null;
  jsonLd: Record<string, unknown>[];
  /** HTML for inside the app's root element, readable before (and without) JavaScript; null for none. */
  body: string | null;
}

export interface PageHeadSources {
  /** The site's address (config.publicBaseUrl), no trailing slash. */
  base: string;
  blog: BlogLibrary;
  /** The settings' facts; read only by the pages that state them (home, booking pages). */
  facts: () => Promise<SiteFacts>;
}

/** A message, or `fallback` when the locale files do not have the key (the translator answers the key). */
function textOr(t: TFunction, key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

const titled = (t: TFunction, name: string) => pageTitle(name, t);

/** hreflang alternates for the languages a page exists in, English as x-default (else the first). */
function alternatesOf(base: string, pathIn: (language: SiteLanguage) => string, languages: readonly SiteLanguage[]): PageHead['alternates'] {
  const fallback = languages.includes('en') ? 'en' : languages[0]!;
  return [...languages.map((language) => ({ hreflang: language, href: `${base}${pathIn(language)}` })), { hreflang: 'x-default', href: `${base}${pathIn(fallback)}` }];
}

function websiteCard(t: TFunction, base: string): PageHead['social'] {
  return { type: 'website', siteName: t('seo.siteName'), image: `${base}${DEFAULT_SOCIAL_IMAGE}`, imageAlt: t('structuredData.socialImageAlt') };
}

function notFoundHead(language: SiteLanguage): PageHead {
  const t = translator(language);
  return {
    status: 404,
    language,
    title: titled(t, t('seo.notFound.title')),
    description: t('notFound.body'),
    noindex: true,
    canonical: null,
    alternates: [],
    social: null,
    jsonLd: [],
    body: null,
  };
}

/** The head (and blog body) of the page at `url`. */
export async function pageHeadFor(url: URL, sources: PageHeadSources): Promise<PageHead> {
  const language = languageOfSearch(url.searchParams);
  const page = sitePageOf(url.pathname);
  const t = translator(language);
  const { base } = sources;
  const publicHead = (p: SitePage, fields: Pick<PageHead, 'title' | 'description'> & Partial<PageHead>, options: { blogPage?: number } = {}): PageHead => ({
    status: 200,
    language,
    noindex: false,
    canonical: `${base}${canonicalPathOf(p, language, options)}`,
    alternates: alternatesOf(base, (l) => canonicalPathOf(p, l, options)!, SITE_LANGUAGES),
    social: websiteCard(t, base),
    jsonLd: [],
    body: null,
    ...fields,
  });

  switch (page.kind) {
    case 'home': {
      const facts = await sources.facts();
      return publicHead(page, {
        title: t('seo.home.title'),
        description: t('seo.home.description', homeDescriptionValues(facts.services, facts.contactPromiseMinutes, language)),
        jsonLd: [businessJsonLd(facts, { base, language, t })],
      });
    }
    case 'policy':
      return publicHead(page, policyTexts(t, page.page));
    case 'booking': {
      const facts = await sources.facts();
      const service = facts.services.find((s) => s.slug === page.service);
      const name = t(`services.${page.service}.name`);
      const serviceData = serviceJsonLd(facts, page.service, { base, language, t });
      return publicHead(page, {
        title: titled(t, t('seo.booking.title', { service: name })),
        description: service ? t(`seo.booking.description.${page.service}`, bookingDescriptionValues(service.unitPriceCents, facts.contactPromiseMinutes, language)) : t('structuredData.defaultDescription'),
        jsonLd: serviceData ? [serviceData] : [],
      });
    }
    case 'blog': {
      const pageNumber = blogPageOf(url.searchParams.get('page'));
      const list = sources.blog.list(language, pageNumber);
      if (!list) return notFoundHead(language);
      return publicHead(
        page,
        {
          title: titled(t, pageNumber > 1 ? t('blog.head.pageTitle', { page: pageNumber }) : t('blog.head.title')),
          description: t('blog.head.description'),
          body: blogListBody(list, language, t),
        },
        { blogPage: pageNumber },
      );
    }
    case 'blog-post': {
      const post = sources.blog.post(page.slug, language);
      if (!post) return notFoundHead(language);
      // The version served may be the other language (not translated): its own URL is canonical.
      const canonical = `${base}${canonicalPathOf(page, post.language)}`;
      return {
        status: 200,
        language,
        title: titled(t, post.title),
        description: post.description,
        noindex: false,
        canonical,
        alternates: alternatesOf(base, (l) => canonicalPathOf(page, l)!, post.translations),
        social: { type: 'article', siteName: t('seo.siteName'), image: `${base}${post.socialImage}`, imageAlt: post.cover.alt, publishedTime: post.date, modifiedTime: post.updated ?? undefined },
        jsonLd: [blogPostingJsonLd(post, canonical, { base, language, t })],
        body: blogPostBody(post, language, t),
      };
    }
    case 'app':
      return {
        status: 200,
        language,
        title: t('seo.siteName'),
        description: t('structuredData.defaultDescription'),
        noindex: true,
        canonical: null,
        alternates: [],
        social: null,
        jsonLd: [],
        body: null,
      };
    default:
      return notFoundHead(language);
  }
}

/**
 * A policy or company page's title and description: `publicPages.<page>.*` from the locale
 * files, else the footer's link text and the site's description.
 */
function policyTexts(t: TFunction, page: PolicyPage): { title: string; description: string } {
  return {
    title: titled(t, textOr(t, `publicPages.${page}.title`, t(`footer.${page}`))),
    description: textOr(t, `publicPages.${page}.description`, t('structuredData.defaultDescription')),
  };
}

// ---- the blog's pages without JavaScript ----------------------------------------------------

function postMeta(post: Pick<BlogPost, 'date' | 'updated' | 'readingMinutes'>, language: SiteLanguage, t: TFunction): string {
  const dates = [t('blog.published', { date: formatCalendarDate(post.date, language, 'long') }), ...(post.updated ? [t('blog.updated', { date: formatCalendarDate(post.updated, language, 'long') })] : [])];
  return escapeHtml([...dates, t('blog.readingTime', { minutes: post.readingMinutes })].join(' · '));
}

const langAttribute = (postLanguage: BlogLanguage, pageLanguage: SiteLanguage) => (postLanguage === pageLanguage ? '' : ` lang="${postLanguage}"`);

/** The list as plain links, inside the root element until the app renders. */
function blogListBody(list: BlogList, language: SiteLanguage, t: TFunction): string {
  const items = list.posts
    .map(
      (post) => `<li${langAttribute(post.language, language)}><article><h2 class="text-xl font-semibold"><a class="text-brand-800 underline" href="${escapeHtml(localizedPath(`/blog/${post.slug}`, post.language))}">${escapeHtml(post.title)}</a></h2><p class="text-sm text-slate-600">${postMeta(post, language, t)}</p><p class="text-slate-700">${escapeHtml(post.description)}</p></article></li>`,
    )
    .join('');
  const link = (pageNumber: number, label: string) => `<a class="text-brand-800 underline" href="${escapeHtml(localizedPath('/blog', language, { page: pageNumber > 1 ? pageNumber : undefined }))}">${escapeHtml(label)}</a>`;
  const pager = [list.page > 1 ? link(list.page - 1, t('blog.pagination.newer')) : '', list.page < list.pageCount ? link(list.page + 1, t('blog.pagination.older')) : ''].filter(Boolean).join(' ');
  return `<section class="mx-auto max-w-3xl px-4 py-10"><h1 class="text-3xl font-bold text-slate-900">${escapeHtml(t('blog.title'))}</h1><p class="mt-2 text-slate-700">${escapeHtml(t('blog.intro'))}</p><ul class="mt-8 flex flex-col gap-8">${items}</ul>${pager ? `<nav class="mt-8 flex gap-4" aria-label="${escapeHtml(t('blog.pagination.label'))}">${pager}</nav>` : ''}</section>`;
}

/** The post itself, inside the root element until the app renders. Its HTML is the sanitized rendering. */
function blogPostBody(post: BlogPost, language: SiteLanguage, t: TFunction): string {
  return `<article class="mx-auto max-w-3xl px-4 py-10"${langAttribute(post.language, language)}><p><a class="text-brand-800 underline" href="${escapeHtml(localizedPath('/blog', language))}">${escapeHtml(t('blog.allPosts'))}</a></p><h1 class="mt-4 text-3xl font-bold text-slate-900">${escapeHtml(post.title)}</h1><p class="mt-2 text-sm text-slate-600">${postMeta(post, language, t)}</p><div class="blog-prose mt-6">${post.html}</div></article>`;
}
