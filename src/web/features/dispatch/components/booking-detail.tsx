/**
 * One booking for the admin (issue #4): customer and contact, address with a map link, the
 * options and photo, worker and ETA, price and payment, the event timeline, and the actions the
 * booking's status allows — mark contacted, assign a worker, set the ETA, reschedule, cancel
 * (policy outcome first), mark no-show, complete on the worker's behalf, refund. A final amount
 * waiting for approval (issue #9) shows first, with "Approve and charge" and "Change the actuals".
 * Each action is a dialog with a busy state and the server's message on failure; success refreshes
 * this page and the board. Live updates keep it current while someone else works on the same booking.
 */
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTampaDateTime, formatTampaTime } from '@/domain/format';
import { canCancel, canComplete } from '@/domain/booking-status';
import type { DispatchBookingDetail } from '@/domain/dispatch-contract';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { OptionsSummary } from '@/web/components/booking/options-summary';
import { MapLink, PhoneLink } from '@/web/components/staff/contact-links';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { apiUrl } from '@/web/lib/api-base';
import { ApiError } from '@/web/lib/api-client';
import { useLiveUpdates } from '@/web/lib/live-updates';
import { useDispatchBooking } from '../api/get-dispatch-booking';
import { ApproveFinalDialog } from './actions/approve-final-dialog';
import { AssignWorkerDialog } from './actions/assign-worker-dialog';
import { CancelDialog } from './actions/cancel-dialog';
import { CompleteDialog } from './actions/complete-dialog';
import { EtaDialog } from './actions/eta-dialog';
import { NoShowDialog } from './actions/no-show-dialog';
import { RefundDialog } from './actions/refund-dialog';
import { RescheduleDialog } from './actions/reschedule-dialog';
import { ContactPromise } from './contact-promise';
import { DispatchStatusBadge } from './dispatch-status-badge';
import { JobPhotos } from '@/web/components/booking/job-photos';
import { EventTimeline } from './event-timeline';
import { FinalApprovalNotice } from './final-approval-notice';
import { MoneySummary } from './money-summary';

type Action = 'assign' | 'eta' | 'reschedule' | 'cancel' | 'noShow' | 'complete' | 'approveFinal' | 'refund';

export function BookingDetail({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const detail = useDispatchBooking(bookingId);
  useLiveUpdates();

  let content;
  if (detail.isPending) content = <LoadingScreen />;
  else if (detail.isError && !detail.data) {
    content =
      detail.error instanceof ApiError && detail.error.status === 404 ? (
        <Card className="p-6 text-slate-700">{t('dispatch.detail.notFound')}</Card>
      ) : (
        <QueryErrorNotice error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} title={t('dispatch.detail.loadFailed')} />
      );
  } else content = <DetailContent detail={detail.data} fetchedAt={detail.dataUpdatedAt} />;

  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/admin"
        className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-brand-700 underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('dispatch.detail.back')}
      </Link>
      {content}
    </div>
  );
}

