// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, SIGNED_OUT } from '@/web/test/render-route';
import { SignUpForm } from './sign-up-form';

const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

describe('SignUpForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for an 8-character password and the terms before calling the server', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    const onSuccess = vi.fn();
    renderPage(<SignUpForm onSuccess={onSuccess} />);

    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Your password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms to create an account.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/sign-up/email', expect.anything());
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('links the terms and privacy policy', () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderPage(<SignUpForm onSuccess={() => {}} />);

    expect(screen.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy');
  });

  it('signs up with the email as the name when none is given, then calls onSuccess', async () => {
    let sent: unknown = null;
    let signedUp = false;
    mockApi({
      'GET /api/me': () => ({ body: signedUp ? ME : SIGNED_OUT }),
      'POST /api/auth/sign-up/email': (init) => {
        sent = JSON.parse(String(init?.body));
        signedUp = true;
        return { body: { ok: true } };
      },
    });
    const onSuccess = vi.fn();
    renderPage(<SignUpForm onSuccess={onSuccess} />);

    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(sent).toEqual({ email: 'ana@example.com', password: 'long enough', name: 'ana@example.com', termsAccepted: true });
  });

  it("shows the server's message when sign-up fails", async () => {
    mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'POST /api/auth/sign-up/email': { status: 422, body: { message: 'User already exists. Use another email.', code: 'USER_ALREADY_EXISTS' } },
    });
    const onSuccess = vi.fn();
    renderPage(<SignUpForm onSuccess={onSuccess} />);

    await userEvent.type(screen.getByLabelText('Full name (optional)'), 'Ana Pérez');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists. Use another email.');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });
});
