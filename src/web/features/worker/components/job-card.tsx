/**
 * One job on the worker's day, laid out for a phone: the time and service, big "Call" and
 * "Directions" buttons (tel: and Google Maps), the messages with the customer when they started a
 * conversation about the job, the customer, address, options, notes and photo,
 * the ETA, and one big button for the next step (Accept -> On my way -> Start -> Complete).
 * A step outside its time window (src/domain/job-timing.ts) is shown disabled with when it opens;
 * an assigned job not yet on the way can be declined with a reason (it goes back to the office).
 * An accepted job reads "Accepted" (its status stays `confirmed`; `acceptedAt` tells).
 * A job whose final amount waits for the office's approval says so instead of offering Complete;
 * a finished job shows the amount captured.
 */
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import Hourglass from 'lucide-react/icons/hourglass';
import Navigation from 'lucide-react/icons/navigation';
import Phone from 'lucide-react/icons/phone';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, formatTampaShort, formatTampaTime } from '@/domain/format';
import { BUSINESS_TIME_ZONE } from '@/domain/time-zone';
import type { WorkerJob } from '@/domain/worker-contract';
import { OptionsSummary } from '@/web/components/booking/options-summary';
import { StatusBadge } from '@/web/components/booking/status-badge';
import { JobConversation } from '@/web/components/chat/job-conversation';
import type { JobActuals } from '@/web/components/staff/job-actuals-fields';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { formatAddress, mapSearchHref } from '@/web/lib/address';
import { cn } from '@/web/lib/cn';
import { formatPhoneForDisplay, telHref } from '@/web/lib/public-settings';
import { toast } from '@/web/lib/toast';
import { useDeclineJob } from '../api/decline-job';
import { useJobStep } from '../api/job-step';
import { useNow } from '@/web/lib/use-now';
import { moveAvailability } from '../utils/move-availability';
import { nextAction } from '../utils/next-action';
import { DeclineJobDialog } from './decline-job-dialog';
import { JobPhotoUploader } from './job-photo-uploader';
import { CompleteJobDialog } from './complete-job-dialog';
import { OnMyWayDialog } from './on-my-way-dialog';

const bigLink = cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'h-14 w-full min-w-0 px-3 text-base');

/** `headingLevel`: 3 under the day's heading, 4 under a date inside "Upcoming". */
export function JobCard({ job, headingLevel = 3 }: { job: WorkerJob; headingLevel?: 3 | 4 }) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const titleId = `job-${job.id}`;
  const time = (iso: string) => formatTampaTime(iso, i18n.language);
  const phone = job.customer.phone || job.contactPhone;

  return (
    <Card className="p-4">
      <article aria-labelledby={titleId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <Heading id={titleId} className="text-lg font-semibold text-slate-900">
              {time(job.scheduledStart)} – {time(job.scheduledEnd)} · {t(`services.${job.service}.name`)}
            </Heading>
            <p className="text-sm text-slate-600">{t('worker.job.reference', { reference: job.reference })}</p>
          </div>
          <StatusBadge status={job.status} label={job.status === 'confirmed' && job.acceptedAt ? t('worker.job.accepted') : t(`staff.status.${job.status}`)} srPrefix={t('worker.job.status')} />
        </div>

        <div className="grid grid-cols-2 gap-2">
          {phone ? (
            <a href={telHref(phone)} className={bigLink}>
              <Phone aria-hidden="true" className="h-5 w-5 shrink-0" />
              <span className="truncate">{t('worker.job.call')}</span>
              <span className="sr-only">
                {job.customer.name} {formatPhoneForDisplay(phone)}
              </span>
            </a>
          ) : null}
          <a href={mapSearchHref(job.address)} target="_blank" rel="noreferrer noopener" className={cn(bigLink, !phone && 'col-span-2')}>
            <Navigation aria-hidden="true" className="h-5 w-5 shrink-0" />
            <span className="truncate">{t('worker.job.directions')}</span>
            <span className="sr-only">{t('common.opensInNewTab')}</span>
          </a>
        </div>

        <JobConversation bookingId={job.id} jobStatus={job.status} />

        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="font-medium text-slate-600">{t('worker.job.customer')}</dt>
            <dd className="text-base text-slate-900">
              {job.customer.name}
              {phone ? <span className="block text-slate-700">{formatPhoneForDisplay(phone)}</span> : null}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">{t('worker.job.address')}</dt>
            <dd className="break-words text-base text-slate-900">{formatAddress(job.address)}</dd>
          </div>
          {job.etaAt && (job.status === 'confirmed' || job.status === 'en_route') ? (
            <div>
              <dt className="font-medium text-slate-600">{t('worker.job.eta')}</dt>
              <dd className="text-base text-slate-900">{time(job.etaAt)}</dd>
            </div>
          ) : null}
        </dl>

        <div className="space-y-2">
          <p className="text-sm font-semibold text-slate-900">{t('worker.job.details')}</p>
          <OptionsSummary options={job.options} />
          {job.notes ? <p className="break-words whitespace-pre-line text-sm text-slate-800">{job.notes}</p> : null}
          {job.photoUrl ? (
            <a href={job.photoUrl} target="_blank" rel="noreferrer noopener" className="block">
              <img src={job.photoUrl} alt={t('worker.job.photo')} className="max-h-64 w-full rounded-md border border-slate-200 object-contain" />
            </a>
          ) : null}
        </div>

        {job.status === 'in_progress' ? <JobPhotoUploader jobId={job.id} /> : null}

        {job.status === 'completed' ? (
          <p className="flex items-center gap-2 rounded-md bg-green-50 p-3 text-base font-semibold text-green-900">
            <CircleCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
            {t('worker.job.captured', { amount: formatPrice(capturedCents(job), i18n.language) })}
          </p>
        ) : (
          <JobNextStep job={job} />
        )}
      </article>
    </Card>
  );
}

