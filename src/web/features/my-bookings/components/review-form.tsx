/**
 * "Rate this job" on a completed booking in My Bookings (issue #14): 1-5 stars as a radio group
 * (native radios: arrow keys move and choose, one Tab stop; each star labelled "4 stars"), an
 * optional comment (up to 1000 characters), sent once; afterwards the card shows the review. The
 * form shows until 14 days after completion (`reviewUntil`; the server decides). The link in the
 * receipt email (`/my-bookings?booking=ID&review=1`) brings the form into view and focuses it.
 */
import Star from 'lucide-react/icons/star';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RATING_MAX, REVIEW_COMMENT_MAX } from '@/domain/reviews';
import type { BookingView } from '@/domain/booking-request';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';
import { useAddReview } from '../api/add-review';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** Stars drawn for a rating (decorative: the text beside them says the number). */
export function StarsShown({ rating }: { rating: number }) {
  return (
    <span aria-hidden="true" className="inline-flex">
      {STARS.map((star) => (
        <Star key={star} className={cn('h-4 w-4', star <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300')} />
      ))}
    </span>
  );
}

export function ReviewForm({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const firstStarRef = useRef<HTMLInputElement>(null);
  const addReview = useAddReview();
  const review = booking.review ?? null;
  const open = booking.status === 'completed' && !review && booking.reviewUntil != null && Date.now() < Date.parse(booking.reviewUntil);
  const linked = params.get('booking') === booking.id && params.get('review') === '1';

  useEffect(() => {
    if (!linked || !open) return;
    sectionRef.current?.scrollIntoView?.({ block: 'center' });
    firstStarRef.current?.focus();
  }, [linked, open]);

  if (booking.status !== 'completed' || (!review && !open)) return null;
  const titleId = `${id}-title`;

  if (review) {
    return (
      <section aria-labelledby={titleId} className="space-y-1 rounded-lg border border-slate-200 p-4 text-sm">
        <h4 id={titleId} className="font-semibold text-slate-900">
          {t('myBookings.rating.yours')}
        </h4>
        <p className="flex items-center gap-2 text-slate-900">
          <StarsShown rating={review.rating} />
          <span>{t('myBookings.rating.stars', { count: review.rating })}</span>
        </p>
        {review.comment ? <p className="whitespace-pre-line break-words text-slate-700">{review.comment}</p> : null}
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setMissing(true);
      firstStarRef.current?.focus();
      return;
    }
    addReview.mutate({ bookingId: booking.id, rating, comment: comment.trim() || null });
  };

  return (
    <section ref={sectionRef} aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-4">
      <form onSubmit={submit} noValidate className="space-y-3">
        <h4 id={titleId} className="font-semibold text-slate-900">
          {t('myBookings.rating.title')}
        </h4>
        <fieldset aria-describedby={missing ? `${id}-missing` : undefined}>
          <legend className="mb-1 text-sm text-slate-700">{t('myBookings.rating.legend')}</legend>
          <div className="flex gap-1">
            {STARS.map((star) => (
              <label key={star} className="cursor-pointer">
                <input
                  ref={star === 1 ? firstStarRef : undefined}
                  type="radio"
                  name={`${id}-rating`}
                  value={star}
                  checked={rating === star}
                  onChange={() => {
                    setRating(star);
                    setMissing(false);
                  }}
                  aria-label={t('myBookings.rating.stars', { count: star })}
                  className="peer sr-only"
                />
                <Star
                  aria-hidden="true"
                  className={cn(
                    'h-8 w-8 rounded peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2',
                    rating !== null && star <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-400',
                  )}
                />
              </label>
            ))}
          </div>
          {missing ? (
            <p id={`${id}-missing`} className="mt-1 text-sm font-medium text-red-800">
              {t('myBookings.rating.required')}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-comment`}>{t('myBookings.rating.comment')}</Label>
          <textarea
            id={`${id}-comment`}
            value={comment}
            maxLength={REVIEW_COMMENT_MAX}
            onChange={(event) => setComment(event.target.value)}
            rows={3}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          />
        </div>
        {addReview.isError ? <ApiErrorAlert error={addReview.error} /> : null}
        <Button type="submit" disabled={addReview.isPending}>
          {addReview.isPending ? t('myBookings.rating.sending') : t('myBookings.rating.submit')}
        </Button>
      </form>
    </section>
  );
}
