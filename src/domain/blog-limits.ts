/**
 * The blog's constants (issue #12), without zod, so that pages can use them without loading the
 * schema library: the languages posts are written in, posts per page, the highest page number
 * and the shape of a slug. The schemas are in blog-contract.ts.
 */

export const BLOG_LANGUAGES = ['en', 'es'] as const;
export type BlogLanguage = (typeof BLOG_LANGUAGES)[number];

/** Posts per page of `GET /api/blog`. */
export const BLOG_PAGE_SIZE = 6;
/** The highest page number a request may ask for (a larger number names nothing). */
export const BLOG_MAX_PAGE = 10_000;

/** Lower-case words joined by single hyphens: `tv-mounting-drywall-vs-concrete-block`. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
