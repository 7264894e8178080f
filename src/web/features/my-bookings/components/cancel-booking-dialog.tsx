/**
 * Cancelling a booking from My Bookings. The dialog first asks the server what cancelling now
 * would cost (GET .../cancellation) and shows it before anything happens: the policy's
 * explanation, the fee, what is released back to the card, and when released money and refunds
 * arrive. "Cancel booking" then posts the cancellation with an Idempotency-Key, the same when it
 * is pressed again after a lost answer, so a retry cancels (and charges) once. "Keep booking"
 * closes it.
 */
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPrice, formatTampaDateTime } from '@/domain/format';
import type { BookingView } from '@/domain/booking-request';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { ApiError } from '@/web/lib/api-client';
import { useCancellationPolicy } from '@/web/lib/cancellation-policy';
import { toast } from '@/web/lib/toast';
import { useCancelBooking } from '../api/cancel-booking';
import { useCancellationPreview } from '../api/get-cancellation-preview';

export interface CancelBookingDialogProps {
  booking: BookingView;
  onClose: () => void;
  /** Where focus goes after a successful cancellation (the Cancel button that opened the dialog goes away). */
  focusAfterCancelRef?: RefObject<HTMLElement | null>;
  /** Called once the booking is cancelled (before `onClose`). */
  onCancelled?: () => void;
}

export function CancelBookingDialog({ booking, onClose, focusAfterCancelRef, onCancelled }: CancelBookingDialogProps) {
  const { t, i18n } = useTranslation();
  // The policy the booking was made under (issue #12); the current one only if an older answer lacks it.
  const currentPolicy = useCancellationPolicy();
  const policy = booking.cancellationPolicy ?? currentPolicy;
  const preview = useCancellationPreview(booking.id);
  const cancel = useCancelBooking();
  const keepRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const money = (cents: number) => formatPrice(cents, i18n.language);

  const confirm = () => {
    cancel.mutate(
      { bookingId: booking.id },
      {
        onSuccess: (updated) => {
          const fee = updated.cancellation?.feeCents ?? preview.data?.feeCents ?? 0;
          returnFocusRef.current = focusAfterCancelRef?.current ?? null;
          onCancelled?.();
          toast.success(
            fee === 0
              ? t('myBookings.cancel.doneFree', { reference: booking.reference })
              : t('myBookings.cancel.doneFee', { reference: booking.reference, fee: money(fee) }),
          );
          onClose();
        },
      },
    );
  };

  // The tier's explanation comes from the server; refund timing is stated below from the settings.
  const explanation = preview.data?.message;
  const failure = cancel.error ? (cancel.error instanceof ApiError ? cancel.error.message : t('errors.generic')) : null;

  return (
    <Dialog
      title={t('myBookings.cancel.title')}
      description={t('myBookings.cancel.description', {
        service: t(`services.${booking.service}.name`),
        when: formatTampaDateTime(booking.scheduledStart, i18n.language),
      })}
      onClose={onClose}
      initialFocusRef={keepRef}
      returnFocusRef={returnFocusRef}
      dismissible={!cancel.isPending}
    >
      <div className="space-y-4">
        <div aria-live="polite" aria-busy={preview.isPending}>
          {preview.isPending ? (
            <p role="status" className="text-sm text-slate-700">
              {t('myBookings.cancel.loading')}
            </p>
          ) : preview.isError ? (
            <div role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p>{t('myBookings.cancel.previewFailed')}</p>
              <p>{preview.error instanceof ApiError ? preview.error.message : t('errors.generic')}</p>
              <Button variant="outline" size="sm" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
                {t('common.retry')}
              </Button>
            </div>
          ) : (
            <div className="space-y-3">
              <p className="rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-slate-900">{explanation}</p>
              <dl className="space-y-2 text-sm">
                <div className="flex items-start justify-between gap-3 font-semibold text-slate-900">
                  <dt>{t('myBookings.cancel.fee')}</dt>
                  <dd className="shrink-0 tabular-nums">{preview.data.feeCents === 0 ? t('myBookings.cancel.noFee') : money(preview.data.feeCents)}</dd>
                </div>
                {preview.data.releaseCents > 0 ? (
                  <div className="flex items-start justify-between gap-3">
                    <dt>{t('myBookings.cancel.released')}</dt>
                    <dd className="shrink-0 tabular-nums">{money(preview.data.releaseCents)}</dd>
                  </div>
                ) : null}
                {preview.data.chargeCents > 0 ? (
                  <div className="flex items-start justify-between gap-3">
                    <dt>{t('myBookings.cancel.chargedSeparately')}</dt>
                    <dd className="shrink-0 tabular-nums">{money(preview.data.chargeCents)}</dd>
                  </div>
                ) : null}
              </dl>
              <p className="text-sm text-slate-700">
                {t('myBookings.cancel.refundTiming', { min: policy.refundBusinessDays.min, max: policy.refundBusinessDays.max })}
              </p>
              <Link to="/cancellations" className="inline-block rounded-sm text-sm font-medium text-brand-700 underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
                {t('myBookings.cancel.policyLink')}
              </Link>
            </div>
          )}
        </div>

        <div aria-live="assertive">
          {failure ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
              {failure}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button ref={keepRef} variant="outline" size="lg" onClick={onClose} disabled={cancel.isPending}>
            {t('myBookings.cancel.keep')}
          </Button>
          <Button
            variant="destructive"
            size="lg"
            onClick={confirm}
            disabled={!preview.data || cancel.isPending}
            aria-busy={cancel.isPending || undefined}
          >
            {cancel.isPending ? t('myBookings.cancel.cancelling') : t('myBookings.cancel.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
