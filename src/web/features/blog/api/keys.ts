/** Query keys of the blog, all under ['blog']. */
import type { BlogLanguage } from '@/domain/blog-contract';

export const blogKeys = {
  all: ['blog'] as const,
  list: (language: BlogLanguage, page: number) => ['blog', 'list', language, page] as const,
  post: (slug: string, language: BlogLanguage) => ['blog', 'post', slug, language] as const,
};
