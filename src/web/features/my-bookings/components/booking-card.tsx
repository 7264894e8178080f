/**
 * One booking in My Bookings: service, reference, date and time in Tampa time, address,
 * status, total, and the card hold ("held, not charged yet" while the payment is authorized).
 */
import type { BookingView } from '@/domain/booking-request';
import type { BookingStatus } from '@/domain/booking-status';
import { useTranslation } from 'react-i18next';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { formatCents, formatTampaDateTime } from '@/web/lib/format';

const STATUS_STYLES: Record<BookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-blue-100 text-blue-900',
  en_route: 'bg-blue-100 text-blue-900',
  in_progress: 'bg-indigo-100 text-indigo-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
  no_show: 'bg-red-100 text-red-900',
  payment_failed: 'bg-red-100 text-red-900',
};

export function BookingCard({ booking }: { booking: BookingView }) {
  const { t, i18n } = useTranslation();
  const titleId = `booking-${booking.id}-title`;
  const { address, payment } = booking;
  const addressLine = [address.unit ? `${address.street}, ${address.unit}` : address.street, address.city, `${address.state} ${address.zip}`].join(', ');

  return (
    <Card className="p-5">
      <article aria-labelledby={titleId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {t(`services.${booking.service}.name`)}
            </h2>
            <p className="text-sm text-slate-600">{t('myBookings.reference', { reference: booking.reference })}</p>
          </div>
          <p className={cn('rounded-full px-3 py-1 text-sm font-semibold', STATUS_STYLES[booking.status])}>
            <span className="sr-only">{t('myBookings.status')}: </span>
            {t(`status.${booking.status}`)}
          </p>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-600">{t('myBookings.when')}</dt>
            <dd className="text-slate-900">{formatTampaDateTime(booking.scheduledStart, i18n.language)}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">{t('myBookings.address')}</dt>
            <dd className="break-words text-slate-900">{addressLine}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">{t('myBookings.total')}</dt>
            <dd className="text-slate-900">
              <span className="font-semibold">{formatCents(booking.totalCents, i18n.language)}</span>{' '}
              <span className="text-slate-600">{t('myBookings.taxIncluded', { tax: formatCents(booking.taxCents, i18n.language) })}</span>
            </dd>
          </div>
          {payment ? (
            <div>
              <dt className="font-medium text-slate-600">{t('myBookings.payment')}</dt>
              <dd className="text-slate-900">
                {payment.cardBrand && payment.cardLast4 ? (
                  <span className="block">{t('myBookings.card', { brand: brandName(payment.cardBrand), last4: payment.cardLast4 })}</span>
                ) : null}
                <span className="block">
                  {t(`myBookings.paymentStatus.${payment.status}`, { amount: formatCents(payment.amountHeldCents, i18n.language) })}
                </span>
                {payment.testMode ? (
                  <span className="mt-1 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {t('myBookings.testMode')}
                  </span>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
      </article>
    </Card>
  );
}

/** "visa" -> "Visa", "amex" -> "Amex": gateways report brands in lower case. */
function brandName(brand: string): string {
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}