function DetailContent({ detail, fetchedAt }: { detail: DispatchBookingDetail; fetchedAt: number }) {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<Action | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { booking, events, photoUrl } = detail;
  const close = () => setAction(null);
  const status = booking.status;
  const approvalPending = booking.finalApproval?.status === 'pending';

  const actions: { name: Action; label: string; shown: boolean; destructive?: boolean }[] = [
    { name: 'assign', label: booking.worker ? t('dispatch.actions.reassign') : t('dispatch.actions.assign'), shown: status === 'pending' || status === 'confirmed' },
    { name: 'eta', label: booking.etaAt ? t('dispatch.actions.changeEta') : t('dispatch.actions.setEta'), shown: Boolean(booking.worker) && (status === 'confirmed' || status === 'en_route') },
    { name: 'reschedule', label: t('dispatch.actions.reschedule'), shown: status === 'pending' || status === 'confirmed' },
    { name: 'complete', label: approvalPending ? t('dispatch.approval.changeActuals') : t('dispatch.actions.complete'), shown: canComplete(status, 'admin') },
    { name: 'refund', label: t('dispatch.actions.refund'), shown: booking.money.paidCents > 0 },
    { name: 'noShow', label: t('dispatch.actions.noShow'), shown: canCancel(status), destructive: true },
    { name: 'cancel', label: t('dispatch.actions.cancel'), shown: canCancel(status), destructive: true },
  ];
  const available = actions.filter((a) => a.shown);

  return (
    <article aria-labelledby="booking-detail-title" className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <Card className="flex flex-col gap-3 p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h1 id="booking-detail-title" ref={titleRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
                {booking.reference}
              </h1>
              <p className="text-slate-700">
                {t(`services.${booking.service}.name`)} · {formatTampaDateTime(booking.scheduledStart, i18n.language)}
              </p>
            </div>
            <DispatchStatusBadge booking={{ status, contactedAt: booking.contactedAt }} />
          </div>
          {status === 'pending' ? <ContactPromise booking={booking} fetchedAt={fetchedAt} /> : null}
        </Card>

        {approvalPending ? <FinalApprovalNotice booking={booking} onApprove={() => setAction('approveFinal')} onChangeActuals={() => setAction('complete')} /> : null}

        <Section title={t('dispatch.detail.customer')}>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Item label={t('dispatch.detail.name')}>{booking.customer.name}</Item>
            <Item label={t('dispatch.detail.email')}>
              <a href={`mailto:${booking.customer.email}`} className="break-all text-brand-700 underline underline-offset-4">
                {booking.customer.email}
              </a>
            </Item>
            <Item label={t('dispatch.detail.callBack')}>
              <PhoneLink phone={booking.contactPhone} />
            </Item>
            {booking.customer.phone && booking.customer.phone !== booking.contactPhone ? (
              <Item label={t('dispatch.detail.profilePhone')}>
                <PhoneLink phone={booking.customer.phone} />
              </Item>
            ) : null}
            <Item label={t('dispatch.detail.address')} wide>
              <MapLink address={booking.address} />
            </Item>
          </dl>
          <Link to={`/admin/customers/${encodeURIComponent(booking.customer.id)}`} className="mt-3 inline-block text-sm font-medium text-brand-700 underline underline-offset-4">
            {t('dispatch.history.open', { name: booking.customer.name })}
          </Link>
        </Section>

        <Section title={t('dispatch.detail.job')}>
          <OptionsSummary options={booking.options} />
          {booking.notes ? (
            <div className="mt-3 text-sm">
              <p className="font-medium text-slate-600">{t('dispatch.detail.notes')}</p>
              <p className="break-words whitespace-pre-line text-slate-900">{booking.notes}</p>
            </div>
          ) : null}
          {photoUrl ? (
            <a href={apiUrl(photoUrl)} target="_blank" rel="noreferrer noopener" className="mt-3 block max-w-sm">
              <img src={apiUrl(photoUrl)} alt={t('dispatch.detail.photo')} className="max-h-72 rounded-md border border-slate-200 object-contain" />
            </a>
          ) : null}
        </Section>

        <Section title={t('dispatch.detail.dispatch')}>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Item label={t('dispatch.detail.worker')}>
              {booking.worker ? (
                <>
                  <span className="block">{booking.worker.name}</span>
                  {booking.worker.phone ? <PhoneLink phone={booking.worker.phone} /> : null}
                </>
              ) : (
                t('dispatch.row.unassigned')
              )}
            </Item>
            <Item label={t('dispatch.detail.eta')}>{booking.etaAt ? formatTampaTime(booking.etaAt, i18n.language) : t('dispatch.detail.noEta')}</Item>
          </dl>
        </Section>

        <Section title={t('dispatch.detail.timeline')}>
          <EventTimeline events={events} />
          <JobPhotos bookingId={booking.id} enabled={booking.status === 'in_progress' || booking.status === 'completed'} headingLevel={3} />
        </Section>
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        <Section title={t('dispatch.detail.actions')}>
          {available.length === 0 ? (
            <p className="text-sm text-slate-700">{t('dispatch.detail.noActions')}</p>
          ) : (
            <div className="flex flex-col gap-2">
              {available.map((a) => (
                <Button
                  key={a.name}
                  variant="outline"
                  size="lg"
                  className={a.destructive ? 'border-red-300 text-red-800 hover:bg-red-50' : undefined}
                  onClick={() => setAction(a.name)}
                >
                  {a.label}
                </Button>
              ))}
            </div>
          )}
        </Section>
        <Section title={t('dispatch.detail.money')}>
          <MoneySummary booking={booking} />
        </Section>
      </div>

      {action === 'assign' ? <AssignWorkerDialog detail={detail} onClose={close} /> : null}
      {action === 'eta' ? <EtaDialog booking={booking} onClose={close} /> : null}
      {action === 'reschedule' ? <RescheduleDialog booking={booking} onClose={close} /> : null}
      {action === 'cancel' ? <CancelDialog booking={booking} onClose={close} /> : null}
      {action === 'noShow' ? <NoShowDialog booking={booking} onClose={close} /> : null}
      {action === 'complete' ? <CompleteDialog booking={booking} onClose={close} /> : null}
      {action === 'approveFinal' ? <ApproveFinalDialog booking={booking} onClose={close} focusAfterApproveRef={titleRef} /> : null}
      {action === 'refund' ? <RefundDialog booking={booking} onClose={close} /> : null}
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <section aria-label={title} className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {children}
      </section>
    </Card>
  );
}

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
