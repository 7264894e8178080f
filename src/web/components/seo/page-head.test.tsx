// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Link, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/web/lib/i18n';
import { renderRoutes } from '@/web/test/render-route';
import { useLanguageInUrl } from './language-in-url';
import { PageHead } from './page-head';
import { useServerHeadCleanup } from './server-head';

/** What the server wrote into the first page's head (src/server/modules/seo/page-html.ts). */
function serverHead() {
  document.head.innerHTML = [
    '<title data-server-head>Home | Tampa Same-Day Handyman</title>',
    '<meta name="description" content="The home page" data-server-head>',
    '<link rel="canonical" href="https://book.example.com/" data-server-head>',
    '<link rel="alternate" hreflang="es" href="https://book.example.com/?lang=es" data-server-head>',
    '<meta property="og:title" content="Home" data-server-head>',
    '<script type="application/ld+json" data-server-head>{}</script>',
    '<link rel="icon" href="/favicon.svg">',
  ].join('');
}

function Layout() {
  useServerHeadCleanup();
  useLanguageInUrl();
  return <Outlet />;
}

const routes = [
  {
    path: '/',
    Component: Layout,
    children: [
      {
        index: true,
        element: (
          <>
            <PageHead title="Home | Tampa Same-Day Handyman" description="The home page" />
            <Link to="/blog">Blog</Link>
          </>
        ),
      },
      { path: 'blog', element: <PageHead title="Blog | Tampa Same-Day Handyman" description="The blog" /> },
    ],
  },
];

const serverTags = () => document.head.querySelectorAll('[data-server-head]').length;

describe("the page's head in the browser", () => {
  afterEach(() => {
    cleanup(); // unmount before the head is emptied: React removes its own tags
    document.head.innerHTML = '';
    void i18n.changeLanguage('en');
  });

  it("keeps one title and description when hydrating a prerendered page takes over the server's own tags (issue #16)", async () => {
    serverHead();
    const container = document.body.appendChild(document.createElement('div'));
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <PageHead title="Home | Tampa Same-Day Handyman" description="The home page" />);
    });
    expect(document.title).toBe('Home | Tampa Same-Day Handyman');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    act(() => root!.unmount());
    container.remove();
  });

  it("takes over the server's title and description at once, and keeps its other tags until the app moves on", async () => {
    serverHead();
    renderRoutes(routes, { path: '/' });

    expect(document.title).toBe('Home | Tampa Same-Day Handyman');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://book.example.com/');
    expect(serverTags()).toBe(4);

    await userEvent.click(screen.getByRole('link', { name: 'Blog' }));
    expect(document.title).toBe('Blog | Tampa Same-Day Handyman');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'The blog');
    // canonical, alternates, social cards and JSON-LD described the first page: gone
    expect(serverTags()).toBe(0);
    expect(document.head.querySelector('link[rel="icon"]')).not.toBeNull();
  });

  it('rewrites ?lang= when the visitor switches language, and leaves addresses without it alone', async () => {
    // opened as /blog?lang=en (i18n starts in the link's language: lib/i18n.ts)
    const { router } = renderRoutes(routes, { path: '/blog?lang=en&page=2' });
    await act(() => i18n.changeLanguage('es'));
    expect(router.state.location.search).toBe('?lang=es&page=2');
    await act(() => i18n.changeLanguage('en'));
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.location.pathname).toBe('/blog');

    await act(() => router.navigate('/'));
    await act(() => i18n.changeLanguage('es'));
    expect(router.state.location.search).toBe('');
  });
});
