// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetErrorLoggingLimits } from '@/web/lib/error-logging';
import { renderRoutes } from '@/web/test/render-route';
import { ErrorScreen } from './error-screen';

function Boom(): never {
  throw new TypeError('Cannot read properties of undefined (reading "slots")');
}

/** The bodies POSTed to /api/errors. */
function captureLogs() {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === '/api/errors' && init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
      return new Response('{}', { status: String(url) === '/api/errors' ? 201 : 404 });
    }),
  );
  return bodies;
}

describe('the error boundary logs its errors as critical (issue #11)', () => {
  beforeEach(() => {
    resetErrorLoggingLimits();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('sends a page that broke to the error log with severity critical', async () => {
    const bodies = captureLogs();
    renderRoutes([{ path: '/', ErrorBoundary: ErrorScreen, children: [{ path: 'broken', Component: Boom }] }], { path: '/broken' });
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ error_type: 'TypeError', error_message: 'Cannot read properties of undefined (reading "slots")', severity: 'critical', context: { kind: 'error_boundary', route: '/broken' } });
  });

  it('does not log a page that was not found', async () => {
    const bodies = captureLogs();
    renderRoutes([{ path: '/', ErrorBoundary: ErrorScreen, children: [] }], { path: '/nowhere' });
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies).toEqual([]);
  });
});
