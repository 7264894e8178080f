// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '@/domain/booking-request';
import { mockApi, renderPage, type ApiTable } from '@/web/test/render-route';
import { Component as MyBookingsPage } from '../pages/my-bookings-page';
import { booking, ME, SETTINGS } from '../testing/bookings';

const DATES = ['2026-05-13', '2026-05-14', '2026-05-15', '2026-05-16'];
// 2026-05-16 14:00 UTC is 10:00 AM in Tampa; 15:00 UTC is 11:00 AM.
const STARTS: Record<string, string[]> = { '2026-05-16': ['2026-05-16T14:00:00.000Z', '2026-05-16T15:00:00.000Z'] };

function api(current: BookingView, overrides: ApiTable = {}) {
  const fetchMock = mockApi({
    'GET /api/me': { body: ME },
    'GET /api/settings/public': { body: SETTINGS },
    'GET /api/bookings': () => ({ body: { bookings: [current] } }),
    'GET /api/services/tv-installation/slots': (_init, url) => {
      const date = url.searchParams.get('date') ?? DATES[0];
      return { body: { date, dates: DATES, starts: STARTS[date] ?? [] } };
    },
    'POST /api/bookings/b1/reschedule': (init) => {
      const { startAt } = JSON.parse(String(init?.body)) as { startAt: string };
      current = { ...current, scheduledStart: startAt, scheduledEnd: new Date(Date.parse(startAt) + 3_600_000).toISOString() };
      return { body: current };
    },
    ...overrides,
  });
  const requests = (method: string, path: string) =>
    fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method);
  return { requests };
}

async function openReschedule() {
  renderPage(<MyBookingsPage />, { path: '/my-bookings' });
  const card = await screen.findByRole('article');
  await userEvent.click(within(card).getByRole('button', { name: 'Reschedule' }));
  return screen.findByRole('dialog');
}

describe('rescheduling from My Bookings', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-13T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves the booking to another offered time of the same length', async () => {
    const { requests } = api(booking());
    const dialog = await openReschedule();

    expect(dialog).toHaveAccessibleName('Reschedule your booking');
    expect(dialog).toHaveAccessibleDescription('Now booked for Friday, May 15, 2026 at 2:30 PM EDT');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Sat, May 16' }));
    const times = await within(dialog).findByRole('radiogroup', { name: 'Start times on Sat, May 16' });
    expect(dialog).toHaveTextContent('Times are in Tampa time (Eastern).');
    await userEvent.click(within(times).getByRole('radio', { name: '11:00 AM' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move booking' }));

    expect(await screen.findByText('Booking TB-7K3M9Q moved to Saturday, May 16, 2026 at 11:00 AM EDT.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('Saturday, May 16, 2026 at 11:00 AM EDT');
    const slotUrls = requests('GET', '/api/services/tv-installation/slots').map(([url]) => String(url));
    expect(slotUrls.every((url) => url.includes('durationMinutes=60'))).toBe(true);
    const [[, post]] = requests('POST', '/api/bookings/b1/reschedule');
    expect(JSON.parse(String(post?.body))).toEqual({ startAt: '2026-05-16T15:00:00.000Z' });
    expect((post?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a time before posting', async () => {
    const { requests } = api(booking());
    const dialog = await openReschedule();
    await within(dialog).findByRole('button', { name: /Today/ });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Move booking' }));
    expect(within(dialog).getByText('Please choose a date and time.')).toBeInTheDocument();
    expect(requests('POST', '/api/bookings/b1/reschedule')).toHaveLength(0);
  });

  it('shows the message and fresh times when the time was taken meanwhile', async () => {
    const { requests } = api(booking(), {
      'POST /api/bookings/b1/reschedule': {
        status: 409,
        body: { message: 'That time is no longer available. Please choose another time.', code: 'slot_unavailable' },
      },
    });
    const dialog = await openReschedule();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Sat, May 16' }));
    await userEvent.click(await within(dialog).findByRole('radio', { name: '10:00 AM' }));
    const before = requests('GET', '/api/services/tv-installation/slots').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move booking' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That time is no longer available. Please choose another time.');
    await waitFor(() => expect(requests('GET', '/api/services/tv-installation/slots').length).toBeGreaterThan(before));
    expect(await within(dialog).findByRole('radio', { name: '10:00 AM' })).not.toBeChecked();
  });

  it('explains the policy inside the notice window and offers to cancel or contact support', async () => {
    api(booking({ canReschedule: false }), {
      'GET /api/bookings/b1/cancellation': {
        body: { tier: 'half', feeCents: 2419, captureCents: 2419, releaseCents: 2419, chargeCents: 0, message: 'A 50% fee applies.' },
      },
    });
    const dialog = await openReschedule();

    expect(dialog).toHaveAccessibleName("Rescheduling isn't available online");
    expect(dialog).toHaveTextContent("Free rescheduling needs at least 24 hours' notice, and your appointment is less than 24 hours away.");
    expect(within(dialog).getByRole('link', { name: 'Call us at (813) 555-0100' })).toHaveAttribute('href', 'tel:+18135550100');
    expect(within(dialog).getByRole('link', { name: 'Email help@example.com' }).getAttribute('href')).toMatch(/^mailto:help@example\.com\?subject=/);
    expect(within(dialog).queryByRole('group', { name: 'Date' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(await within(cancel).findByText('A 50% fee applies.')).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('offers only support when the booking can no longer be cancelled either', async () => {
    api(booking({ status: 'en_route', canReschedule: false, canCancel: false }));
    const dialog = await openReschedule();

    expect(within(dialog).queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Call us/ })).toBeInTheDocument();
  });
});
