/**
 * Test helpers for the booking components: render inside the app's providers (a fresh query
 * client without retries, a memory router, i18n in English) and a fake API answering fetch by
 * "METHOD /path" (query strings ignored), recording each call for assertions. Most tests import
 * them through ./render.tsx, which also loads the flow's lazy steps first; tests of that loading
 * itself import them from here.
 */
import type { BookingView } from '@/domain/booking-request';
import { bookingView } from '@/web/test/booking-view';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, vi } from 'vitest';
import '@/web/lib/i18n';
import type { PublicSettings } from '@/web/lib/public-settings';
import { testPublicSettings } from '@/web/test/public-settings';

export interface ApiCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type ApiHandler = (call: ApiCall) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

afterEach(() => {
  vi.unstubAllGlobals();
});

export function fakeApi(handlers: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method, url, headers: (init.headers ?? {}) as Record<string, string>, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.split('?')[0]}`];
    if (!handler) return new Response(JSON.stringify({ message: `No fake for ${method} ${url}`, code: 'not_found' }), { status: 404 });
    const answer = await handler(call);
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export type ProviderRoute = { route?: string; path?: string };

/** `ui` inside the app's providers: a fresh query client without retries, a memory router at `route` (`ui` at `path`). */
export function withProviders(ui: ReactNode, { route = '/', path = '/' }: ProviderRoute = {}, queryClient = testQueryClient()) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

export function renderWithProviders(ui: ReactNode, where: ProviderRoute = {}) {
  const queryClient = testQueryClient();
  const result = render(withProviders(ui, where, queryClient));
  return { ...result, queryClient };
}

export const TEST_SETTINGS: PublicSettings = testPublicSettings({ serviceAreaZips: ['33602', '33606'] });

/** The booking the flow's tests place: a 56-65" TV at 401 Channelside Dr, 2:00-3:00 PM Tampa time. */
export function placedBooking(overrides: Partial<BookingView> = {}): BookingView {
  return bookingView({
    options: { service: 'tv-installation', screenSize: '56_65', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
    address: { street: '401 Channelside Dr', unit: null, city: 'Tampa', state: 'FL', zip: '33602' },
    scheduledStart: '2026-05-15T18:00:00.000Z',
    scheduledEnd: '2026-05-15T19:00:00.000Z',
    createdAt: '2026-05-15T14:00:00.000Z',
    ...overrides,
  });
}
