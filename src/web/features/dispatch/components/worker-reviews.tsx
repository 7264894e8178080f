/**
 * A worker's reviews on /admin/workers (issue #14): folded until opened, then every review, newest
 * first, with its stars, comment, booking and customer; a hidden one says so and why. An admin
 * hides an abusive review with a reason (it then no longer counts in the worker's average).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTampaDate } from '@/domain/format';
import type { AdminReview } from '@/domain/reviews-contract';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { useHideReview, useWorkerReviews } from '../api/worker-reviews';

export function WorkerReviews({ workerId }: { workerId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const reviews = useWorkerReviews(workerId, open);
  return (
    <details className="rounded-md border border-slate-200 p-3" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium text-slate-900">{t('people.workers.reviews.title')}</summary>
      <div className="mt-3 space-y-3">
        {reviews.isPending && open ? <p className="text-slate-600">{t('people.workers.reviews.loading')}</p> : null}
        {reviews.isError ? <ApiErrorAlert error={reviews.error} /> : null}
        {reviews.data && reviews.data.reviews.length === 0 ? <p className="text-slate-600">{t('people.workers.reviews.none')}</p> : null}
        {reviews.data && reviews.data.reviews.length > 0 ? (
          <ul className="space-y-3">
            {reviews.data.reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}

function ReviewItem({ review }: { review: AdminReview }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const hide = useHideReview();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    hide.mutate({ reviewId: review.id, reason }, { onSuccess: () => setHiding(false) });
  };
  return (
    <div className="space-y-1 rounded-md bg-slate-50 p-3">
      <p className="font-medium text-slate-900">
        {t('people.workers.reviews.stars', { count: review.rating })} · {review.bookingReference} · {formatTampaDate(review.createdAt, i18n.language)}
        {review.customerName ? ` · ${review.customerName}` : ''}
      </p>
      {review.comment ? <p className="whitespace-pre-line break-words text-slate-800">{review.comment}</p> : null}
      {review.hidden ? (
        <p className="font-medium text-amber-900">{t('people.workers.reviews.hidden', { reason: review.hiddenReason ?? '' })}</p>
      ) : hiding ? (
        <form onSubmit={submit} className="space-y-2">
          <Label htmlFor={`${id}-reason`}>{t('people.workers.reviews.reason')}</Label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={2}
            maxLength={500}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          />
          {hide.isError ? <ApiErrorAlert error={hide.error} /> : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={hide.isPending}>
              {t('people.workers.reviews.confirmHide')}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setHiding(false)}>
              {t('people.workers.reviews.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setHiding(true)}>
          {t('people.workers.reviews.hide')}
        </Button>
      )}
    </div>
  );
}
