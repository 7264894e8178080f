/**
 * Bookings and API answers for the My Bookings tests: a TV installation on Friday 2026-05-15 at
 * 2:30 PM Tampa time, held on a test Visa, and the public settings with the default policy.
 */
import type { PublicSettings } from '@/web/lib/public-settings';
import { testPublicSettings } from '@/web/test/public-settings';

export const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

export { bookingView as booking } from '@/web/test/booking-view';

export const SETTINGS: PublicSettings = testPublicSettings();
