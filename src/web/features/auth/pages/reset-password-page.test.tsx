// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, SIGNED_OUT } from '@/web/test/render-route';
import { Component as ResetPasswordPage } from './reset-password-page';

const renderReset = (path: string) =>
  renderRoutes(
    [
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/auth', element: <h1>Sign in page</h1> },
    ],
    { path },
  );

describe('reset password page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the email, sends the request and says to check the email', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'POST /api/auth/request-password-reset': { body: { status: true } } });
    renderReset('/reset-password');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for ana@example.com/)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/request-password-reset'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ email: 'ana@example.com' });
  });

  it('sets a new password with the token (at least 8 characters, typed twice) and links to sign in', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'POST /api/auth/reset-password': { body: { status: true } } });
    renderReset('/reset-password?token=tok123');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText("The passwords don't match.")).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been changed. Please sign in with the new one.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/reset-password'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ token: 'tok123', newPassword: 'brand-new-pass' });
    await userEvent.click(screen.getByRole('link', { name: 'Go to Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });

  it("shows the server's message for a used or expired link", async () => {
    mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'POST /api/auth/reset-password': { status: 400, body: { message: 'This reset link is invalid or has expired. Please ask for a new one.', code: 'invalid_token' } },
    });
    renderReset('/reset-password?token=used');
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
  });
});
