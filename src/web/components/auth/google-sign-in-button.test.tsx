// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, SIGNED_OUT } from '@/web/test/render-route';
import { Component as AuthPage } from '@/web/features/auth/pages/auth-page';

const renderAuth = (path: string) => renderRoutes([{ path: '/auth', Component: AuthPage }], { path });

describe('Continue with Google', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is hidden when the server has no Google sign-in', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/settings/public': { body: { googleSignIn: false } } });
    renderAuth('/auth');
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('asks for the Google URL with the path the user came from and goes there', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
    const fetchMock = mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'GET /api/settings/public': { body: { googleSignIn: true } },
      'POST /api/auth/sign-in/social': { body: { url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=x', redirect: true } },
    });
    renderAuth('/auth?redirect=%2Fbook%2Fpainting%3Fstep%3D5');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?client_id=x'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sign-in/social'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      provider: 'google',
      callbackURL: `${window.location.origin}/book/painting?step=5`,
      errorCallbackURL: `${window.location.origin}/auth?redirect=%2Fbook%2Fpainting%3Fstep%3D5`,
    });
  });

  it('says why when Google sign-in came back with an error, and still offers the forms', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/settings/public': { body: { googleSignIn: true } } });
    renderAuth('/auth?redirect=%2Fmy-bookings&error=ACCOUNT_DISABLED');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is disabled. Please contact us if you think this is a mistake.');
    expect(screen.getByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('gives a general message for other Google errors', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/settings/public': { body: { googleSignIn: true } } });
    renderAuth('/auth?error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in did not finish. Please try again or use your email.');
  });
});
