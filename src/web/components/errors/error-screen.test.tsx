// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicSettingsQueryOptions, type PublicSettings } from '@/web/lib/public-settings';
import { renderRoutes, testQueryClient } from '@/web/test/render-route';
import { ErrorScreen } from './error-screen';

function Boom(): never {
  throw new Error('Cannot read properties of undefined (reading "slots")');
}

function renderBrokenPage(queryClient = testQueryClient()) {
  return renderRoutes([{ path: '/', ErrorBoundary: ErrorScreen, children: [{ path: 'broken', Component: Boom }] }], {
    path: '/broken',
    queryClient,
  });
}

function mailtoParts(href: string) {
  const url = new URL(href);
  return { to: url.pathname, subject: url.searchParams.get('subject') ?? '', body: url.searchParams.get('body') ?? '' };
}

describe('ErrorScreen', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the spec texts and the three actions', async () => {
    renderBrokenPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText("We're sorry, but something unexpected happened. Our team has been notified and is working on a fix."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Report Bug' })).toBeInTheDocument();
  });

  it('Report Bug drafts a mail to support with the error details and a prompt', async () => {
    renderBrokenPage();

    const href = (await screen.findByRole('link', { name: 'Report Bug' })).getAttribute('href') ?? '';
    expect(href.startsWith('mailto:support@tampahandyman.example?')).toBe(true);
    const { subject, body } = mailtoParts(href);
    expect(subject).toContain('Cannot read properties of undefined');
    expect(body).toContain('Please describe what you were doing when this happened:');
    expect(body).toContain('Error: Cannot read properties of undefined (reading "slots")');
    expect(body).toContain(`Page: ${window.location.href}`);
    expect(body).toContain(`Browser: ${navigator.userAgent}`);
    expect(body).toMatch(/Time: \d{4}-\d{2}-\d{2}T/);
  });

  it('uses the support address from the settings when they are loaded', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(publicSettingsQueryOptions.queryKey, { supportEmail: 'help@example.com' } as PublicSettings);
    renderBrokenPage(queryClient);

    const href = (await screen.findByRole('link', { name: 'Report Bug' })).getAttribute('href') ?? '';
    expect(href.startsWith('mailto:help@example.com?')).toBe(true);
  });

  it('reports the error to the console', async () => {
    renderBrokenPage();
    await screen.findByRole('heading', { name: 'Oops! Something went wrong' });

    expect(console.error).toHaveBeenCalledWith('Unhandled route error', expect.objectContaining({ message: expect.stringContaining('Cannot read') }));
  });

  it('shows the not-found content when a route throws a 404 response', async () => {
    renderRoutes(
      [
        {
          path: '/',
          ErrorBoundary: ErrorScreen,
          children: [
            {
              path: 'gone',
              loader: () => {
                throw new Response('Not Found', { status: 404 });
              },
              Component: () => null,
            },
          ],
        },
      ],
      { path: '/gone' },
    );

    expect(await screen.findByRole('heading', { level: 1, name: /Oops! Page not found/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Oops! Something went wrong')).not.toBeInTheDocument();
  });

  it('a page that did not download says to check the connection, not that our team was notified, under the site header', async () => {
    renderRoutes(
      [
        {
          path: '/',
          ErrorBoundary: ErrorScreen,
          children: [
            {
              path: 'book/tv-installation',
              lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/booking-page.js')),
            },
          ],
        },
      ],
      { path: '/book/tv-installation' },
    );

    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't reach our servers" })).toBeInTheDocument();
    expect(screen.getByText(/Check your connection and try again\./)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("We couldn't reach our servers | Tampa Same-Day Handyman"));
    expect(screen.queryByText(/Our team has been notified/)).not.toBeInTheDocument();
    // the header stays: the brand link home and Call Now
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getAllByRole('link').length).toBeGreaterThan(0);
    // each action keeps its words on one line
    for (const action of [screen.getByRole('button', { name: 'Try Again' }), screen.getByRole('link', { name: 'Go Home' })]) {
      expect(action).toHaveClass('whitespace-nowrap');
    }
  });

  it('an error while offline is a connection failure too', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderBrokenPage();
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't reach our servers" })).toBeInTheDocument();
  });
});
