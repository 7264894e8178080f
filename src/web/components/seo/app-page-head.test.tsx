// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/web/lib/i18n';
import { renderRoutes } from '@/web/test/render-route';
import { AppPageHead } from './app-page-head';
import { PageHead } from './page-head';
import { useServerHeadCleanup } from './server-head';

function Layout() {
  useServerHeadCleanup();
  return (
    <>
      <AppPageHead />
      <Outlet />
    </>
  );
}

const routes = [
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, element: <PageHead title="Home | Tampa Same-Day Handyman" description="The home page" /> },
      { path: 'admin/errors', handle: { title: 'seo.appPages.errors' }, element: <Link to="/">Home</Link> },
    ],
  },
];

describe('the title of an app page', () => {
  afterEach(() => {
    cleanup();
    document.head.innerHTML = '';
    void i18n.changeLanguage('en');
  });

  it("comes from its route, in the visitor's language, kept out of search results, and gives way to a public page's own", async () => {
    document.head.innerHTML = '<title data-server-head>Tampa Same-Day Handyman</title>';
    renderRoutes(routes, { path: '/admin/errors' });
    expect(document.title).toBe('Error Dashboard | Tampa Same-Day Handyman');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();

    await act(() => i18n.changeLanguage('es'));
    expect(document.title).toBe('Panel de errores | Tampa Same-Day Handyman');
    await act(() => i18n.changeLanguage('en'));

    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(document.title).toBe('Home | Tampa Same-Day Handyman');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
