/**
 * `GET /api/bookings/:id/cancellation`: what cancelling now would cost, before the customer
 * confirms: the policy tier, the fee, how much of the hold is taken and released, any part
 * charged separately, and the server's explanation in the customer's language (docs/api.md).
 * The outcome depends on the clock, so it is fetched fresh every time the dialog opens.
 */
import { useQuery } from '@tanstack/react-query';
import type { CancellationTier } from '@/domain/cancellation-policy';
import { apiFetch } from '@/web/lib/api-client';

export interface CancellationPreview {
  tier: CancellationTier;
  /** What cancelling costs, in cents (0 in the free tiers). */
  feeCents: number;
  /** The part of the fee taken from the hold. */
  captureCents: number;
  /** The part of the hold released back to the card. */
  releaseCents: number;
  /** The part of the fee charged off-session (when no hold covers it). */
  chargeCents: number;
  /** Translated; names the fee and the refund timing. */
  message: string;
}

export function getCancellationPreview(bookingId: string, signal?: AbortSignal): Promise<CancellationPreview> {
  return apiFetch<CancellationPreview>(`/api/bookings/${encodeURIComponent(bookingId)}/cancellation`, { signal });
}

export function useCancellationPreview(bookingId: string) {
  return useQuery({
    queryKey: ['cancellation-preview', bookingId],
    queryFn: ({ signal }) => getCancellationPreview(bookingId, signal),
    staleTime: 0,
    gcTime: 0,
  });
}
