/**
 * The cancellation policy as the browser shows it (My Bookings, /cancellations, /refunds): the
 * numbers from the public settings, or DEFAULT_CANCELLATION_POLICY until they load or when they
 * cannot be loaded. Kept out of public-settings.ts, which the header loads on every page.
 */
import { DEFAULT_CANCELLATION_POLICY, type CancellationPolicy } from '@/domain/cancellation-policy';
import { usePublicSettings } from './public-settings';

export function useCancellationPolicy(): CancellationPolicy {
  const { data } = usePublicSettings();
  return data?.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY;
}
