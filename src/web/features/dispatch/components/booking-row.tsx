/**
 * One booking on the dispatch board: reference (opens the detail), service, Tampa date and time,
 * customer name and call-back phone, address (map link), status, worker, a final amount waiting
 * for approval, and for a booking still waiting for its first call, the contact promise with
 * "Mark contacted".
 */
import CircleAlert from 'lucide-react/icons/circle-alert';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPrice, formatTampaShort } from '@/domain/format';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { MapLink, PhoneLink } from '@/web/components/staff/contact-links';
import { Card } from '@/web/components/ui/card';
import { ContactPromise } from './contact-promise';
import { DispatchStatusBadge } from './dispatch-status-badge';

export function BookingRow({ booking, fetchedAt }: { booking: DispatchBooking; fetchedAt: number }) {
  const { t, i18n } = useTranslation();
  const titleId = `dispatch-${booking.id}`;
  const phone = booking.contactPhone || booking.customer.phone;

  return (
    <Card className="p-4">
      <article aria-labelledby={titleId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              <Link
                to={`/admin/bookings/${encodeURIComponent(booking.id)}`}
                className="rounded-sm text-brand-700 underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                {booking.reference}
              </Link>
              <span className="text-slate-900"> · {t(`services.${booking.service}.name`)}</span>
            </h2>
            <p className="text-sm text-slate-700">{formatTampaShort(booking.scheduledStart, i18n.language)}</p>
          </div>
          <DispatchStatusBadge booking={booking} />
        </div>

        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="font-medium text-slate-600">{t('dispatch.row.customer')}</dt>
            <dd className="text-slate-900">
              <span className="block break-words">{booking.customer.name}</span>
              {phone ? <PhoneLink phone={phone} label={t('dispatch.row.call', { name: booking.customer.name })} /> : null}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-slate-600">{t('dispatch.row.address')}</dt>
            <dd>
              <MapLink address={booking.address} />
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-slate-600">{t('dispatch.row.worker')}</dt>
            <dd className="text-slate-900">{booking.worker ? booking.worker.name : <span className="text-slate-600">{t('dispatch.row.unassigned')}</span>}</dd>
          </div>
        </dl>

        {booking.finalApproval?.status === 'pending' && booking.final ? (
          <p className="inline-flex items-center gap-1.5 self-start rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900">
            <CircleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
            {t('dispatch.row.awaitingApproval', { amount: formatPrice(booking.final.totalCents, i18n.language) })}
          </p>
        ) : null}

        {booking.status === 'pending' ? <ContactPromise booking={booking} fetchedAt={fetchedAt} /> : null}
      </article>
    </Card>
  );
}
