// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { loadRouteMessages } from '@/web/lib/i18n';
import { mockApi, renderRoutes, SIGNED_OUT } from '@/web/test/render-route';
import { list, summary } from '../testing/posts';
import { Component as BlogListPage } from './blog-list-page';

const routes = [
  { path: '/blog', Component: BlogListPage },
  { path: '/blog/:slug', element: <h1>A post page</h1> },
];

const NEWEST = summary({ slug: 'how-long-furniture-assembly-takes', title: 'How Long Does Furniture Assembly Take?', date: '2026-11-10', readingMinutes: 3, service: 'furniture-assembly' });
const MIDDLE = summary({ slug: 'prepare-room-for-painting', title: 'How to Get a Room Ready for a Painting Visit', date: '2026-10-27', updated: '2026-11-01', readingMinutes: 4 });
const OLDEST = summary();

describe('blog list page', () => {
  beforeAll(() => loadRouteMessages('blog'));
  afterEach(() => {
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  });

  it('lists the posts in the order the API gives (newest first), each linked by its title, with date and reading time', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/blog': { body: list([NEWEST, MIDDLE, OLDEST]) } });
    renderRoutes(routes, { path: '/blog' });

    expect(screen.getByRole('heading', { level: 1, name: 'Home tips for Tampa homeowners' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([NEWEST.title, MIDDLE.title, OLDEST.title]);
    expect(within(items[1]!).getByText('Published October 27, 2026')).toHaveAttribute('datetime', '2026-10-27');
    expect(items[1]).toHaveTextContent('Updated November 1, 2026 · 4 min read');
    expect(within(items[0]!).getByRole('link', { name: NEWEST.title })).toHaveAttribute('href', '/blog/how-long-furniture-assembly-takes');
    // the first card's picture is on the first screen: fetched at once, first; the others when scrolled near
    const pictures = items.map((item) => item.querySelector('img')!);
    expect(pictures.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
    // one page: no page links
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).not.toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/blog'))![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: 'en', page: '1' });
  });

  it('sets the page title and description', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/blog': { body: list([NEWEST]) } });
    renderRoutes(routes, { path: '/blog' });
    await screen.findByRole('link', { name: NEWEST.title });
    expect(document.title).toBe('Home Tips for Tampa Homeowners | Tampa Same-Day Handyman');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('Practical guides from our Tampa technicians'));
  });

  it('moves between pages with ?page=, asking the API for that page', async () => {
    mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'GET /api/blog': (_, url) => {
        const page = Number(url.searchParams.get('page'));
        return { body: list(page === 1 ? [NEWEST, MIDDLE] : [OLDEST], { page, pageCount: 2, pageSize: 2, total: 3 }) };
      },
    });
    const { router } = renderRoutes(routes, { path: '/blog' });

    const pages = await screen.findByRole('navigation', { name: 'Blog pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).queryByRole('link', { name: 'Newer posts' })).not.toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('link', { name: 'Older posts' }));

    expect(await screen.findByRole('link', { name: OLDEST.title })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(document.title).toBe('Home Tips for Tampa Homeowners, Page 2 | Tampa Same-Day Handyman');
    expect(screen.getByRole('link', { name: 'Newer posts' })).toHaveAttribute('href', '/blog');
  });

  it('shows the not-found page for a page past the last', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/blog': { status: 404, body: { message: 'There is no such page of blog posts.', code: 'blog_page_not_found' } } });
    renderRoutes(routes, { path: '/blog?page=9' });
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Oops! Page not found');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('reads in Spanish: asks for Spanish posts and marks the ones only written in English', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'GET /api/blog': (_, url) =>
        url.searchParams.get('lang') === 'es'
          ? { body: list([summary({ language: 'es', title: 'Colgar un TV en drywall o en bloque de concreto' }), summary({ slug: 'english-only', title: 'Only in English' })], { language: 'es' }) }
          : { body: list([OLDEST]) },
    });
    renderRoutes(routes, { path: '/blog' });
    await i18n.changeLanguage('es');

    expect(await screen.findByRole('heading', { level: 1, name: 'Consejos para el hogar en Tampa' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Colgar un TV en drywall o en bloque de concreto' });
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Publicado el 6 de octubre de 2026 · 5 min de lectura');
    expect(within(items[1]!).getByRole('article')).toHaveAttribute('lang', 'en');
    expect(items[1]).toHaveTextContent('Disponible solo en inglés');
    expect(within(items[0]!).queryByText(/Disponible solo/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('lang=es'))).toBe(true);
  });

  it('says when the posts cannot be loaded, and tries again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'GET /api/blog': () => (++calls <= 2 ? { status: 500, body: { message: 'Internal', code: 'internal' } } : { body: list([NEWEST]) }),
    });
    renderRoutes(routes, { path: '/blog' });
    expect(await screen.findByText("We couldn't load the blog. Please try again.", undefined, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('link', { name: NEWEST.title })).toBeInTheDocument());
  });
});
