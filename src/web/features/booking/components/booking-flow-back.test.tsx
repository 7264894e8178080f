// @vitest-environment jsdom
/**
 * Issue #15: the Android back button walks back through the booking steps. The native shell
 * sends the button to lib/back-navigation's handleBack(); here it is called the same way, and the
 * customer must land on the step the step's own Back button leads to, until the first step,
 * where the flow lets back leave the page.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_ME } from '@/web/lib/auth';
import { handleBack } from '@/web/lib/back-navigation';
import { newDraft, type BookingDraft } from '../hooks/use-booking-draft';
import { Component as BookingPage } from '../pages/booking-page';
import { fakeApi, placedBooking, renderWithProviders, TEST_SETTINGS } from '../testing/render';

const START = '2026-05-15T18:00:00.000Z';
const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };
const BOOKING = placedBooking({ scheduledStart: START });

function api(me: unknown) {
  return fakeApi({
    'GET /api/me': () => ({ body: me }),
    'GET /api/settings/public': () => ({ body: TEST_SETTINGS }),
    'GET /api/services/tv-installation/slots': () => ({ body: { date: '2026-05-15', dates: ['2026-05-15'], starts: [START] } }),
    'GET /api/account/addresses': () => ({ body: [] }),
    'GET /api/account/payment-methods': () => ({ body: [] }),
    'POST /api/bookings': () => ({ status: 201, body: BOOKING }),
  });
}

/** A draft completed up to `step`. */
function seedDraft(step: BookingDraft['step']) {
  const draft = newDraft('tv-installation');
  const filled: BookingDraft = {
    ...draft,
    step,
    options: { ...draft.options, 'tv-installation': BOOKING.options as BookingDraft['options']['tv-installation'] },
    date: '2026-05-15',
    startAt: START,
    address: { street: '401 Channelside Dr', unit: '', city: 'Tampa', state: 'FL', zip: '33602' },
    contactPhone: '(813) 555-0123',
    paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242' },
  };
  sessionStorage.setItem('booking-draft:tv-installation', JSON.stringify(filled));
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const back = () => {
  let handled = false;
  act(() => {
    handled = handleBack();
  });
  return handled;
};

describe('the back button in the booking flow', () => {
  it('walks a signed-in customer back from Review to Service, skipping Sign In, then lets back leave the page', async () => {
    api(ME);
    seedDraft('review');
    renderWithProviders(<BookingPage />, { route: '/book/tv-installation', path: '/book/:slug' });

    expect(await heading('Review')).toBeInTheDocument();
    for (const step of ['Payment', 'Address & Schedule', 'Date & Time', 'Options & Details', 'Service']) {
      expect(back()).toBe(true);
      expect(await heading(step)).toBeInTheDocument();
    }
    expect(back()).toBe(false);
    expect(screen.getByRole('heading', { level: 2, name: 'Service' })).toBeInTheDocument();
    expect((JSON.parse(sessionStorage.getItem('booking-draft:tv-installation')!) as BookingDraft).step).toBe('service');
  });

  it('takes a signed-out customer from Payment back to Sign In', async () => {
    api(SIGNED_OUT_ME);
    seedDraft('payment');
    renderWithProviders(<BookingPage />, { route: '/book/tv-installation', path: '/book/:slug' });

    // A signed-out customer cannot pass Sign In, so the saved Payment step shows Sign In first.
    expect(await heading('Sign In')).toBeInTheDocument();
    expect(back()).toBe(true);
    expect(await heading('Address & Schedule')).toBeInTheDocument();
  });

  it('leaves the confirmation to history: the booking is made, there is no step to go back to', async () => {
    api(ME);
    seedDraft('review');
    renderWithProviders(<BookingPage />, { route: '/book/tv-installation', path: '/book/:slug' });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm & Book' }));
    expect(await heading('Booking received!')).toBeInTheDocument();
    expect(back()).toBe(false);
    expect(screen.getByRole('heading', { level: 2, name: 'Booking received!' })).toBeInTheDocument();
  });

  it('stops answering once the flow is gone', async () => {
    api(ME);
    seedDraft('datetime');
    const { unmount } = renderWithProviders(<BookingPage />, { route: '/book/tv-installation', path: '/book/:slug' });
    expect(await heading('Date & Time')).toBeInTheDocument();
    unmount();
    expect(back()).toBe(false);
  });
});
