// @vitest-environment jsdom
/**
 * Issue #14, "Arrival window": the confirmation shows the window (start to start + the setting),
 * narrowed to the ETA once the technician is on the way, live.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '@/domain/booking-request';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage } from '@/web/test/render-route';
import { placedBooking } from '../testing/render';
import { ConfirmationStep } from './confirmation-step';

const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

describe('the confirmation’s arrival window', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs from the start to the setting’s minutes after it, then narrows to the ETA when the technician heads out', async () => {
    const booking: BookingView = { ...placedBooking(), arrivalWindowMinutes: 120 };
    let current = booking;
    mockApi({ 'GET /api/me': { body: ME }, 'GET /api/bookings/b1': () => ({ body: current }) });
    renderPage(<ConfirmationStep booking={booking} />);

    expect(screen.getByText('Arrival window (Tampa time)')).toBeInTheDocument();
    expect(screen.getByText(/^2:00\sPM – 4:00\sPM$/)).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));

    current = { ...booking, status: 'en_route', worker: { id: 'w1', name: 'Luis Ortega', phone: null }, etaAt: '2026-05-15T18:50:00.000Z' };
    FakeEventSource.latest().emitBooking({ bookingId: 'b1', type: 'en_route', status: 'en_route' });
    expect(await screen.findByText(/^2:50\sPM – 3:05\sPM, from your technician's ETA$/)).toBeInTheDocument();
  });
});
