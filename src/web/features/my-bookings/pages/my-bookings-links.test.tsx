// @vitest-environment jsdom
/**
 * Issue #14: the reminder and notice mails link to `/my-bookings?booking=ID&action=...`; the page
 * opens that booking's dialog (which applies the policy), and shows each card's arrival window.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, SIGNED_OUT } from '@/web/test/render-route';
import { booking, ME, SETTINGS } from '../testing/bookings';
import { Component as MyBookingsPage } from './my-bookings-page';

const PREVIEW = { tier: 'free', feeCents: 0, captureCents: 0, releaseCents: 4838, chargeCents: 0, message: 'Free cancellation.' };

function api() {
  mockApi({
    'GET /api/me': { body: ME },
    'GET /api/settings/public': { body: SETTINGS },
    'GET /api/bookings': {
      body: {
        bookings: [
          booking({ id: 'b1', reference: 'TB-FIRST1' }),
          booking({ id: 'b2', reference: 'TB-SECND2', status: 'en_route', etaAt: '2026-05-15T18:40:00.000Z', arrivalWindowMinutes: 90 }),
          booking({ id: 'b3', reference: 'TB-DONE33', status: 'completed', canCancel: false, canReschedule: false, scheduledStart: '2026-05-01T14:00:00.000Z', payment: null }),
        ],
      },
    },
    'GET /api/services/tv-installation/slots': { body: { starts: [] } },
    'GET /api/bookings/b1/cancellation': { body: PREVIEW },
  });
}

describe('My Bookings links from the mails', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the reschedule dialog of the linked booking', async () => {
    api();
    renderPage(<MyBookingsPage />, { path: '/my-bookings?booking=b1&action=reschedule' });
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule your booking' });
    expect(dialog).toHaveTextContent('Friday, May 15, 2026 at 2:30 PM EDT');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('opens the cancel dialog with the policy’s outcome, and nothing for a booking that can no longer be cancelled', async () => {
    api();
    renderPage(<MyBookingsPage />, { path: '/my-bookings?booking=b1&action=cancel' });
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(await within(dialog).findByText('Free cancellation.')).toBeInTheDocument();
    cleanup();

    api();
    renderPage(<MyBookingsPage />, { path: '/my-bookings?booking=b3&action=cancel' });
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the link through signing in', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderPage(<MyBookingsPage />, { path: '/my-bookings?booking=b1&action=reschedule' });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/auth?redirect=${encodeURIComponent('/my-bookings?booking=b1&action=reschedule')}`);
  });

  it('shows the arrival window: start to the setting’s minutes after it, then the ETA’s once on the way', async () => {
    api();
    renderPage(<MyBookingsPage />, { path: '/my-bookings' });
    const cards = await screen.findAllByRole('article');
    const card = (reference: string) => cards.find((c) => c.textContent?.includes(reference))!;
    expect(card('TB-FIRST1')).toHaveTextContent(/Arrival window \(Tampa time\)2:30\sPM – 3:30\sPM/);
    expect(card('TB-SECND2')).toHaveTextContent(/2:40\sPM – 2:55\sPM, from your technician's ETA/);
    expect(card('TB-DONE33')).not.toHaveTextContent('Arrival window');
  });
});
