// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, SIGNED_OUT } from '@/web/test/render-route';
import { SignInForm } from './sign-in-form';

describe('SignInForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the email and password before calling the server', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderPage(<SignInForm onSuccess={() => {}} />);

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
  });

  it("shows the server's message for a wrong password and stays on the form", async () => {
    mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'POST /api/auth/sign-in/email': { status: 401, body: { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' } },
    });
    const onSuccess = vi.fn();
    renderPage(<SignInForm onSuccess={onSuccess} />);

    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows "Processing..." while signing in, then calls onSuccess', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/sign-in/email')) {
        await answered;
        return new Response('{}', { status: 200 });
      }
      return answer(input, init);
    });
    const onSuccess = vi.fn();
    renderPage(<SignInForm onSuccess={onSuccess} />);

    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  });
});
