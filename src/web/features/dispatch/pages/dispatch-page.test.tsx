// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playChime } from '@/web/lib/new-booking-chime';
import { FINAL_AWAITING_APPROVAL } from '@/web/test/booking-view';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage, SIGNED_OUT, type ApiTable } from '@/web/test/render-route';
import { ADMIN, CUSTOMER_ME, dispatchBooking } from '../testing/fixtures';
import { Component as DispatchPage } from './dispatch-page';

vi.mock('@/web/lib/new-booking-chime', () => ({ playChime: vi.fn(), unlockChime: vi.fn() }));

function renderBoard(table: ApiTable, path = '/admin') {
  const fetchMock = mockApi({ 'GET /api/me': { body: ADMIN }, ...table });
  renderPage(<DispatchPage />, { path, routePath: '/admin' });
  const calls = (method: string, pathname: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({ url: new URL(String(url), 'http://localhost'), init }));
  return { calls };
}

const rowOf = async (reference: string) => (await screen.findByRole('link', { name: reference })).closest('article') as HTMLElement;

describe('the dispatch board', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(playChime).mockClear();
  });

  it('shows each booking with reference, service, Tampa time, customer, phone, address, status and technician', async () => {
    renderBoard({
      'GET /api/admin/bookings': {
        body: {
          bookings: [
            dispatchBooking(),
            dispatchBooking({ id: 'b2', reference: 'TB-2', status: 'confirmed', worker: { id: 'w1', name: 'Luis Ortega', phone: null }, minutesSincePlaced: 30 }),
          ],
        },
      },
    });

    const row = await rowOf('TB-7K3M9Q');
    expect(within(row).getByRole('link', { name: 'TB-7K3M9Q' })).toHaveAttribute('href', '/admin/bookings/b1');
    expect(row).toHaveTextContent('TV installation');
    expect(row).toHaveTextContent('Fri, May 15, 2:30 PM');
    expect(row).toHaveTextContent('Ana Lopez');
    expect(within(row).getByRole('link', { name: /Call Ana Lopez/ })).toHaveAttribute('href', 'tel:+18135550123');
    expect(within(row).getByRole('link', { name: /123 Main St, Apt 4, Tampa, FL 33602/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=123%20Main%20St%2C%20Apt%204%2C%20Tampa%2C%20FL%2033602',
    );
    expect(row).toHaveTextContent('New – call the customer');
    expect(row).toHaveTextContent('Unassigned');

    const assigned = await rowOf('TB-2');
    expect(assigned).toHaveTextContent('Luis Ortega');
    expect(assigned).toHaveTextContent('Assigned');
    // The contact promise is for bookings still waiting for their first call.
    expect(within(assigned).queryByRole('button', { name: /Mark contacted/ })).not.toBeInTheDocument();
  });

  it('flags a final amount waiting for approval on its row', async () => {
    renderBoard({
      'GET /api/admin/bookings': { body: { bookings: [dispatchBooking(FINAL_AWAITING_APPROVAL), dispatchBooking({ id: 'b2', reference: 'TB-2', status: 'in_progress' })] } },
    });

    expect(await rowOf('TB-7K3M9Q')).toHaveTextContent('Final amount $301.00 awaits approval');
    expect(await rowOf('TB-2')).not.toHaveTextContent('awaits approval');
  });

  it('shows the minutes since booking against the 5-10 minute promise: neutral at 4, amber at 6, red at 11', async () => {
    renderBoard({
      'GET /api/admin/bookings': {
        body: {
          bookings: [
            dispatchBooking({ id: 'b4', reference: 'TB-4', minutesSincePlaced: 4 }),
            dispatchBooking({ id: 'b6', reference: 'TB-6', minutesSincePlaced: 6 }),
            dispatchBooking({ id: 'b11', reference: 'TB-11', minutesSincePlaced: 11 }),
          ],
        },
      },
    });

    const timer = async (reference: string) => within(await rowOf(reference)).getByText(/min since booking/);
    const four = await timer('TB-4');
    expect(four).toHaveTextContent('4 min since booking');
    expect(four).toHaveAttribute('data-urgency', 'ok');
    expect(four.className).toMatch(/slate/);

    const six = await timer('TB-6');
    expect(six).toHaveTextContent('6 min since booking — call now');
    expect(six).toHaveAttribute('data-urgency', 'soon');
    expect(six.className).toMatch(/amber/);

    const eleven = await timer('TB-11');
    expect(eleven).toHaveTextContent('11 min since booking — over the 10 minute promise');
    expect(eleven).toHaveAttribute('data-urgency', 'late');
    expect(eleven.className).toMatch(/red/);
  });

  it('ticks on every 30 seconds: 4 minutes turn amber a minute later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // The server counts from the booking's time, so a refetch (every minute) answers on the same clock.
      const placedAt = Date.now() - 4 * 60_000 - 5_000;
      renderBoard({
        'GET /api/admin/bookings': () => ({ body: { bookings: [dispatchBooking({ minutesSincePlaced: Math.floor((Date.now() - placedAt) / 60_000) })] } }),
      });
      const timer = within(await rowOf('TB-7K3M9Q')).getByText(/min since booking/);
      expect(timer).toHaveAttribute('data-urgency', 'ok');

      act(() => vi.advanceTimersByTime(30_000));
      expect(timer).toHaveTextContent('4 min since booking');
      act(() => vi.advanceTimersByTime(30_000));
      expect(within(await rowOf('TB-7K3M9Q')).getByText(/min since booking/)).toHaveTextContent('5 min since booking — call now');
      expect(within(await rowOf('TB-7K3M9Q')).getByText(/min since booking/)).toHaveAttribute('data-urgency', 'soon');
    } finally {
      vi.useRealTimers();
    }
  });

  it('records the first contact with "Mark contacted" and shows it', async () => {
    let contactedAt: string | null = null;
    const current = () => dispatchBooking({ minutesSincePlaced: 6, contactedAt });
    const { calls } = renderBoard({
      'GET /api/admin/bookings': () => ({ body: { bookings: [current()] } }),
      'POST /api/admin/bookings/b1/contacted': () => {
        contactedAt = '2026-05-15T14:07:00.000Z';
        return { body: current() };
      },
    });

    const row = await rowOf('TB-7K3M9Q');
    expect(within(row).getByText('New – call the customer')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /Mark contacted/ }));

    expect(await within(row).findByText('Contacted 7 min after booking')).toBeInTheDocument();
    // the badge follows at once: no longer asking to call the customer
    expect(within(row).queryByText('New – call the customer')).not.toBeInTheDocument();
    expect(within(row).getByText('Contacted – assign a technician')).toBeInTheDocument();
    expect(calls('POST', '/api/admin/bookings/b1/contacted')).toHaveLength(1);
    expect(within(row).queryByRole('button', { name: /Mark contacted/ })).not.toBeInTheDocument();
    expect(await screen.findByText('First contact recorded for TB-7K3M9Q.')).toBeInTheDocument();
  });

  it('shows a new booking without reloading, with a toast and a sound', async () => {
    let bookings = [dispatchBooking()];
    renderBoard({ 'GET /api/admin/bookings': () => ({ body: { bookings } }) });
    await rowOf('TB-7K3M9Q');
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));

    bookings = [dispatchBooking({ id: 'b9', reference: 'TB-NEW999', minutesSincePlaced: 0 }), ...bookings];
    FakeEventSource.latest().emitBooking({ bookingId: 'b9', type: 'created', status: 'pending' });

    expect(await rowOf('TB-NEW999')).toHaveTextContent('0 min since booking');
    expect(await screen.findByText('New booking — call the customer within 5-10 minutes.')).toBeInTheDocument();
    expect(playChime).toHaveBeenCalledTimes(1);

    // Other changes refresh the board quietly.
    FakeEventSource.latest().emitBooking({ bookingId: 'b1', type: 'assigned', status: 'confirmed' });
    expect(playChime).toHaveBeenCalledTimes(1);
  });

  it('asks for the view and the search, kept in the address', async () => {
    const { calls } = renderBoard({ 'GET /api/admin/bookings': { body: { bookings: [] } } }, '/admin?view=unassigned');
    expect(await screen.findByText('Every booking has a technician.')).toBeInTheDocument();
    expect(calls('GET', '/api/admin/bookings')[0].url.searchParams.get('view')).toBe('unassigned');
    expect(screen.getByRole('link', { name: 'Unassigned' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('link', { name: 'Cancelled' }));
    expect(await screen.findByText('No cancelled bookings.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search bookings' }), '813555');
    await waitFor(() => expect(calls('GET', '/api/admin/bookings').at(-1)!.url.searchParams.get('q')).toBe('813555'));
    expect(calls('GET', '/api/admin/bookings').at(-1)!.url.searchParams.get('view')).toBe('cancelled');
    expect(await screen.findByText('No bookings match “813555” in this view.')).toBeInTheDocument();
  });

  it('tells a customer the board is for admins, without asking for bookings', async () => {
    const { calls } = renderBoard({ 'GET /api/me': { body: CUSTOMER_ME } });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(calls('GET', '/api/admin/bookings')).toHaveLength(0);
  });

  it('asks a signed-out visitor to sign in and come back', async () => {
    renderBoard({ 'GET /api/me': { body: SIGNED_OUT } });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?redirect=%2Fadmin');
  });

  it('turns a 403 from the API into "access denied"', async () => {
    renderBoard({ 'GET /api/admin/bookings': { status: 403, body: { message: 'Admins only.', code: 'forbidden' } } });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
  });
});
