/**
 * The public settings the web tests' fake API answers (`GET /api/settings/public`): the seeded
 * prices (TV $45 per job, furniture $35 an hour, painting $250 a room), 7.5 % tax, 8 AM-8 PM in
 * 30-minute steps two hours ahead for 14 days, the default cancellation policy, a test-mode
 * simulated gateway. `overrides` changes what a test needs different (e.g. the service-area ZIPs).
 */
import { DEFAULT_CANCELLATION_POLICY } from '@/domain/cancellation-policy';
import type { PublicSettings } from '@/web/lib/public-settings';

export function testPublicSettings(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
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
    ...overrides,
  };
}
