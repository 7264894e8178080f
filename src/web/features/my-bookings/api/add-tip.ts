/**
 * `POST /api/bookings/:id/tip` with `{ amountCents }` (src/domain/tips-contract.ts): the customer's
 * tip on a completed job, charged on the booking's saved card. Sent with an Idempotency-Key (one
 * per confirmed tip, the same on a retry after no answer or a 5xx: withIdempotencyKey), so a
 * retry never charges twice. 402 `card_declined` (translated; the customer may try again), 409
 * `tip_exists` | `tip_in_progress`, 422 `tip_window_closed` | `tip_too_large` |
 * `booking_not_completed`. The bookings list is refreshed either way (the booking shows the tip).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddTipRequest, TipView } from '@/domain/tips-contract';
import { apiFetch } from '@/web/lib/api-client';
import { withIdempotencyKey } from '@/web/lib/idempotency-key';

export interface AddTipInput extends AddTipRequest {
  bookingId: string;
  idempotencyKey: string;
}

export function addTip({ bookingId, amountCents, idempotencyKey }: AddTipInput): Promise<TipView> {
  return apiFetch<TipView>(`/api/bookings/${encodeURIComponent(bookingId)}/tip`, {
    method: 'POST',
    body: { amountCents } satisfies AddTipRequest,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** addTip with the action's Idempotency-Key made here (see withIdempotencyKey). */
const addTipOnce = withIdempotencyKey('booking.tip', addTip);

export function useAddTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTipOnce,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
