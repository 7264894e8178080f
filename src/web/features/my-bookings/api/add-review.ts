/**
 * `POST /api/bookings/:id/review` with `{ rating, comment }` (src/domain/reviews-contract.ts): the
 * customer's one review of a completed job, within 14 days of completion. Answers the review;
 * 409 `review_exists` when the booking already has one, 422 `booking_not_completed` |
 * `review_window_closed`. The bookings list is refreshed either way (the booking shows the review).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewRequest, ReviewView } from '@/domain/reviews-contract';
import { apiFetch } from '@/web/lib/api-client';

export interface AddReviewInput extends CreateReviewRequest {
  bookingId: string;
}

export function addReview({ bookingId, rating, comment }: AddReviewInput): Promise<ReviewView> {
  return apiFetch<ReviewView>(`/api/bookings/${encodeURIComponent(bookingId)}/review`, { method: 'POST', body: { rating, comment } satisfies CreateReviewRequest });
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
