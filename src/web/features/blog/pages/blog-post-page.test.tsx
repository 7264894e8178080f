// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { loadRouteMessages } from '@/web/lib/i18n';
import { mockApi, renderRoutes, SIGNED_OUT } from '@/web/test/render-route';
import { post } from '../testing/posts';
import { Component as BlogPostPage } from './blog-post-page';

const routes = [
  { path: '/blog', element: <h1>The blog list</h1> },
  { path: '/blog/:slug', Component: BlogPostPage },
  { path: '/book/:slug', element: <h1>A booking page</h1> },
];

describe('blog post page', () => {
  beforeAll(() => loadRouteMessages('blog'));
  afterEach(() => {
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  });

  it('shows the post: title, date, reading time, cover, the HTML from the server, and the booking link', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/blog/tv-mounting-drywall-vs-concrete-block': { body: post({ updated: '2026-10-20' }) } });
    renderRoutes(routes, { path: '/blog/tv-mounting-drywall-vs-concrete-block' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Mounting a TV on Drywall vs. Concrete Block' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(article).not.toHaveAttribute('lang');
    expect(article).toHaveTextContent('Published October 6, 2026 · Updated October 20, 2026 · 5 min read');
    expect(within(article).getByRole('img', { name: 'A TV on a wall mount' })).toHaveAttribute('src', '/images/blog/tv-mounting-drywall-vs-concrete-block.svg');
    expect(within(article).getByRole('heading', { level: 2, name: 'First, find out what is behind the wall' })).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'book' })).toHaveAttribute('href', '/book/tv-installation');
    expect(document.title).toBe('Mounting a TV on Drywall vs. Concrete Block | Tampa Same-Day Handyman');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'How a TV mount is anchored safely in each kind of wall.');
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/blog'))![0])).toBe('/api/blog/tv-mounting-drywall-vs-concrete-block?lang=en');

    const cta = screen.getByRole('complementary', { name: 'Want a pro to handle it today?' });
    expect(cta).toHaveTextContent('We call you within 5-10 minutes');
    await userEvent.click(within(cta).getByRole('link', { name: 'Book TV installation' }));
    expect(await screen.findByRole('heading', { name: 'A booking page' })).toBeInTheDocument();
  });

  it('links back to all posts', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/blog/tv-mounting-drywall-vs-concrete-block': { body: post() } });
    const { router } = renderRoutes(routes, { path: '/blog/tv-mounting-drywall-vs-concrete-block' });
    await screen.findByRole('heading', { level: 1, name: 'Mounting a TV on Drywall vs. Concrete Block' });
    await userEvent.click(screen.getByRole('link', { name: 'All posts' }));
    expect(await screen.findByRole('heading', { name: 'The blog list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blog');
  });

  it('shows the not-found page, titled and kept out of search, for an unknown slug', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/blog/no-such-post': { status: 404, body: { message: 'There is no blog post at this address.', code: 'blog_post_not_found' } } });
    renderRoutes(routes, { path: '/blog/no-such-post' });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('404 Oops! Page not found');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page Not Found | Tampa Same-Day Handyman');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('asks for the Spanish version, and says so when the post is only in English', async () => {
    mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'GET /api/blog/tv-mounting-drywall-vs-concrete-block': (_, url) =>
        url.searchParams.get('lang') === 'es' ? { body: post({ translations: ['en'] }) } : { body: post() },
    });
    renderRoutes(routes, { path: '/blog/tv-mounting-drywall-vs-concrete-block' });
    await screen.findByRole('heading', { level: 1, name: 'Mounting a TV on Drywall vs. Concrete Block' });
    await i18n.changeLanguage('es');

    expect(await screen.findByText('Disponible solo en inglés')).toHaveAttribute('lang', 'es');
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('link', { name: 'Todos los artículos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reservar instalación de TV' })).toHaveAttribute('href', '/book/tv-installation');
  });

  it('leaves out the booking link when the service is paused', async () => {
    mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'GET /api/blog/tv-mounting-drywall-vs-concrete-block': { body: post() },
      'GET /api/settings/public': { body: { services: [{ slug: 'tv-installation', pricingModel: 'per_job', unitPriceCents: 4500, active: false }], contactPromiseMinutes: { min: 5, max: 10 } } },
    });
    renderRoutes(routes, { path: '/blog/tv-mounting-drywall-vs-concrete-block' });
    await screen.findByRole('heading', { level: 1, name: 'Mounting a TV on Drywall vs. Concrete Block' });
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Book TV installation' })).not.toBeInTheDocument());
  });
});
