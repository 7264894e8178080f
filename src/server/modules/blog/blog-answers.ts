/**
 * The blog's API answers (`GET /api/blog`, `GET /api/blog/{slug}`), shared by the routes and by
 * the build's prerendering (scripts/prerender.mjs), which draws the blog pages with the same data
 * the browser would fetch (issue #16).
 */
import type { BlogLanguage, BlogList, BlogPost } from '../../../domain/blog-contract';
import type { BlogLibrary } from './blog-library';

/** One page of posts, newest first; null when the page is past the last. */
export function blogListAnswer(blog: BlogLibrary, language: BlogLanguage, page: number): BlogList | null {
  return blog.list(language, page);
}

/** One post with its HTML, without the word count kept for the library's own use; null when there is none in that language. */
export function blogPostAnswer(blog: BlogLibrary, slug: string, language: BlogLanguage): BlogPost | null {
  const found = blog.post(slug, language);
  if (!found) return null;
  const { wordCount: _wordCount, ...post } = found;
  return post;
}