/** Whether an instant falls on the Tampa day of `now` (then its time alone says when). */
function isTampaToday(iso: string, now: number): boolean {
  const day = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(at);
  return day(Date.parse(iso)) === day(now);
}

/** What the customer's card was charged for a finished job (the capture plus any charge above the hold). */
function capturedCents(job: WorkerJob): number {
  return job.money.capturedCents + job.money.extraChargedCents || job.final?.totalCents || 0;
}

function JobNextStep({ job }: { job: WorkerJob }) {
  const { t, i18n } = useTranslation();
  const step = useJobStep();
  const [acceptedHere, setAcceptedHere] = useState(false);
  const [dialog, setDialog] = useState<'onMyWay' | 'complete' | 'decline' | null>(null);
  const decline = useDeclineJob(job.id);
  // Re-read every 15 s so a move opens on screen when its time comes.
  const now = useNow(15_000);
  const action = nextAction(job, acceptedHere);
  if (!action) return null;
  const availability = moveAvailability(job, action, now);
  const noteId = `job-${job.id}-opens`;
  const opensText = (at: string) => (isTampaToday(at, now) ? formatTampaTime(at, i18n.language) : formatTampaShort(at, i18n.language));

  const openDialog = (name: 'onMyWay' | 'complete') => {
    step.reset();
    setDialog(name);
  };
  const closeDialog = () => {
    step.reset();
    setDialog(null);
  };

  const run = () => {
    if (action === 'accept') {
      step.mutate({ step: 'accept', jobId: job.id }, { onSuccess: () => setAcceptedHere(true) });
    } else if (action === 'start') {
      step.mutate({ step: 'start', jobId: job.id });
    } else {
      openDialog(action);
    }
  };

  const onMyWay = (etaMinutes: number) =>
    step.mutate(
      { step: 'on-my-way', jobId: job.id, etaMinutes },
      {
        onSuccess: () => {
          toast.success(t('worker.onMyWay.done', { minutes: etaMinutes }));
          setDialog(null);
        },
      },
    );

  const complete = (actuals: JobActuals) =>
    step.mutate(
      { step: 'complete', jobId: job.id, actuals },
      {
        onSuccess: (updated) => {
          if (updated.finalApproval?.status === 'pending') {
            toast.success(t('worker.complete.awaitingApproval', { amount: formatPrice(updated.final?.totalCents ?? updated.totalCents, i18n.language) }));
          } else {
            toast.success(t('worker.complete.done', { amount: formatPrice(capturedCents(updated), i18n.language) }));
          }
          setDialog(null);
        },
      },
    );

  const busyInline = step.isPending && dialog === null;
  // The final amount is with the office: nothing for the worker to do until they approve it.
  const awaitingApproval = job.finalApproval?.status === 'pending';

  return (
    <div className="space-y-2">
      {awaitingApproval ? (
        <p className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-base font-semibold text-amber-900 ring-1 ring-amber-200">
          <Hourglass aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          {t('worker.job.awaitingApproval', { amount: formatPrice(job.final?.totalCents ?? job.totalCents, i18n.language) })}
        </p>
      ) : (
        <Button
          size="lg"
          className="h-14 w-full text-lg"
          onClick={run}
          disabled={step.isPending || !availability.open}
          aria-busy={busyInline || undefined}
          aria-describedby={availability.open ? undefined : noteId}
        >
          {busyInline ? t('worker.actions.saving') : t(`worker.actions.${action}`)}
        </Button>
      )}
      {!availability.open ? (
        <p id={noteId} className="flex items-start gap-2 rounded-md bg-slate-100 p-3 text-base text-slate-900">
          <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          {availability.reason === 'dayOver'
            ? t('worker.timing.dayOver')
            : t(action === 'complete' ? 'worker.timing.completeOpens' : 'worker.timing.departureOpens', { time: opensText(availability.at) })}
        </p>
      ) : null}
      {job.status === 'confirmed' ? (
        <Button
          variant="outline"
          size="lg"
          className="h-12 w-full"
          onClick={() => {
            decline.reset();
            setDialog('decline');
          }}
          disabled={step.isPending}
        >
          {t('worker.decline.open')}
        </Button>
      ) : null}
      {step.error && dialog === null ? <ApiErrorAlert error={step.error} /> : null}
      {dialog === 'onMyWay' ? <OnMyWayDialog customerName={job.customer.name} busy={step.isPending} error={step.error} onConfirm={onMyWay} onClose={closeDialog} /> : null}
      {dialog === 'complete' ? <CompleteJobDialog job={job} busy={step.isPending} error={step.error} onConfirm={complete} onClose={closeDialog} /> : null}
      {dialog === 'decline' ? (
        <DeclineJobDialog
          customerName={job.customer.name}
          busy={decline.isPending}
          error={decline.error}
          onConfirm={(body) => decline.mutate(body)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
