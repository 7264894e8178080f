/**
 * One booking in My Bookings: service, reference, status, date and time in Tampa time, address,
 * the technician's progress (assigned, on the way with the ETA, working, done; live, see
 * components/booking/booking-progress), a final amount waiting for our approval (what it is and
 * why, nothing above the booking charged yet), the receipt (price, card hold, what was charged
 * and refunded, any cancellation fee), and what the customer can still do: reschedule (or learn
 * why not and what else to do), cancel, and message us about it (the chat widget opens on the
 * conversation carrying this booking, lib/chat-widget.ts). The technician stays named after the
 * job, the job's details (options, notes) fold open, and a finished or cancelled booking offers
 * "Book again" (the booking flow starts from its options and address, lib/book-again.ts). A
 * completed job takes the customer's review and tip (ReviewForm, TipForm; issue #14), and the
 * technician's line shows their rating.
 */
import { addressOneLine } from '@/domain/address';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, formatTampaDateTime } from '@/domain/format';
import type { BookingStatus } from '@/domain/booking-status';
import { BookingProgress } from '@/web/components/booking/booking-progress';
import { JobPhotos } from '@/web/components/booking/job-photos';
import { arrivalWindowText } from '@/web/components/booking/arrival-window';
import { OptionsSummary } from '@/web/components/booking/options-summary';
import { StatusBadge } from '@/web/components/booking/status-badge';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { bookAgainLink } from '@/web/lib/book-again';
import { Card } from '@/web/components/ui/card';
import { openChatWidget } from '@/web/lib/chat-widget';
import type { TrackedBooking } from '@/web/lib/tracked-booking';
import { BookingReceipt } from './booking-receipt';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { FinalAmountReview } from './final-amount-review';
import { RescheduleDialog } from './reschedule-dialog';
import { ReviewForm } from './review-form';
import { TipForm } from './tip-form';

/**
 * Statuses in which moving the appointment is still a question: before the technician starts.
 * Whether it is free is the server's call (`canReschedule`); otherwise the dialog explains why not.
 */
const RESCHEDULE_ASKABLE: readonly BookingStatus[] = ['pending', 'confirmed', 'en_route'];

/** While the job is under way the progress line names the technician; after it, the details do. */
const TECHNICIAN_IN_PROGRESS: readonly BookingStatus[] = ['confirmed', 'en_route', 'in_progress'];

/** Bookings that are over: "Book again" starts a new one like them. */
const BOOK_AGAIN: readonly BookingStatus[] = ['completed', 'cancelled', 'no_show'];

type OpenDialog = 'cancel' | 'reschedule' | null;

/**
 * Bookings just cancelled: they move from Upcoming to Past (pages/my-bookings-page.tsx), where
 * their card mounts anew; its heading then takes the focus the Cancel button had.
 */
const focusOnMove = new Set<string>();

/** @param openDialog a dialog to open on arrival (a mail's link, `?booking=ID&action=...`), when the booking still allows it */
export function BookingCard({ booking, openDialog }: { booking: TrackedBooking; openDialog?: 'reschedule' | 'cancel' }) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<OpenDialog>(() =>
    openDialog === 'cancel' && booking.canCancel ? 'cancel' : openDialog === 'reschedule' && (booking.canReschedule || RESCHEDULE_ASKABLE.includes(booking.status)) ? 'reschedule' : null,
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = `booking-${booking.id}-title`;
  const { address } = booking;
  const addressLine = addressOneLine(address);
  const canAskReschedule = booking.canReschedule || RESCHEDULE_ASKABLE.includes(booking.status);
  const arrivalWindow = arrivalWindowText(booking, t, i18n.language);
  useEffect(() => {
    if (focusOnMove.delete(booking.id)) headingRef.current?.focus();
  }, [booking.id]);

  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={titleId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
              {t(`services.${booking.service}.name`)}
            </h3>
            <p className="text-sm text-slate-600">{t('myBookings.reference', { reference: booking.reference })}</p>
          </div>
          <StatusBadge status={booking.status} label={t(`status.${booking.status}`)} srPrefix={t('myBookings.status')} />
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-600">{t('myBookings.when')}</dt>
            <dd className="text-slate-900">{formatTampaDateTime(booking.scheduledStart, i18n.language)}</dd>
          </div>
          {arrivalWindow ? (
            <div>
              <dt className="font-medium text-slate-600">{t('booking.arrivalWindow.label')}</dt>
              <dd className="text-slate-900">{arrivalWindow}</dd>
            </div>
          ) : null}
          <div>
            <dt className="font-medium text-slate-600">{t('myBookings.address')}</dt>
            <dd className="break-words text-slate-900">{addressLine}</dd>
          </div>
          {booking.worker && !TECHNICIAN_IN_PROGRESS.includes(booking.status) ? (
            <div>
              <dt className="font-medium text-slate-600">{t('myBookings.technician')}</dt>
              <dd className="break-words text-slate-900">
                {booking.worker.name}
                {booking.worker.rating?.average != null ? (
                  <span className="block text-slate-600">{t('myBookings.technicianRating', { average: formatNumber(booking.worker.rating.average, i18n.language, 1), count: booking.worker.rating.count })}</span>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>

        <details className="rounded-md border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-900">{t('myBookings.jobDetails')}</summary>
          <div className="mt-3 space-y-2">
            <OptionsSummary options={booking.options} />
            {booking.notes ? (
              <dl className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
                <dt className="text-slate-600">{t('myBookings.notes')}</dt>
                <dd className="whitespace-pre-line break-words text-slate-900">{booking.notes}</dd>
              </dl>
            ) : null}
          </div>
        </details>

        <BookingProgress booking={booking} />

        <FinalAmountReview booking={booking} titleId={`booking-${booking.id}-review`} />

        <BookingReceipt booking={booking} titleId={`booking-${booking.id}-receipt`} />

        <JobPhotos bookingId={booking.id} enabled={booking.status === 'in_progress' || booking.status === 'completed'} headingLevel={4} />

        <ReviewForm booking={booking} />
        <TipForm booking={booking} />

        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          {BOOK_AGAIN.includes(booking.status) ? (
            <Link {...bookAgainLink(booking)} className={buttonVariants()} aria-describedby={titleId}>
              {t('myBookings.actions.bookAgain')}
            </Link>
          ) : null}
          <Button variant="outline" onClick={() => openChatWidget({ bookingId: booking.id })} aria-describedby={titleId}>
            {t('myBookings.actions.message')}
          </Button>
          {canAskReschedule ? (
            <Button variant="outline" onClick={() => setDialog('reschedule')} aria-describedby={titleId}>
              {t('myBookings.actions.reschedule')}
            </Button>
          ) : null}
          {booking.canCancel ? (
            <Button
              variant="outline"
              className="border-red-300 text-red-800 hover:bg-red-50"
              onClick={() => setDialog('cancel')}
              aria-describedby={titleId}
            >
              {t('myBookings.actions.cancel')}
            </Button>
          ) : null}
        </div>
      </article>

      {dialog === 'cancel' ? <CancelBookingDialog booking={booking} onClose={() => setDialog(null)} focusAfterCancelRef={headingRef} onCancelled={() => focusOnMove.add(booking.id)} /> : null}
      {dialog === 'reschedule' ? (
        <RescheduleDialog booking={booking} onClose={() => setDialog(null)} onRequestCancel={() => setDialog('cancel')} />
      ) : null}
    </Card>
  );
}
