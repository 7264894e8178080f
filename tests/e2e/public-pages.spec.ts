import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';

/**
 * Issue #12: every public route, in English and in Spanish, shows its page with one main heading,
 * its own title, `<html lang>` in the chosen language, and no serious or critical accessibility
 * violation (axe, WCAG 2 A/AA). An unknown blog post is the not-found page.
 */

const LANGUAGES = [
  { lang: 'en', notFound: 'Oops! Page not found' },
  { lang: 'es', notFound: null },
] as const;

async function firstPostSlug(page: Page, lang: string): Promise<string> {
  const response = await page.request.get(`/api/blog?lang=${lang}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { posts: { slug: string }[] };
  expect(body.posts.length).toBeGreaterThanOrEqual(3);
  return body.posts[0]!.slug;
}

for (const { lang, notFound } of LANGUAGES) {
  test.describe(`public pages in ${lang}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    });

    test('each public route: a heading, its own title, the language, no serious accessibility violation', async ({ page }) => {
      const routes = ['/', '/about', '/terms', '/privacy', '/refunds', '/cancellations', '/blog', `/blog/${await firstPostSlug(page, lang)}`, '/book/tv-installation'];
      const titles = new Set<string>();
      for (const route of routes) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
        await expect(page.locator('html'), route).toHaveAttribute('lang', lang);
        await expect.poll(() => page.title(), { message: `${route} has a title` }).not.toBe('');
        titles.add(await page.title());
        expect((await seriousViolations(page)).map((v) => `${route}: ${v}`)).toEqual([]);
      }
      expect(titles.size, 'every route has its own title').toBe(routes.length);
    });

    test('an unknown blog post is the not-found page', async ({ page }) => {
      await page.goto('/blog/no-such-post-anywhere');
      await expect(page.getByText('404').first()).toBeVisible();
      if (notFound) await expect(page.getByText(notFound)).toBeVisible();
    });
  });
}
