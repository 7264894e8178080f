/**
 * Dispatch test data: an admin, and bookings as the admin API answers them — a TV installation
 * on Friday 2026-05-15 at 2:30 PM Tampa time for Ana Lopez, pending, held on a test Visa.
 */
import type { DispatchBooking, DispatchBookingDetail } from '../types';

export const ADMIN = { user: { id: 'a1', email: 'admin@example.com', name: 'Dana Admin' }, profile: null, role: 'admin' };
export const CUSTOMER_ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

export function dispatchBooking(overrides: Partial<DispatchBooking> = {}): DispatchBooking {
  return {
    id: 'b1',
    reference: 'TB-7K3M9Q',
    service: 'tv-installation',
    status: 'pending',
    options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
    address: { street: '123 Main St', unit: 'Apt 4', city: 'Tampa', state: 'FL', zip: '33602' },
    contactPhone: '+18135550123',
    notes: null,
    scheduledStart: '2026-05-15T18:30:00.000Z',
    scheduledEnd: '2026-05-15T19:30:00.000Z',
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
    customer: { id: 'u1', name: 'Ana Lopez', email: 'ana@example.com', phone: '+18135550123' },
    minutesSincePlaced: 2,
    ...overrides,
  };
}

export function bookingDetail(overrides: Partial<DispatchBookingDetail> = {}): DispatchBookingDetail {
  return {
    booking: dispatchBooking(),
    events: [{ type: 'created', fromStatus: null, toStatus: 'pending', actorRole: 'user', amountCents: 4838, note: null, createdAt: '2026-05-15T14:00:00.000Z' }],
    assignableWorkers: [
      { id: 'w1', name: 'Luis Ortega' },
      { id: 'w2', name: 'Mia Chen' },
    ],
    photoUrl: null,
    ...overrides,
  };
}
