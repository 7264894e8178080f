// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, SIGNED_OUT } from '@/web/test/render-route';
import { booking, ME } from '../testing/bookings';
import { Component as MyBookingsPage } from './my-bookings-page';

function renderMyBookings() {
  return renderPage(<MyBookingsPage />, { path: '/my-bookings' });
}

describe('My Bookings page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks a signed-out visitor to sign in and come back here', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderMyBookings();

    expect(await screen.findByText('Please sign in to see your bookings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?redirect=%2Fmy-bookings');
  });

  it('lists bookings with Tampa time, address, status, total and the card hold', async () => {
    mockApi({
      'GET /api/me': { body: ME },
      'GET /api/bookings': {
        body: {
          bookings: [
            booking({ id: 'old', reference: 'TB-OLD111', service: 'painting', status: 'completed', createdAt: '2026-05-01T12:00:00.000Z', payment: null }),
            booking(),
          ],
        },
      },
    });
    renderMyBookings();

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const newest = cards[0];
    expect(within(newest).getByRole('heading', { name: 'TV installation' })).toBeInTheDocument();
    expect(newest).toHaveTextContent('Reference TB-7K3M9Q');
    expect(newest).toHaveTextContent('Friday, May 15, 2026 at 2:30 PM EDT');
    expect(newest).toHaveTextContent('123 Main St, Apt 4, Tampa, FL 33602');
    expect(newest).toHaveTextContent("Received – we'll call you shortly");
    expect(newest).toHaveTextContent('$48.38');
    expect(newest).toHaveTextContent('Visa ending in 4242');
    expect(newest).toHaveTextContent('$48.38 held on your card, not charged yet');
    expect(within(cards[1]).getByRole('heading', { name: 'Painting' })).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Completed');
  });

  it('shows upcoming bookings soonest first, then past ones most recent first', async () => {
    mockApi({
      'GET /api/me': { body: ME },
      'GET /api/bookings': {
        body: {
          // The server's order: newest made first.
          bookings: [
            booking({ id: 'b1', reference: 'TB-LATER1', status: 'pending', scheduledStart: '2026-05-20T14:00:00.000Z', createdAt: '2026-05-10T12:00:00.000Z' }),
            booking({ id: 'b2', reference: 'TB-OLDDN1', status: 'completed', scheduledStart: '2026-04-01T14:00:00.000Z', createdAt: '2026-05-09T12:00:00.000Z', payment: null }),
            booking({ id: 'b3', reference: 'TB-SOON11', status: 'confirmed', scheduledStart: '2026-05-16T14:00:00.000Z', createdAt: '2026-05-08T12:00:00.000Z' }),
            booking({ id: 'b4', reference: 'TB-RECNT1', status: 'cancelled', scheduledStart: '2026-05-25T14:00:00.000Z', createdAt: '2026-05-07T12:00:00.000Z', payment: null }),
            booking({ id: 'b5', reference: 'TB-ONWAY1', status: 'en_route', scheduledStart: '2026-05-15T18:30:00.000Z', createdAt: '2026-05-01T12:00:00.000Z' }),
          ],
        },
      },
    });
    renderMyBookings();

    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const past = screen.getByRole('region', { name: 'Past' });
    const references = (section: HTMLElement) => within(section).getAllByRole('article').map((card) => /TB-[A-Z0-9]{6}/.exec(card.textContent ?? '')?.[0]);
    expect(references(upcoming)).toEqual(['TB-ONWAY1', 'TB-SOON11', 'TB-LATER1']);
    expect(references(past)).toEqual(['TB-RECNT1', 'TB-OLDDN1']);
    // Upcoming comes first on the page.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Upcoming', 'Past']);
  });

  it('says when nothing is coming up, above the past bookings', async () => {
    mockApi({ 'GET /api/me': { body: ME }, 'GET /api/bookings': { body: { bookings: [booking({ status: 'completed', payment: null })] } } });
    renderMyBookings();

    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(upcoming).toHaveTextContent('Nothing coming up.');
    expect(within(screen.getByRole('region', { name: 'Past' })).getAllByRole('article')).toHaveLength(1);
  });

  it('offers a way to book when there are no bookings', async () => {
    mockApi({ 'GET /api/me': { body: ME }, 'GET /api/bookings': { body: { bookings: [] } } });
    renderMyBookings();

    expect(await screen.findByText('You have no bookings yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a service' })).toHaveAttribute('href', '/');
  });

  it('shows the error and retries on request', async () => {
    let calls = 0;
    mockApi({
      'GET /api/me': { body: ME },
      'GET /api/bookings': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'internal' } }
          : { body: { bookings: [booking()] } };
      },
    });
    renderMyBookings();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your bookings.");
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Reference TB-7K3M9Q')).toBeInTheDocument();
  });
});
