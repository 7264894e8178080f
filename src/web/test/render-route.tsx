/**
 * Test harness for component tests (jsdom): renders elements inside the app's real providers
 * (query client, i18n in English, memory router) and answers `fetch` from a table of canned
 * API responses, so a test reads like a user's visit.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { SIGNED_OUT_ME } from '@/web/lib/auth';
import i18n from '@/web/lib/i18n';
import { createQueryClient } from '@/web/lib/query-client';

/** A canned answer: a JSON body with a status (200 by default). */
export interface CannedResponse {
  status?: number;
  body: unknown;
}

/** Keys are "METHOD /path" (e.g. "GET /api/me"); a function may look at the request (body, headers) and its URL (query). */
export type ApiTable = Record<string, CannedResponse | ((init: RequestInit | undefined, url: URL) => CannedResponse)>;

export const SIGNED_OUT = SIGNED_OUT_ME;

/** Replaces global fetch with the table; unknown routes answer 404 in the API's error shape. */
export function mockApi(table: ApiTable) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const entry = table[key];
    const answer = typeof entry === 'function' ? entry(init, url) : entry ?? { status: 404, body: { message: 'Not found', code: 'not_found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export interface RenderRouteOptions {
  /** The URL to open. */
  path?: string;
  queryClient?: QueryClient;
}

/**
 * Renders `routes` in a memory router at `path`, inside the query client and toaster.
 * Tests run in English unless they switch language themselves.
 */
export function renderRoutes(routes: RouteObject[], { path = '/', queryClient = testQueryClient() }: RenderRouteOptions = {}) {
  void i18n.changeLanguage('en');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster visibleToasts={1} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element as the page at `path`, with a catch-all route so links can be followed. */
export function renderPage(element: ReactElement, options: RenderRouteOptions & { routePath?: string } = {}) {
  const { routePath = (options.path ?? '/').split('?')[0], ...rest } = options;
  return renderRoutes(
    [
      { path: routePath, element },
      { path: '*', element: <p>other page</p> },
    ],
    rest,
  );
}

/** The app's query client without retries, so error states show at once. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}
