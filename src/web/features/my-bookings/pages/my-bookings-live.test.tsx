// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage } from '@/web/test/render-route';
import { booking, ME } from '../testing/bookings';
import { Component as MyBookingsPage } from './my-bookings-page';

const LUIS = { id: 'w1', name: 'Luis Ortega', phone: null };

function showBookings(...list: ReturnType<typeof booking>[]) {
  mockApi({ 'GET /api/me': { body: ME }, 'GET /api/bookings': { body: { bookings: list } } });
  renderPage(<MyBookingsPage />, { path: '/my-bookings' });
}

describe('My Bookings, live', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the assigned technician and the expected arrival', async () => {
    showBookings(booking({ status: 'confirmed', worker: LUIS, etaAt: '2026-05-15T18:45:00.000Z' }));
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Technician assigned: Luis Ortega');
    expect(card).toHaveTextContent('Expected arrival around 2:45 PM (Tampa time)');
  });

  it('shows "On the way, ETA" in Tampa time, then "In progress", then "Completed"', async () => {
    showBookings(
      booking({ id: 'b1', status: 'en_route', worker: LUIS, etaAt: '2026-05-15T18:45:00.000Z' }),
      booking({ id: 'b2', reference: 'TB-2', status: 'in_progress', worker: LUIS, scheduledStart: '2026-05-15T20:00:00.000Z', createdAt: '2026-05-13T12:00:00.000Z' }),
      booking({ id: 'b3', reference: 'TB-3', status: 'completed', worker: LUIS, createdAt: '2026-05-12T12:00:00.000Z', canCancel: false, canReschedule: false }),
    );
    const [onTheWay, working, done] = await screen.findAllByRole('article');
    expect(onTheWay).toHaveTextContent('On the way, ETA 2:45 PM');
    expect(onTheWay).toHaveTextContent('Technician assigned: Luis Ortega');
    expect(working).toHaveTextContent('In progress');
    expect(within(done).getAllByText('Completed').length).toBeGreaterThan(0);
    expect(within(done).getByRole('region', { name: /Receipt/ })).toBeInTheDocument();
  });

  it('shows nothing extra while the booking waits for dispatch', async () => {
    showBookings(booking());
    const card = await screen.findByRole('article');
    expect(card).not.toHaveTextContent('Technician assigned');
  });

  it('picks up the technician when the server says the booking changed', async () => {
    let current = booking();
    const fetchMock = mockApi({ 'GET /api/me': { body: ME }, 'GET /api/bookings': () => ({ body: { bookings: [current] } }) });
    renderPage(<MyBookingsPage />, { path: '/my-bookings' });
    await screen.findByRole('article');
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));

    current = booking({ status: 'confirmed', worker: LUIS, etaAt: '2026-05-15T18:45:00.000Z' });
    FakeEventSource.latest().emitBooking({ bookingId: 'b1', type: 'assigned', status: 'confirmed' });

    expect(await screen.findByText('Technician assigned: Luis Ortega')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/bookings')).toHaveLength(2);
  });
});
