// @vitest-environment jsdom
/**
 * The server answers each path with a status and head tags of its own (issue #12,
 * src/domain/site-pages.ts): every route of the web app must be one it knows, or the server would
 * call a real page "not found" (404, noindex). And every public page it lists in the sitemap must
 * be a route here.
 */
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { POLICY_PAGES, sitePageOf } from '@/domain/site-pages';
import { webRoutes } from './router';

/** Every path of the route table, nested paths joined, index routes as their parent's path. */
function pathsOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    return [...(route.index || route.path !== undefined ? [own] : []), ...(route.children ? pathsOf(route.children, own) : [])];
  });
}

/** A path the route matches, with example values for its parameters. */
const example = (pattern: string) => pattern.replace(':slug', pattern.startsWith('/blog') ? 'any-post' : 'tv-installation').replace(':id', '00000000-0000-4000-8000-000000000000');

describe('the route table and the pages the server knows', () => {
  const paths = pathsOf(webRoutes).filter((p) => !p.endsWith('*'));

  it('has only routes the server answers as pages (not as not-found)', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => sitePageOf(example(p)).kind === 'not-found')).toEqual([]);
  });

  it('has a route for every public page of the sitemap', () => {
    for (const page of ['/', '/blog', '/blog/:slug', '/book/:slug', '/services/:slug/book', ...POLICY_PAGES.map((p) => `/${p}`)]) expect(paths).toContain(page);
  });

  it('sends anything else to the not-found page', () => {
    expect(pathsOf(webRoutes)).toContain('/*');
    expect(sitePageOf('/no-such-page').kind).toBe('not-found');
  });
});
