// @vitest-environment jsdom
/**
 * Issue #11: the booking flow records its funnel in the analytics events (kept in localStorage
 * and sent by lib/analytics.ts): each step viewed and completed, the rule that stopped a step as
 * its message's i18n key, and the booking placed with its total.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS } from '@/domain/booking-funnel';
import { getStoredEvents } from '@/web/lib/analytics';
import { newDraft, type BookingDraft } from '../hooks/use-booking-draft';
import { Component as BookingPage } from '../pages/booking-page';
import { fakeApi, placedBooking, renderWithProviders, TEST_SETTINGS } from '../testing/render';
import { BOOKING_STEPS } from '../utils/steps';

const START = '2026-05-15T18:00:00.000Z';
const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };
const BOOKING = placedBooking({ scheduledStart: START });

const funnel = () =>
  getStoredEvents()
    .filter((e) => e.category === 'booking_funnel' || e.category === 'booking')
    .map((e) => [e.action, e.label, ...(e.params?.rule ? [e.params.field, e.params.rule] : [])]);
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const click = async (name: string | RegExp) => userEvent.click(await screen.findByRole('button', { name }));

function api() {
  return fakeApi({
    'GET /api/me': () => ({ body: ME }),
    'GET /api/settings/public': () => ({ body: TEST_SETTINGS }),
    'GET /api/services/tv-installation/slots': () => ({ body: { date: '2026-05-15', dates: ['2026-05-15'], starts: [START] } }),
    'POST /api/bookings': () => ({ status: 201, body: BOOKING }),
    'POST /api/analytics/events': () => ({ body: { accepted: 0, rejected: [], stripped: [] } }),
  });
}

describe('booking funnel events', () => {
  it('has the same steps as the flow', () => {
    expect([...FUNNEL_STEPS]).toEqual([...BOOKING_STEPS]);
  });

  it('records each step viewed and completed, and the rules that stopped the customer as i18n keys', async () => {
    api();
    renderWithProviders(<BookingPage />, { route: '/book/tv-installation', path: '/book/:slug' });
    expect(await heading('Service')).toBeInTheDocument();
    await click('Next');
    expect(await heading('Options & Details')).toBeInTheDocument();
    await click('Next'); // nothing chosen: three rules stop it
    await screen.findByText('Please select a screen size.');
    await userEvent.click(screen.getByRole('radio', { name: '56-65"' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /drilling into walls/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /no electrical work/ }));
    await click('Next');
    expect(await heading('Date & Time')).toBeInTheDocument();
    await click('Next'); // no time chosen
    await screen.findByText('Please choose a date and time.');

    expect(funnel()).toEqual([
      ['step_viewed', 'service'],
      ['step_completed', 'service'],
      ['step_viewed', 'options'],
      ['step_blocked', 'options', 'screenSize', 'validation.screenSizeRequired'],
      ['step_blocked', 'options', 'wallRiskAccepted', 'validation.wallRiskRequired'],
      ['step_blocked', 'options', 'limitationsAcknowledged', 'validation.limitationsRequired'],
      ['step_completed', 'options'],
      ['step_viewed', 'datetime'],
      ['step_blocked', 'datetime', 'startAt', 'validation.startInvalid'],
    ]);
    expect(getStoredEvents().find((e) => e.action === 'step_viewed')?.params).toEqual({ service: 'tv-installation' });
  });

  it('records the booking placed with its total in cents when the confirmation shows', async () => {
    api();
    const draft = newDraft('tv-installation');
    const review: BookingDraft = {
      ...draft,
      step: 'review',
      options: { ...draft.options, 'tv-installation': BOOKING.options as BookingDraft['options']['tv-installation'] },
      date: '2026-05-15',
      startAt: START,
      address: { street: '401 Channelside Dr', unit: '', city: 'Tampa', state: 'FL', zip: '33602' },
      contactPhone: '(813) 555-0123',
      paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242' },
    };
    sessionStorage.setItem('booking-draft:tv-installation', JSON.stringify(review));
    renderWithProviders(<BookingPage />, { route: '/book/tv-installation', path: '/book/:slug' });
    await click('Confirm & Book');
    expect(await heading('Booking received!')).toBeInTheDocument();
    expect(funnel()).toEqual([
      ['step_viewed', 'review'],
      ['step_completed', 'review'],
      ['step_viewed', 'confirmation'],
      ['booking_placed', 'tv-installation'],
    ]);
    const placed = getStoredEvents().find((e) => e.action === 'booking_placed')!;
    expect(placed.value).toBe(BOOKING.totalCents);
    expect(JSON.stringify(getStoredEvents())).not.toContain('Channelside');
  });
});
