// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage } from '@/web/test/render-route';
import { Component as DispatchPage } from '../pages/dispatch-page';
import { ADMIN, dispatchBooking } from '../testing/fixtures';

vi.mock('@/web/lib/new-booking-chime', () => ({ playChime: vi.fn(), unlockChime: vi.fn() }));

describe("the live board's connection warning", () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('warns while the live connection is lost and says when it is back', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: ADMIN }, 'GET /api/admin/bookings': { body: { bookings: [dispatchBooking()] } } });
    renderPage(<DispatchPage />, { path: '/admin' });
    await screen.findByRole('link', { name: 'TB-7K3M9Q' }, { timeout: 5_000 });
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    const stream = FakeEventSource.latest();
    stream.open();
    expect(screen.queryByRole('alert')).toBeNull();

    // the connection drops: the browser is retrying
    stream.fail();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Live updates paused');
    expect(alert).toHaveTextContent('The connection to the server was lost, so new bookings and changes may not show. Reconnecting…');

    // it comes back: the warning goes, a status says so, and the board is fetched again
    const before = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/admin/bookings')).length;
    stream.open();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Live updates are back. The board is up to date.')).toBe(true);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/admin/bookings')).length).toBeGreaterThan(before));
  });

  it('keeps warning while the server refuses the stream and this page retries it', async () => {
    mockApi({ 'GET /api/me': { body: ADMIN }, 'GET /api/admin/bookings': { body: { bookings: [] } } });
    renderPage(<DispatchPage />, { path: '/admin' });
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    FakeEventSource.latest().fail({ closed: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Live updates paused');
  });
});
