/**
 * `GET /api/blog/{slug}?lang=`: one post with its HTML, rendered and made safe on the server.
 * An unknown slug is an ApiError with status 404 (not retried).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogLanguage, BlogPost } from '@/domain/blog-contract';
import { apiFetch } from '@/web/lib/api-client';
import { blogKeys } from './keys';
import { retryUnlessNotFound } from './retry-unless-not-found';

export function blogPostQueryOptions(slug: string, language: BlogLanguage) {
  return queryOptions({
    queryKey: blogKeys.post(slug, language),
    queryFn: ({ signal }) => apiFetch<BlogPost>(`/api/blog/${encodeURIComponent(slug)}?lang=${language}`, { signal }),
    retry: retryUnlessNotFound,
  });
}

export function useBlogPost(slug: string, language: BlogLanguage) {
  return useQuery(blogPostQueryOptions(slug, language));
}
