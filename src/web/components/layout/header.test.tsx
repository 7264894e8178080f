// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/web/lib/i18n';
import { mockApi, renderRoutes, SIGNED_OUT } from '@/web/test/render-route';
import { Header } from './header';

const ADMIN = { user: { id: 'a1', email: 'boss@example.com', name: 'Boss' }, profile: null, role: 'admin' };
const CUSTOMER = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

function renderHeader(path = '/my-bookings') {
  return renderRoutes(
    [
      {
        path: '/',
        element: <Header />,
        children: [{ path: '*', element: null }],
      },
    ],
    { path },
  );
}

/**
 * Opens the phone menu and returns it. (jsdom applies no CSS, so the desktop row is in the
 * document too; the menu is found through the toggle's aria-controls.)
 */
async function openMenu() {
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  await userEvent.click(toggle);
  return phoneMenu();
}

function phoneMenu() {
  const toggle = screen.getByRole('button', { name: /menu/ });
  return document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
}

describe('Header', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  });

  it('offers Call Now with the support phone from the settings', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/settings/public': { body: { supportPhone: '+18135550199', supportEmail: 'x@example.com', services: [] } } });
    renderHeader();

    await waitFor(() => expect(screen.getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', 'tel:+18135550199'));
  });

  it('calls the default number before the settings load', () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderHeader();

    expect(screen.getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', 'tel:+18135550100');
  });

  it('shows My Bookings and Sign In when signed out, and no Admin Dashboard', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderHeader();

    const nav = await openMenu();
    expect(within(nav).getByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', '/my-bookings');
    expect(await within(nav).findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(within(nav).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('shows Admin Dashboard to an admin', async () => {
    mockApi({ 'GET /api/me': { body: ADMIN } });
    renderHeader();

    const nav = await openMenu();
    expect(await within(nav).findByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(nav).queryByRole('link', { name: 'My Jobs' })).not.toBeInTheDocument();
  });

  it('shows a worker My Jobs (their day), not the Admin Dashboard', async () => {
    mockApi({ 'GET /api/me': { body: { ...ADMIN, role: 'worker' } } });
    renderHeader();

    const nav = await openMenu();
    expect(await within(nav).findByRole('link', { name: 'My Jobs' })).toHaveAttribute('href', '/worker');
    expect(within(nav).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('signs out, goes home and says so', async () => {
    let signedIn = true;
    const fetchMock = mockApi({
      'GET /api/me': () => ({ body: signedIn ? CUSTOMER : SIGNED_OUT }),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return { body: { success: true } };
      },
    });
    const { router } = renderHeader('/my-bookings');

    const nav = await openMenu();
    await userEvent.click(await within(nav).findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText("You're signed out.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST' }));
    // The phone menu closed with the navigation; the row (in the document under jsdom) shows Sign In.
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('opens and closes the phone menu with the keyboard', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(phoneMenu()).getByRole('navigation', { name: 'Main' })).toBeVisible();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
    expect(phoneMenu()).not.toBeVisible();
  });

  it('switches to Spanish and remembers it under "lang"', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderHeader();

    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Español' }));

    expect(localStorage.getItem('lang')).toBe('es');
    // Spanish is its own chunk, loaded on demand.
    expect(await screen.findByRole('link', { name: /Llamar ahora/ })).toBeInTheDocument();
    // Screen readers and the browser's own translation offer follow the page's language.
    expect(document.documentElement).toHaveAttribute('lang', 'es');
    expect(within(menu).getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(menu).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'false');
  });
});
