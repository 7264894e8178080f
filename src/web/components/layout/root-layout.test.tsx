// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredEvents } from '@/web/lib/analytics';
import { mockApi, renderRoutes, SIGNED_OUT } from '@/web/test/render-route';
import { RootLayout } from './root-layout';

function renderLayout(path = '/') {
  return renderRoutes(
    [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { index: true, element: <Link to="/my-bookings?from=home">Go to bookings</Link> },
          { path: 'my-bookings', element: <h1>Bookings page</h1> },
          {
            path: 'slow',
            lazy: () => new Promise(() => {}),
          },
        ],
      },
    ],
    { path },
  );
}

describe('RootLayout', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('records a page view (path only) and scrolls to the top on each route change', async () => {
    renderLayout('/');
    await waitFor(() => expect(getStoredEvents()).toHaveLength(1));

    await userEvent.click(screen.getByRole('link', { name: 'Go to bookings' }));
    await screen.findByRole('heading', { name: 'Bookings page' });

    expect(getStoredEvents().map((event) => [event.action, event.label])).toEqual([
      ['page_view', '/'],
      ['page_view', '/my-bookings'],
    ]);
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(window.scrollTo).toHaveBeenCalledTimes(2);
  });

  it('has a skip link to the main content, the header and the footer links', () => {
    renderLayout('/');

    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    for (const [name, href] of [
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Refund Policy', '/refunds'],
      ['Cancellation Policy', '/cancellations'],
      ['About Us', '/about'],
      ['Blog', '/blog'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: /support@tampahandyman\.example/ })).toHaveAttribute('href', 'mailto:support@tampahandyman.example');
  });

  it('says "Loading..." while the next page loads', async () => {
    const { router } = renderLayout('/');
    await screen.findByRole('link', { name: 'Go to bookings' });
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    void router.navigate('/slow');

    await waitFor(() => expect(status).toHaveTextContent('Loading...'));
  });
});
