/**
 * `GET /api/bookings/:id/cancellation`: what cancelling now would cost, before the customer
 * confirms: the policy tier, the fee, how much of the hold is taken and released, any part
 * charged separately, and the server's explanation in the customer's language (docs/api.md).
 * The outcome depends on the clock, so it is fetched fresh every time the dialog opens.
 */
import { useQuery } from '@tanstack/react-query';
import type { CancellationPreview } from '@/domain/bookings-contract';
import { apiFetch } from '@/web/lib/api-client';

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
