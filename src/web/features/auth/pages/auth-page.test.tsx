// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, SIGNED_OUT } from '@/web/test/render-route';
import { Component as AuthPage } from './auth-page';

const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: { id: 'u1', full_name: 'Ana Pérez', terms_accepted: true, phone: null }, role: 'user' };

function renderAuth(path: string) {
  return renderRoutes(
    [
      { path: '/auth', Component: AuthPage },
      { path: '*', element: <h1>Landed</h1> },
    ],
    { path },
  );
}

function signInWorks() {
  let signedIn = false;
  mockApi({
    'GET /api/me': () => ({ body: signedIn ? ME : SIGNED_OUT }),
    'POST /api/auth/sign-in/email': () => {
      signedIn = true;
      return { body: { ok: true } };
    },
  });
}

async function signIn() {
  await userEvent.type(await screen.findByLabelText('Email'), 'ana@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('auth page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('goes to the same-site redirect target after signing in', async () => {
    signInWorks();
    const { router } = renderAuth('/auth?redirect=%2Fbook%2Fpainting%3Fstep%3D5');

    await signIn();

    await screen.findByRole('heading', { name: 'Landed' });
    expect(router.state.location.pathname).toBe('/book/painting');
    expect(router.state.location.search).toBe('?step=5');
  });

  it('ignores a redirect to another site and goes home', async () => {
    signInWorks();
    const { router } = renderAuth('/auth?redirect=https%3A%2F%2Fevil.example%2F');

    await signIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('switches between the Sign in and Sign up tabs', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderAuth('/auth');

    const signUpTab = await screen.findByRole('tab', { name: 'Sign up' });
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(signUpTab);

    expect(signUpTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Full name (optional)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();

    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('tells a signed-in user who they are and links to My Bookings', async () => {
    mockApi({ 'GET /api/me': { body: ME } });
    renderAuth('/auth');

    expect(await screen.findByText("You're signed in as Ana Pérez (ana@example.com).")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Bookings' })).toHaveAttribute('href', '/my-bookings');
  });
});
