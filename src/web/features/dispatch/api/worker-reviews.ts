/**
 * A worker's reviews for admins (issue #14): `GET /api/admin/workers/:id/reviews` (hidden ones
 * too, newest first, with the rating over the visible ones) and `POST /api/admin/reviews/:id/hide`
 * with `{ reason }` (the review stays for staff and drops out of the average). Admins only.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, AdminReviewList, HideReviewRequest } from '@/domain/reviews-contract';
import { apiFetch } from '@/web/lib/api-client';
import { dispatchKeys } from './keys';

const reviewsKey = (workerId: string) => [...dispatchKeys.workers(), workerId, 'reviews'] as const;

export function useWorkerReviews(workerId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewsKey(workerId),
    queryFn: ({ signal }) => apiFetch<AdminReviewList>(`/api/admin/workers/${encodeURIComponent(workerId)}/reviews`, { signal }),
    enabled,
  });
}

export function hideReview({ reviewId, reason }: HideReviewRequest & { reviewId: string }): Promise<AdminReview> {
  return apiFetch<AdminReview>(`/api/admin/reviews/${encodeURIComponent(reviewId)}/hide`, { method: 'POST', body: { reason } satisfies HideReviewRequest });
}

/** Hides a review; the worker's reviews and the workers list (its average) are fetched again. */
export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: hideReview, onSuccess: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.workers() }) });
}
