/**
 * Issue #12, the blog's API: `GET /api/blog` (newest first, pages, language) and
 * `GET /api/blog/{slug}` (language and fallback, 404 for an unknown slug, raw HTML never
 * surviving), on the posts of test-posts/ (pages of 2), through the real app.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { loadBlogLibrary } from './blog-library';

const TEST_POSTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-posts');

/** The fixture's slugs, newest first (alpha and beta share a day: by slug). */
const NEWEST_FIRST = ['newest-post', 'spanish-only', 'middle-post', 'alpha-tie', 'beta-tie', 'oldest-post', 'unsafe-html'];

describe(`blog API (${databaseKind})`, () => {
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.request(url, { headers });
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    t = await createTestApp();
    app = createApp({ ...t.deps, blog: loadBlogLibrary(TEST_POSTS_DIR, { pageSize: 2 }) });
  });
  afterAll(() => t?.close());

  it('lists every post once, newest first, two to a page, and says how many pages there are', async () => {
    const slugs: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const { status, body } = await get(`/api/blog?lang=en&page=${page}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ language: 'en', page, pageCount: 4, pageSize: 2, total: 7 });
      expect(body.posts.length).toBe(page < 4 ? 2 : 1);
      slugs.push(...body.posts.map((p: { slug: string }) => p.slug));
    }
    expect(slugs).toEqual(NEWEST_FIRST);
  });

  it('starts at page 1, and answers a page past the last with 404 and bad page numbers with 400', async () => {
    expect((await get('/api/blog?lang=en')).body.posts.map((p: { slug: string }) => p.slug)).toEqual(['newest-post', 'spanish-only']);
    const past = await get('/api/blog?lang=en&page=5');
    expect(past.status).toBe(404);
    expect(past.body.code).toBe('blog_page_not_found');
    for (const bad of ['0', '-1', '1.5', 'two', '99999']) {
      const response = await get(`/api/blog?page=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      expect(Object.keys(response.body.details)).toEqual(['query.page']);
    }
    expect((await get('/api/blog?lang=fr')).status).toBe(400);
  });

  it('gives a summary of each post without its body', async () => {
    const { body } = await get('/api/blog?lang=en&page=1');
    expect(body.posts[0]).toEqual({
      slug: 'newest-post',
      language: 'en',
      title: 'The newest post in English',
      description: "A test post used by the blog's API tests; it says little on purpose, but enough to pass.",
      date: '2026-03-20',
      updated: '2026-03-22',
      cover: { src: '/images/blog/tv-mounting-drywall-vs-concrete-block.svg', alt: 'A test cover picture' },
      readingMinutes: 1,
      service: null,
    });
  });

  it('lists posts in Spanish where written, and the others in the language they have', async () => {
    const posts: { slug: string; language: string; title: string }[] = [];
    for (let page = 1; page <= 4; page++) posts.push(...(await get(`/api/blog?lang=es&page=${page}`)).body.posts);
    expect(posts.map((p) => [p.slug, p.language])).toEqual([
      ['newest-post', 'es'],
      ['spanish-only', 'es'],
      ['middle-post', 'es'],
      ['alpha-tie', 'en'],
      ['beta-tie', 'en'],
      ['oldest-post', 'en'],
      ['unsafe-html', 'en'],
    ]);
    expect(posts[0]!.title).toBe('El artículo más nuevo en español');
  });

  it('takes the language from Accept-Language when the query names none', async () => {
    expect((await get('/api/blog', { 'Accept-Language': 'es-MX,es;q=0.9' })).body.posts[0]).toMatchObject({ slug: 'newest-post', language: 'es' });
    expect((await get('/api/blog/middle-post', { 'Accept-Language': 'es' })).body.language).toBe('es');
    expect((await get('/api/blog/middle-post')).body.language).toBe('en');
  });

  it('serves a post in the language asked for, with its HTML and the languages it is written in', async () => {
    const es = await get('/api/blog/middle-post?lang=es');
    expect(es.status).toBe(200);
    expect(es.body).toMatchObject({ slug: 'middle-post', language: 'es', title: 'El artículo del medio en español', translations: ['en', 'es'], service: 'painting', socialImage: '/images/social-card.jpg' });
    expect(es.body.html).toBe('<h2>Medio</h2>\n<p>Un texto en español con un <a href="/book/painting">enlace</a>.</p>\n');
    expect(es.body).not.toHaveProperty('wordCount');
    const en = await get('/api/blog/middle-post?lang=en');
    expect(en.body).toMatchObject({ language: 'en', title: 'The middle post in English' });
    expect(en.body.html).toContain('<strong>bold</strong>');
  });

  it('serves a post not yet translated in the language it has', async () => {
    const { status, body } = await get('/api/blog/spanish-only?lang=en');
    expect(status).toBe(200);
    expect(body).toMatchObject({ slug: 'spanish-only', language: 'es', translations: ['es'] });
  });

  it('answers an unknown slug, or one that cannot be a slug, with 404', async () => {
    for (const slug of ['no-such-post', 'Middle-Post', 'middle_post', '..%2Fmiddle-post', 'a'.repeat(120)]) {
      const { status, body } = await get(`/api/blog/${slug}?lang=en`);
      expect(status, slug).toBe(404);
      expect(body.code).toMatch(/^(blog_post_not_found|not_found)$/);
    }
    const { body } = await get('/api/blog/no-such-post', { 'Accept-Language': 'es' });
    expect(body).toEqual({ message: 'No hay ningún artículo del blog en esta dirección.', code: 'blog_post_not_found', details: null, hint: null });
  });

  it('escapes raw HTML in a post: no script, no event handler, no javascript: or data: link survives', async () => {
    const { body } = await get('/api/blog/unsafe-html?lang=en');
    const html: string = body.html;
    // shown as text (the quotes may come out typographic)
    expect(html).toMatch(/<p>&lt;script&gt;alert\(.xss.\)&lt;\/script&gt;<\/p>/);
    expect(html).toMatch(/&lt;img src=.x. onerror=.alert\(.img.\).&gt;/);
    expect(html).toMatch(/&lt;div onmouseover=.alert\(.div.\).&gt;A block of HTML&lt;\/div&gt;/);
    // as markup: none of these elements, no event handler attribute
    expect(html).not.toMatch(/<(script|img|div|iframe)\b/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).not.toMatch(/src="(javascript|data):/i);
    expect(html).not.toContain('href="//evil.example');
    // the allowed links stay links
    expect(html).toContain('<a href="https://www.example.com/guide" rel="noopener noreferrer">A good link</a>');
    expect(html).toContain('<a href="/book/tv-installation">our booking page</a>');
    // the front matter's text is data: the API gives it as it is written, for the page to escape
    expect(body.title).toBe('Unsafe "quotes" & <b>tags</b> </script><script>alert(\'title\')</script>');
  });
});
