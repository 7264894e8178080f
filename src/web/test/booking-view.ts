/**
 * The one BookingView fixture for web tests: a TV installation on Friday 2026-05-15 at 2:30 PM
 * Tampa time, pending, held on a test Visa. Tests override what they are about.
 */
import type { BookingView } from '@/domain/booking-request';

export function bookingView(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: 'b1',
    reference: 'TB-7K3M9Q',
    service: 'tv-installation',
    status: 'pending',
    options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
    address: { street: '123 Main St', unit: 'Apt 4', city: 'Tampa', state: 'FL', zip: '33602' },
    contactPhone: '+18135550123',
    notes: null,
    // 2026-05-15 18:30 UTC is 2:30 PM in Tampa (EDT); the job takes an hour.
    scheduledStart: '2026-05-15T18:30:00.000Z',
    scheduledEnd: '2026-05-15T19:30:00.000Z',
    lineItems: [{ code: 'tv_installation', unit: 'job', quantity: 1, unitPriceCents: 4500, amountCents: 4500, taxCents: 338 }],
    subtotalCents: 4500,
    taxCents: 338,
    totalCents: 4838,
    payment: { status: 'authorized', amountHeldCents: 4838, cardBrand: 'visa', cardLast4: '4242', testMode: true },
    money: { heldCents: 4838, capturedCents: 0, extraChargedCents: 0, refundedCents: 0, paidCents: 0 },
    final: null,
    finalApproval: null,
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
    createdAt: '2026-05-14T12:00:00.000Z',
    ...overrides,
  };
}
