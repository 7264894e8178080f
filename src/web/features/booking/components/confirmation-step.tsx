/**
 * Step 8, Confirmation: the booking was received; we call within the promised minutes (5-10 unless
 * changed on /admin/settings); its details and
 * where to follow it. It keeps following the booking (live updates and a slow poll), so the
 * technician, the ETA, "on the way", "in progress" and "completed" with the amount appear here
 * without reloading.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPrice, formatTampaDateTime } from '@/domain/format';
import type { BookingView } from '@/domain/booking-request';
import { BookingProgress } from '@/web/components/booking/booking-progress';
import { PaymentNotice } from '@/web/components/booking/payment-notice';
import { arrivalWindowText } from '@/web/components/booking/arrival-window';
import { buttonVariants } from '@/web/components/ui/button';
import { formatAddress } from '@/web/lib/address';
import { useContactPromise } from '@/web/lib/public-settings';
import { useLiveUpdates } from '@/web/lib/live-updates';
import { useTrackedBooking } from '../api/get-booking';

export function ConfirmationStep({ booking: created }: { booking: BookingView }) {
  const { t, i18n } = useTranslation();
  const { data: booking } = useTrackedBooking(created);
  const promise = useContactPromise();
  useLiveUpdates();
  const window = arrivalWindowText(booking, t, i18n.language);
  const rows: [string, string][] = [
    [t('booking.confirmation.reference'), booking.reference],
    [t('booking.confirmation.service'), t(`services.${booking.service}.name`)],
    [t('booking.confirmation.when'), formatTampaDateTime(booking.scheduledStart, i18n.language)],
    ...(window ? [[t('booking.arrivalWindow.label'), window] as [string, string]] : []),
    [t('booking.confirmation.address'), formatAddress(booking.address)],
    [t('booking.confirmation.total'), formatPrice(booking.totalCents, i18n.language)],
  ];
  return (
    <div className="space-y-5">
      <div className="space-y-2 rounded-md border border-green-200 bg-green-50 p-4 text-green-900">
        <p className="font-medium">{t('booking.confirmation.contact', promise)}</p>
        {booking.status === 'pending' ? <p>{t('booking.confirmation.technician')}</p> : null}
      </div>
      <BookingProgress booking={booking} showCharged />
      <dl className="space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {/* The same notice as the Payment and Review steps and My Bookings (paymentTimingNotice). */}
      <PaymentNotice className="text-sm text-slate-700" start={booking.scheduledStart} now={booking.createdAt} totalCents={booking.totalCents} payment={booking.payment} money={booking.money} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/my-bookings" className={buttonVariants({ size: 'lg' })}>
          {t('booking.confirmation.myBookings')}
        </Link>
        <Link to="/" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          {t('booking.confirmation.home')}
        </Link>
      </div>
    </div>
  );
}
