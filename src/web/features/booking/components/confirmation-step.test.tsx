// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '@/domain/booking-request';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage } from '@/web/test/render-route';
import { placedBooking } from '../testing/render';
import { ConfirmationStep } from './confirmation-step';

const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

const BOOKING = placedBooking();

describe('the confirmation step, following its booking', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the technician, the ETA and finally what was charged, as the booking changes', async () => {
    let current: BookingView = BOOKING;
    const fetchMock = mockApi({ 'GET /api/me': { body: ME }, 'GET /api/bookings/b1': () => ({ body: current }) });
    renderPage(<ConfirmationStep booking={BOOKING} />);

    expect(screen.getByText('Our team will be in touch within 5-10 minutes.')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    // The booking it was given is fresh: nothing is asked until something changes.
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/bookings/b1')).toHaveLength(0);

    current = { ...BOOKING, status: 'en_route', worker: { id: 'w1', name: 'Luis Ortega', phone: null }, etaAt: '2026-05-15T18:20:00.000Z' };
    FakeEventSource.latest().emitBooking({ bookingId: 'b1', type: 'en_route', status: 'en_route' });
    expect(await screen.findByText('On the way, ETA 2:20 PM')).toBeInTheDocument();
    expect(screen.getByText('Technician assigned: Luis Ortega')).toBeInTheDocument();

    current = { ...current, status: 'completed', money: { heldCents: 4838, capturedCents: 4838, extraChargedCents: 0, refundedCents: 0, paidCents: 4838 } };
    FakeEventSource.latest().emitBooking({ bookingId: 'b1', type: 'completed', status: 'completed' });
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.getByText('Charged to your card: $48.38. The full receipt is in My Bookings.')).toBeInTheDocument();
  });
});
