// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, SIGNED_OUT, type ApiTable } from '@/web/test/render-route';
import { mobileWorkerRoutes } from '@/web/app/route-tables';
import { Component as AdminLoginPage } from './admin-login-page';

const meAs = (role: 'admin' | 'worker' | 'user') => ({
  user: { id: 'u1', email: 'staff@example.com', name: 'Staff' },
  profile: { id: 'u1', full_name: 'Staff', terms_accepted: true, phone: null },
  role,
});

/** Sign-in succeeds and `me` answers `role` afterwards; sign-out is recorded. */
function signInAs(role: 'admin' | 'worker' | 'user', extra: ApiTable = {}) {
  let signedIn = false;
  const signOut = vi.fn(() => {
    signedIn = false;
    return { body: { success: true } };
  });
  mockApi({
    'GET /api/me': () => ({ body: signedIn ? meAs(role) : SIGNED_OUT }),
    'POST /api/auth/sign-in/email': () => {
      signedIn = true;
      return { body: { ok: true } };
    },
    'POST /api/auth/sign-out': signOut,
    ...extra,
  });
  return { signOut };
}

function renderLogin() {
  return renderRoutes(
    [
      { path: '/admin/login', Component: AdminLoginPage },
      { path: '/admin', element: <h1>Admin home</h1> },
      { path: '/worker', element: <h1>Worker home</h1> },
    ],
    { path: '/admin/login' },
  );
}

async function submit() {
  await userEvent.type(await screen.findByLabelText('Email'), 'staff@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('admin login page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('takes an admin to /admin', async () => {
    signInAs('admin');
    renderLogin();
    await submit();
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeInTheDocument();
  });

  it('takes a worker to /worker', async () => {
    signInAs('worker');
    renderLogin();
    await submit();
    expect(await screen.findByRole('heading', { name: 'Worker home' })).toBeInTheDocument();
  });

  it('signs a customer out at once with the access-denied message', async () => {
    const { signOut } = signInAs('user');
    const { queryClient } = renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Admin or worker role required.');
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['me'])).toEqual(SIGNED_OUT);
  });

  it("shows the provider's message for wrong credentials", async () => {
    signInAs('admin', { 'POST /api/auth/sign-in/email': { status: 401, body: { message: 'Invalid email or password.', code: 'invalid_email_or_password' } } });
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
  });

  it('shows "Login failed" when the answer carries no message, and "Network error" when offline', async () => {
    signInAs('admin', { 'POST /api/auth/sign-in/email': { status: 500, body: null } });
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    cleanup();

    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
  });

  /** The worker app's home: the login at `/`, under the worker table's root (issue #15). */
  function renderWorkerAppHome() {
    return renderRoutes(
      [
        {
          path: '/',
          handle: mobileWorkerRoutes[0]!.handle,
          children: [
            { index: true, Component: AdminLoginPage },
            { path: 'admin', element: <h1>Admin home</h1> },
            { path: 'worker', element: <h1>Worker home</h1> },
          ],
        },
      ],
      { path: '/' },
    );
  }

  it.each([
    ['worker', 'Worker home', '/worker'],
    ['admin', 'Admin home', '/admin'],
  ] as const)('in the worker app, takes a signed-in %s who opens the app straight to their area', async (role, heading, path) => {
    mockApi({ 'GET /api/me': { body: meAs(role) } });
    const { router } = renderWorkerAppHome();
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('in the worker app, shows the form to someone signed out or signed in as a customer', async () => {
    for (const me of [SIGNED_OUT, meAs('user')]) {
      mockApi({ 'GET /api/me': { body: me } });
      renderWorkerAppHome();
      expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
      cleanup();
    }
  });

  it('on the web, shows the form even to a signed-in worker (switching accounts)', async () => {
    mockApi({ 'GET /api/me': { body: meAs('worker') } });
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Worker home' })).not.toBeInTheDocument();
  });
});
