/**
 * The blog (issue #12): the front matter every post file in `content/blog/` must carry, and the
 * API contract of `GET /api/blog` and `GET /api/blog/{slug}` — shared by the server (which
 * reads and checks the posts at start, src/server/modules/blog/) and the web (features/blog/).
 *
 * A post is one Markdown file per language, `content/blog/<slug>.<language>.md`; the English
 * and Spanish versions of a post share the slug. Dates are calendar dates 'YYYY-MM-DD' (the
 * day it was published in Tampa). Images are site paths of files under `public/`. Validation
 * messages are i18n keys.
 */
import { z } from 'zod';
import { BLOG_LANGUAGES, BLOG_MAX_PAGE, BLOG_PAGE_SIZE, BLOG_SLUG_PATTERN, type BlogLanguage } from './blog-limits';
import { SERVICE_SLUGS } from './services';

export { BLOG_LANGUAGES, BLOG_MAX_PAGE, BLOG_PAGE_SIZE, BLOG_SLUG_PATTERN, type BlogLanguage };

export const blogSlugSchema = z.string().max(100).regex(BLOG_SLUG_PATTERN);
const languageSchema = z.enum(BLOG_LANGUAGES, { error: 'validation.invalid' });
const calendarDate = z.iso.date();
/** A file under public/, by its site path: `/images/blog/tv-wall.svg`. */
const imagePath = (extensions: string) => z.string().regex(new RegExp(`^/images/[a-z0-9][a-z0-9/-]*\\.(?:${extensions})$`), `an image path under /images/ ending in .${extensions.replaceAll('|', ', .')}`);

/**
 * The YAML front matter of a post file. Unknown keys are refused, so a misspelt field fails the
 * start instead of being ignored. `socialImage` is the Open Graph / Twitter card picture (social
 * sites do not show SVG); without it the site's default card image is used.
 */
export const blogFrontMatterSchema = z.strictObject({
  title: z.string().trim().min(10).max(110),
  /** One or two sentences for the list and the search result snippet (meta description). */
  description: z.string().trim().min(50).max(170),
  date: calendarDate,
  /** The last substantial revision, when there was one. */
  updated: calendarDate.optional(),
  slug: blogSlugSchema,
  language: z.enum(BLOG_LANGUAGES),
  cover: imagePath('svg|png|jpg|jpeg|webp'),
  coverAlt: z.string().trim().min(5).max(200),
  socialImage: imagePath('png|jpg|jpeg').optional(),
  /** The service the post is about: the page ends with its booking link. */
  service: z.enum(SERVICE_SLUGS).optional(),
});
export type BlogFrontMatter = z.infer<typeof blogFrontMatterSchema>;

/** `GET /api/blog` query: the language (default: the caller's Accept-Language) and the page, from 1. */
export const blogListQuerySchema = z.object({
  lang: languageSchema.optional(),
  page: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(BLOG_MAX_PAGE, { error: 'validation.invalid' }).default(1),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

/** `GET /api/blog/{slug}` query: the language wanted (default: the caller's Accept-Language). */
export const blogPostQuerySchema = z.object({ lang: languageSchema.optional() });

export const blogPostParamsSchema = z.object({ slug: blogSlugSchema });

export const blogPostSummarySchema = z
  .object({
    slug: z.string(),
    /** The language this version is written in: the one asked for, or the other one when the post is not translated. */
    language: z.enum(BLOG_LANGUAGES),
    title: z.string(),
    description: z.string(),
    date: calendarDate,
    updated: calendarDate.nullable(),
    cover: z.object({ src: z.string(), alt: z.string() }),
    /** Minutes to read at about 200 words a minute, at least 1. */
    readingMinutes: z.number().int().min(1),
    service: z.enum(SERVICE_SLUGS).nullable(),
  })
  .meta({ id: 'BlogPostSummary' });
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogListSchema = z
  .object({
    /** The language asked for. */
    language: z.enum(BLOG_LANGUAGES),
    /** Newest first (by date, then slug). */
    posts: z.array(blogPostSummarySchema),
    page: z.number().int().min(1),
    /** At least 1 (an empty blog has one empty page). */
    pageCount: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
  })
  .meta({ id: 'BlogList' });
export type BlogList = z.infer<typeof blogListSchema>;

export const blogPostSchema = blogPostSummarySchema
  .extend({
    /** The body rendered from Markdown on the server: no raw HTML from the file survives (it is escaped). */
    html: z.string(),
    /** The languages the post is written in (hreflang alternates, the language switch). */
    translations: z.array(z.enum(BLOG_LANGUAGES)),
    /** The social card picture's site path (the post's own, or the site's default). */
    socialImage: z.string(),
  })
  .meta({ id: 'BlogPost' });
export type BlogPost = z.infer<typeof blogPostSchema>;
