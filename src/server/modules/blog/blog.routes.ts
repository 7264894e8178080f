/**
 * The blog's API (issue #12), open to anyone:
 * - `GET /api/blog?lang=en|es&page=N`: one page of posts, newest first; a page past the last is
 *   404 `blog_page_not_found`;
 * - `GET /api/blog/{slug}?lang=en|es`: one post with its HTML (rendered from Markdown on the
 *   server, raw HTML escaped); an unknown slug is 404 `blog_post_not_found`. A post not written
 *   in the language asked for comes in the one it has (its `language` says which).
 * Without `lang` the caller's Accept-Language decides. Posts come from `deps.blog`, read at start.
 */
import { blogListAnswer, blogPostAnswer } from './blog-answers';
import { blogListQuerySchema, blogListSchema, blogPostParamsSchema, blogPostQuerySchema, blogPostSchema } from '../../../domain/blog-contract';
import { AppError } from '../../lib/errors';
import { apiRouter, defineRoute, errorResponses, jsonContent } from '../../lib/openapi';

const listRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'anonymous',
  tags: ['Blog'],
  summary: 'One page of blog posts, newest first',
  request: { query: blogListQuerySchema },
  responses: { 200: jsonContent(blogListSchema, 'The page of posts'), ...errorResponses(400, 404) },
});

const postRoute = defineRoute({
  method: 'get',
  path: '/{slug}',
  access: 'anonymous',
  tags: ['Blog'],
  summary: 'One blog post with its HTML',
  request: { params: blogPostParamsSchema, query: blogPostQuerySchema },
  responses: { 200: jsonContent(blogPostSchema, 'The post'), ...errorResponses(400, 404) },
});

export const blogRoutes = apiRouter()
  .openapi(listRoute, (c) => {
    const { lang, page } = c.req.valid('query');
    const list = blogListAnswer(c.var.deps.blog, lang ?? c.var.lang, page);
    if (!list) throw new AppError(404, 'blog_page_not_found', 'blog.errors.pageNotFound');
    return c.json(list, 200);
  })
  .openapi(postRoute, (c) => {
    const { slug } = c.req.valid('param');
    const { lang } = c.req.valid('query');
    const post = blogPostAnswer(c.var.deps.blog, slug, lang ?? c.var.lang);
    if (!post) throw new AppError(404, 'blog_post_not_found', 'blog.errors.postNotFound');
    return c.json(post, 200);
  });
