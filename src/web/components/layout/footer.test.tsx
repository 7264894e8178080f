// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { mobileUserRoutes, mobileWorkerRoutes, webRoutes } from '@/web/app/route-tables';
import { mockApi, renderPage, renderRoutes, SIGNED_OUT } from '@/web/test/render-route';
import { Footer } from './footer';

const POLICY_LINKS = [
  ['Terms of Service', '/terms'],
  ['Privacy Policy', '/privacy'],
  ['Refund Policy', '/refunds'],
  ['Cancellation Policy', '/cancellations'],
  ['About Us', '/about'],
  ['Blog', '/blog'],
];

/** The footer under the root of a route table, as the app renders it. */
function renderFooter(table: typeof webRoutes) {
  return renderRoutes([{ path: '/', handle: table[0]!.handle, element: <Footer />, children: [{ path: '*', element: null }] }], { path: '/about' });
}

const linksOf = (element: HTMLElement) => within(element).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

describe('Footer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers staff a Team sign-in link to the admin login', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    const { router } = renderPage(<Footer />, { path: '/' });

    const link = screen.getByRole('link', { name: 'Team sign-in' });
    expect(link).toHaveAttribute('href', '/admin/login');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  // Issue #15: only routes of the running app's table; the public pages are in all three.
  it.each([
    ['the web app', webRoutes, true],
    ['the customer app', mobileUserRoutes, false],
    ['the worker app, whose home is the staff login', mobileWorkerRoutes, false],
  ])('in %s: the policy pages, and Team sign-in only where it belongs', (_app, table, teamSignIn) => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderFooter(table);

    const nav = screen.getByRole('navigation', { name: 'Policies and company' });
    expect(linksOf(nav)).toEqual(POLICY_LINKS);
    expect(screen.queryAllByRole('link', { name: 'Team sign-in' })).toHaveLength(teamSignIn ? 1 : 0);
  });
});
