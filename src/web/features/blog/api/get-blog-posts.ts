/** `GET /api/blog?lang=&page=`: one page of posts, newest first (anyone may read it); a page past the last is a 404 ApiError. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogLanguage, BlogList } from '@/domain/blog-contract';
import { apiFetch } from '@/web/lib/api-client';
import { blogKeys } from './keys';
import { retryUnlessNotFound } from './retry-unless-not-found';

export function blogPostsQueryOptions(language: BlogLanguage, page: number) {
  const query = new URLSearchParams({ lang: language, page: String(page) });
  return queryOptions({
    queryKey: blogKeys.list(language, page),
    queryFn: ({ signal }) => apiFetch<BlogList>(`/api/blog?${query}`, { signal }),
    // the previous page stays on screen while the next one loads
    placeholderData: keepPreviousData,
    retry: retryUnlessNotFound,
  });
}

export function useBlogPosts(language: BlogLanguage, page: number) {
  return useQuery(blogPostsQueryOptions(language, page));
}
