// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportChatWidget, resetChatWidget } from '@/web/lib/chat-widget';
import i18n from '@/web/lib/i18n';
import { mockApi, renderRoutes, SIGNED_OUT } from '@/web/test/render-route';
import { mobileUserRoutes, mobileWorkerRoutes, webRoutes } from '@/web/app/route-tables';
import { Header } from './header';

const ADMIN = { user: { id: 'a1', email: 'boss@example.com', name: 'Boss' }, profile: null, role: 'admin' };
const CUSTOMER = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

/** The header at `path` under the root of a route table (web by default), as the app renders it. */
function renderHeader(path = '/my-bookings', table = webRoutes) {
  return renderRoutes(
    [
      {
        path: '/',
        handle: table[0]!.handle,
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

/** The [name, href] of each link inside an element. */
function linksOf(element: HTMLElement) {
  return within(element)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

function phoneMenu() {
  const toggle = screen.getByRole('button', { name: /^(Open|Close) menu$/ });
  return document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
}

describe('Header', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetChatWidget();
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
    expect(await within(nav).findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(within(nav).getByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', '/my-bookings');
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('lists an admin\'s account places in the phone menu under their name, with Admin Dashboard', async () => {
    mockApi({ 'GET /api/me': { body: ADMIN } });
    renderHeader();

    const menu = await openMenu();
    const account = await within(menu).findByRole('navigation', { name: 'Account menu for Boss' });
    expect(linksOf(account)).toEqual([
      ['Settings', '/settings'],
      ['My Bookings', '/my-bookings'],
      ['Admin Dashboard', '/admin'],
    ]);
    expect(within(account).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'My Jobs' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('shows a worker My Jobs (their day) in the phone menu, not the Admin Dashboard', async () => {
    mockApi({ 'GET /api/me': { body: { ...ADMIN, role: 'worker' } } });
    renderHeader();

    const menu = await openMenu();
    const account = await within(menu).findByRole('navigation', { name: 'Account menu for Boss' });
    expect(within(account).getByRole('link', { name: 'My Jobs' })).toHaveAttribute('href', '/worker');
    expect(within(menu).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it.each([
    ['a customer', CUSTOMER, 'Ana', ['Settings', 'My Bookings', 'Sign Out']],
    ['an admin', ADMIN, 'Boss', ['Settings', 'My Bookings', 'Admin Dashboard', 'Sign Out']],
    ['a worker', { ...ADMIN, role: 'worker' }, 'Boss', ['Settings', 'My Bookings', 'My Jobs', 'Sign Out']],
  ])('opens the account menu of %s from the keyboard, with their places, and Escape closes it', async (_who, me, name, items) => {
    mockApi({ 'GET /api/me': { body: me } });
    renderHeader();

    const trigger = await screen.findByRole('button', { name: `Account menu for ${name}` });
    expect(trigger).toHaveTextContent(name);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await userEvent.keyboard('{Enter}');

    const menu = await screen.findByRole('menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(items);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'My Bookings' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('goes to Settings from the account menu', async () => {
    mockApi({ 'GET /api/me': { body: CUSTOMER } });
    const { router } = renderHeader('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Ana' }));
    const settings = await screen.findByRole('menuitem', { name: 'Settings' });
    expect(settings).toHaveAttribute('href', '/settings');
    await userEvent.click(settings);

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('keeps a customer\'s Messages badge beside the account menu', async () => {
    mockApi({ 'GET /api/me': { body: CUSTOMER } });
    reportChatWidget({ available: true, unreadCount: 2 });
    renderHeader();

    expect(await screen.findByRole('button', { name: /Messages/ })).toHaveTextContent('2 unread');
    expect(screen.getByRole('button', { name: 'Account menu for Ana' })).toBeInTheDocument();
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

  it('signs out from the account menu', async () => {
    let signedIn = true;
    mockApi({
      'GET /api/me': () => ({ body: signedIn ? CUSTOMER : SIGNED_OUT }),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return { body: { success: true } };
      },
    });
    const { router } = renderHeader('/settings');

    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Ana' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    // (The toast is the one "signs out, goes home and says so" checks; sonner keeps toasts between tests.)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });
});

/**
 * Issue #15: the header links only to routes of the running app's table. The customer app has no
 * staff places; the worker app no customer places, and its Sign In is the staff login (its home).
 */
describe('Header in the mobile apps', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const WORKER = { ...ADMIN, role: 'worker' };

  it('in the customer app: My Bookings and Sign In when signed out, no staff links', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderHeader('/', mobileUserRoutes);

    const menu = await openMenu();
    await within(menu).findByRole('link', { name: 'Sign In' });
    expect(linksOf(menu)).toEqual([
      ['My Bookings', '/my-bookings'],
      ['Sign In', '/auth'],
    ]);
  });

  it('in the customer app: an admin or worker account gets only the customer places', async () => {
    for (const me of [ADMIN, WORKER]) {
      mockApi({ 'GET /api/me': { body: me } });
      renderHeader('/', mobileUserRoutes);
      const menu = await openMenu();
      const account = await within(menu).findByRole('navigation', { name: 'Account menu for Boss' });
      expect(linksOf(account)).toEqual([
        ['Settings', '/settings'],
        ['My Bookings', '/my-bookings'],
      ]);
      expect(within(menu).queryByRole('link', { name: /Chats/ })).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('in the worker app: no My Bookings, and Sign In is the staff login', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderHeader('/privacy', mobileWorkerRoutes);

    const menu = await openMenu();
    await within(menu).findByRole('link', { name: 'Sign In' });
    expect(linksOf(menu)).toEqual([['Sign In', '/admin/login']]);
    expect(screen.getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', 'tel:+18135550100');
  });

  it("in the worker app: a worker's account menu is their day and Sign Out, no customer places", async () => {
    mockApi({ 'GET /api/me': { body: WORKER } });
    renderHeader('/worker', mobileWorkerRoutes);

    const trigger = await screen.findByRole('button', { name: 'Account menu for Boss' });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['My Jobs', 'Sign Out']);
    expect(within(menu).getByRole('menuitem', { name: 'My Jobs' })).toHaveAttribute('href', '/worker');
    await userEvent.keyboard('{Escape}');

    const phone = await openMenu();
    const account = await within(phone).findByRole('navigation', { name: 'Account menu for Boss' });
    expect(linksOf(account)).toEqual([['My Jobs', '/worker']]);
  });

  it("in the worker app: an admin keeps the dashboard and Chats, not the customer places", async () => {
    mockApi({ 'GET /api/me': { body: ADMIN }, 'GET /api/admin/chats/unread': { body: { count: 0 } } });
    renderHeader('/admin', mobileWorkerRoutes);

    const menu = await openMenu();
    const account = await within(menu).findByRole('navigation', { name: 'Account menu for Boss' });
    expect(linksOf(account)).toEqual([['Admin Dashboard', '/admin']]);
  });
});
