// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetChatWidget, useChatWidget } from '@/web/lib/chat-widget';
import { BookingFlow } from '@/web/features/booking/components/booking-flow';
import { mockApi, renderPage, renderRoutes } from '@/web/test/render-route';
import { booking, ME, SETTINGS } from '../testing/bookings';
import { BookingCard } from './booking-card';

/** Stands in for the chat widget: shows what it was asked to open. */
function WidgetProbe() {
  const widget = useChatWidget();
  return <p>{widget.isOpen ? `chat open about ${widget.request.bookingId ?? 'nothing'}` : 'chat closed'}</p>;
}

describe('BookingCard', () => {
  afterEach(() => {
    resetChatWidget();
    vi.unstubAllGlobals();
  });

  it('opens the chat on the conversation about this booking', async () => {
    mockApi({ 'GET /api/me': { body: ME } });
    const item = booking({ status: 'completed', canCancel: false, canReschedule: false });
    renderPage(
      <>
        <BookingCard booking={item} />
        <WidgetProbe />
      </>,
    );
    expect(screen.getByText('chat closed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Message us about this booking' }));

    expect(screen.getByText(`chat open about ${item.id}`)).toBeInTheDocument();
  });

  it('a completed booking keeps its technician and job details, and "Book again" starts a booking with the same options and address', async () => {
    sessionStorage.clear();
    mockApi({ 'GET /api/me': { body: ME }, 'GET /api/settings/public': { body: SETTINGS }, 'GET /api/account/addresses': { body: [] } });
    const done = booking({
      status: 'completed',
      canCancel: false,
      canReschedule: false,
      options: { service: 'tv-installation', screenSize: '56_65', bracket: 'full_motion', wallRiskAccepted: true, limitationsAcknowledged: true },
      notes: 'Gate code 4512',
      worker: { id: 'w1', name: 'Carlos Mendez', phone: null },
      completedAt: '2026-05-15T19:30:00.000Z',
    });
    renderRoutes(
      [
        { path: '/my-bookings', element: <BookingCard booking={done} /> },
        { path: '/book/tv-installation', element: <BookingFlow slug="tv-installation" /> },
      ],
      { path: '/my-bookings' },
    );

    expect(screen.getByText('Technician').nextElementSibling).toHaveTextContent('Carlos Mendez');
    await userEvent.click(screen.getByText('Job details'));
    expect(screen.getByText('56-65"')).toBeVisible();
    expect(screen.getByText('Full-motion mount')).toBeVisible();
    expect(screen.getByText('Gate code 4512')).toBeVisible();

    await userEvent.click(screen.getByRole('link', { name: 'Book again' }));

    // the new booking opens at Options & Details with the same choices; the acknowledgements are given anew
    expect(await screen.findByRole('heading', { name: /Options & Details/ })).toBeInTheDocument();
    // (the step's form is its own chunk, issue #16: it may arrive just after the heading)
    expect(await screen.findByLabelText(/^56-65"/)).toBeChecked();
    expect(screen.getByLabelText(/^Full-motion mount/)).toBeChecked();
    expect(screen.getByLabelText(/drilling into walls/)).not.toBeChecked();
    expect(JSON.parse(sessionStorage.getItem('booking-draft:tv-installation') ?? '{}')).toMatchObject({
      address: { street: '123 Main St', unit: 'Apt 4', city: 'Tampa', state: 'FL', zip: '33602' },
      notes: 'Gate code 4512',
    });
  });

  it('an upcoming booking offers no "Book again"', () => {
    mockApi({ 'GET /api/me': { body: ME } });
    renderPage(<BookingCard booking={booking()} />);
    expect(screen.queryByRole('link', { name: 'Book again' })).not.toBeInTheDocument();
  });
});
