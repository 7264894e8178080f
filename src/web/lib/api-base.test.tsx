// @vitest-environment jsdom
/**
 * The app builds call the API on another origin (issue #15, docs/decisions/025): with
 * VITE_API_BASE_URL set, every call, the live stream and the error log go to that origin with
 * credentials; without it (the web build) nothing changes.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage } from '@/web/test/render-route';
import { apiFetch } from './api-client';
import { apiIsCrossOrigin, apiUrl } from './api-base';
import { logClientError } from './error-logging';
import { useLiveUpdates } from './live-updates';

const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

function LivePage() {
  useLiveUpdates();
  return <p>live</p>;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('the web build (no VITE_API_BASE_URL)', () => {
  beforeEach(() => vi.stubEnv('VITE_API_BASE_URL', ''));

  it('keeps API paths relative and calls them same-origin', async () => {
    expect(apiUrl('/api/uploads/p1')).toBe('/api/uploads/p1');
    expect(apiIsCrossOrigin()).toBe(false);
    const fetchMock = mockApi({ 'GET /api/me': { body: ME } });
    await apiFetch('/api/me');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/me');
    expect(fetchMock.mock.calls[0]![1]!.credentials).toBe('same-origin');
  });
});

describe('an app build (VITE_API_BASE_URL=https://book.example.com/)', () => {
  beforeEach(() => vi.stubEnv('VITE_API_BASE_URL', 'https://book.example.com/'));

  it('prefixes API paths with the API origin, and leaves other URLs alone', () => {
    expect(apiIsCrossOrigin()).toBe(true);
    expect(apiUrl('/api/bookings/b1/receipt.pdf?lang=es')).toBe('https://book.example.com/api/bookings/b1/receipt.pdf?lang=es');
    expect(apiUrl('https://book.example.com/api/uploads/p1')).toBe('https://book.example.com/api/uploads/p1');
    expect(apiUrl('blob:capacitor://localhost/1234')).toBe('blob:capacitor://localhost/1234');
    expect(apiUrl('/apix')).toBe('/apix');
  });

  it('calls the API on its origin with credentials included, so the session cookie goes along', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/sign-in/email': { body: {} } });
    await apiFetch('/api/auth/sign-in/email', { method: 'POST', body: { email: 'ana@example.com', password: 'x' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://book.example.com/api/auth/sign-in/email');
    expect(init!.credentials).toBe('include');
  });

  it('sends client errors to the API origin with credentials', async () => {
    const fetchMock = mockApi({ 'POST /api/errors': { status: 201, body: {} } });
    expect(await logClientError(new Error('boom in the app'))).toBe(true);
    expect(fetchMock.mock.calls[0]![0]).toBe('https://book.example.com/api/errors');
    expect(fetchMock.mock.calls[0]![1]!.credentials).toBe('include');
  });

  it('opens the live stream on the API origin with a ticket fetched with credentials', async () => {
    installFakeEventSource();
    const fetchMock = mockApi({ 'GET /api/me': { body: ME }, 'POST /api/events/ticket': { body: { ticket: 's1.1700000000.mac/+', expiresInSeconds: 60 } } });
    renderPage(<LivePage />);
    await screen.findByText('live');
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    expect(FakeEventSource.latest().url).toBe('https://book.example.com/api/events?ticket=s1.1700000000.mac%2F%2B');
    expect(FakeEventSource.latest().withCredentials).toBe(true);
    const ticketCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/events/ticket'))!;
    expect(ticketCall[0]).toBe('https://book.example.com/api/events/ticket');
    expect(ticketCall[1]!.credentials).toBe('include');
  });

  it('falls back to the cookie when no ticket is given (a signed-out chat guest)', async () => {
    installFakeEventSource();
    mockApi({ 'GET /api/me': { body: ME }, 'POST /api/events/ticket': { status: 401, body: { message: 'Not signed in', code: 'unauthenticated' } } });
    renderPage(<LivePage />);
    await screen.findByText('live');
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    expect(FakeEventSource.latest().url).toBe('https://book.example.com/api/events');
    expect(FakeEventSource.latest().withCredentials).toBe(true);
  });
});
