/** Blog API answers for component tests, shaped by the contract (src/domain/blog-contract.ts). */
import type { BlogList, BlogPost, BlogPostSummary } from '@/domain/blog-contract';

export function summary(overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  return {
    slug: 'tv-mounting-drywall-vs-concrete-block',
    language: 'en',
    title: 'Mounting a TV on Drywall vs. Concrete Block',
    description: 'How a TV mount is anchored safely in each kind of wall.',
    date: '2026-10-06',
    updated: null,
    cover: { src: '/images/blog/tv-mounting-drywall-vs-concrete-block.svg', alt: 'A TV on a wall mount' },
    readingMinutes: 5,
    service: 'tv-installation',
    ...overrides,
  };
}

export function list(posts: BlogPostSummary[], overrides: Partial<BlogList> = {}): BlogList {
  return { language: 'en', posts, page: 1, pageCount: 1, pageSize: 6, total: posts.length, ...overrides };
}

export function post(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    ...summary(),
    html: '<h2>First, find out what is behind the wall</h2>\n<p>Knock on the wall and <a href="/book/tv-installation">book</a>.</p>\n',
    translations: ['en', 'es'],
    socialImage: '/images/blog/tv-mounting-drywall-vs-concrete-block.jpg',
    ...overrides,
  };
}
