// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, SIGNED_OUT } from '@/web/test/render-route';
import { Footer } from './footer';

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
});
