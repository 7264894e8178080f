/**
 * Bookings and API answers for the My Bookings tests: a TV installation on Friday 2026-05-15 at
 * 2:30 PM Tampa time, held on a test Visa, and the public settings with the default policy.
 */
import { DEFAULT_CANCELLATION_POLICY } from '@/domain/cancellation-policy';
import type { PublicSettings } from '@/web/lib/public-settings';

export const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

export { bookingView as booking } from '@/web/test/booking-view';

export const SETTINGS: PublicSettings = {
  services: [
    { slug: 'tv-installation', pricingModel: 'per_job', unitPriceCents: 4500, active: true },
    { slug: 'furniture-assembly', pricingModel: 'per_hour', unitPriceCents: 3500, active: true },
    { slug: 'painting', pricingModel: 'per_room', unitPriceCents: 25000, active: true },
  ],
  taxRateBps: 750,
  serviceAreaZips: ['33602'],
  supportPhone: '+18135550100',
  supportEmail: 'help@example.com',
  payments: { gateway: 'simulated', testMode: true },
  slotRules: { openMinute: 480, closeMinute: 1200, stepMinutes: 30, leadMinutes: 120, daysAhead: 14 },
  cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
};
