/**
 * Dispatch test data: an admin, and bookings as the admin API answers them — a TV installation
 * on Friday 2026-05-15 at 2:30 PM Tampa time for Ana Lopez, pending, held on a test Visa.
 */
import type { DispatchBooking, DispatchBookingDetail } from '@/domain/dispatch-contract';
import { bookingView } from '@/web/test/booking-view';

export const ADMIN = { user: { id: 'a1', email: 'admin@example.com', name: 'Dana Admin' }, profile: null, role: 'admin' };
export const CUSTOMER_ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

export function dispatchBooking(overrides: Partial<DispatchBooking> = {}): DispatchBooking {
  return {
    ...bookingView({ createdAt: '2026-05-15T14:00:00.000Z' }),
    customer: { id: 'u1', name: 'Ana Lopez', email: 'ana@example.com', phone: '+18135550123' },
    minutesSincePlaced: 2,
    ...overrides,
  };
}

export function bookingDetail(overrides: Partial<DispatchBookingDetail> = {}): DispatchBookingDetail {
  return {
    booking: dispatchBooking(),
    events: [{ type: 'created', fromStatus: null, toStatus: 'pending', actorRole: 'user', amountCents: 4838, note: null, data: null, workerName: null, createdAt: '2026-05-15T14:00:00.000Z' }],
    assignableWorkers: [
      { id: 'w1', name: 'Luis Ortega' },
      { id: 'w2', name: 'Mia Chen' },
    ],
    photoUrl: null,
    ...overrides,
  };
}
