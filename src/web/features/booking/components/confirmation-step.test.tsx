// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '@/domain/booking-request';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage } from '@/web/test/render-route';
import { ConfirmationStep } from './confirmation-step';

const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

const BOOKING: BookingView = {
  id: 'b1',
  reference: 'TB-7K3M9Q',
  service: 'tv-installation',
  status: 'pending',
  options: { service: 'tv-installation', screenSize: '56_65', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
  address: { street: '401 Channelside Dr', unit: null, city: 'Tampa', state: 'FL', zip: '33602' },
  contactPhone: '+18135550123',
  notes: null,
  scheduledStart: '2026-05-15T18:00:00.000Z',
  scheduledEnd: '2026-05-15T19:00:00.000Z',
  lineItems: [{ code: 'tv_installation', unit: 'job', quantity: 1, unitPriceCents: 4500, amountCents: 4500, taxCents: 338 }],
  subtotalCents: 4500,
  taxCents: 338,
  totalCents: 4838,
  payment: { status: 'authorized', amountHeldCents: 4838, cardBrand: 'visa', cardLast4: '4242', testMode: true },
  money: { heldCents: 4838, capturedCents: 0, extraChargedCents: 0, refundedCents: 0, paidCents: 0 },
  final: null,
  cancellation: null,
  canCancel: true,
  canReschedule: true,
  worker: null,
  etaAt: null,
  contactedAt: null,
    acceptedAt: null,
  enRouteAt: null,
  startedAt: null,
  completedAt: null,
  createdAt: '2026-05-15T14:00:00.000Z',
};

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
