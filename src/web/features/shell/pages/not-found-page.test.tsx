// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/web/test/render-route';
import { Component as NotFoundPage } from './not-found-page';

describe('not-found page', () => {
  afterEach(cleanup);

  it('shows 404, "Oops! Page not found" and a link that returns home', async () => {
    renderRoutes(
      [
        { path: '/', element: <h1>Home page</h1> },
        { path: '*', Component: NotFoundPage },
      ],
      { path: '/no-such-page' },
    );

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Oops! Page not found');
    expect(screen.getAllByText('404')[0]).toBeVisible();

    await userEvent.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
