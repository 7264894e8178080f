/**
 * One job on the worker's day, laid out for a phone held in one hand (issue #15): the time and
 * service, the customer, address, ETA, options, notes and photo, the messages with the customer
 * when they started a conversation about the job, and at the bottom — where the thumb is — big
 * "Call" (tel: link to the booking's contact phone, which the worker API gives the assigned
 * worker) and "Navigate" (driving directions in the platform's maps app, lib/directions.ts)
 * links above one big button for the next step (Accept -> On my way -> Start -> Complete).
 * On the worker's next job that action bar sticks to the bottom of a phone's screen while the
 * card scrolls by. Every control is at least 48 px high.
 *
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
import { formatAddress } from '@/web/lib/address';
import { apiUrl } from '@/web/lib/api-base';
import { cn } from '@/web/lib/cn';
import { currentLinkPlatform, directionsUrl, telUrl } from '@/web/lib/directions';
import { formatPhoneForDisplay } from '@/web/lib/public-settings';
import { toast } from '@/web/lib/toast';
import { useNow } from '@/web/lib/use-now';
import { useDeclineJob } from '../api/decline-job';
import { useJobStep } from '../api/job-step';
import { moveAvailability } from '../utils/move-availability';
import { nextAction } from '../utils/next-action';
import { DeclineJobDialog } from './decline-job-dialog';
import { JobPhotoUploader } from './job-photo-uploader';
import { CompleteJobDialog } from './complete-job-dialog';
import { OnMyWayDialog } from './on-my-way-dialog';

const bigLink = cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'h-12 w-full min-w-0 px-3 text-base');

/**
 * `headingLevel`: 3 under the day's heading, 4 under a date inside "Upcoming". `isNext`: the
 * worker's next job (the first one not finished): marked so, with its action bar sticky on phones.
 */
export function JobCard({ job, headingLevel = 3, isNext = false }: { job: WorkerJob; headingLevel?: 3 | 4; isNext?: boolean }) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const titleId = `job-${job.id}`;
  const time = (iso: string) => formatTampaTime(iso, i18n.language);
  const phone = job.customer.phone || job.contactPhone;
  // One step at a time per job: the next step and Decline share it.
  const step = useJobStep();

  return (
    <Card className={cn('p-4', isNext && 'border-brand-600 ring-1 ring-brand-600')}>
      <article aria-labelledby={titleId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            {isNext ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{t('worker.job.next')}</p> : null}
            <Heading id={titleId} className="text-lg font-semibold text-slate-900">
              {time(job.scheduledStart)} – {time(job.scheduledEnd)} · {t(`services.${job.service}.name`)}
            </Heading>
            <p className="text-sm text-slate-600">{t('worker.job.reference', { reference: job.reference })}</p>
          </div>
          <StatusBadge status={job.status} label={job.status === 'confirmed' && job.acceptedAt ? t('worker.job.accepted') : t(`staff.status.${job.status}`)} srPrefix={t('worker.job.status')} />
        </div>

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
            <a href={apiUrl(job.photoUrl)} target="_blank" rel="noreferrer noopener" className="block">
              <img src={apiUrl(job.photoUrl)} alt={t('worker.job.photo')} className="max-h-64 w-full rounded-md border border-slate-200 object-contain" />
            </a>
          ) : null}
        </div>

        <JobConversation bookingId={job.id} jobStatus={job.status} />

        {job.status === 'in_progress' ? <JobPhotoUploader jobId={job.id} /> : null}

        {job.status === 'completed' ? (
          <p className="flex items-center gap-2 rounded-md bg-green-50 p-3 text-base font-semibold text-green-900">
            <CircleCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
            {t('worker.job.captured', { amount: formatPrice(capturedCents(job), i18n.language) })}
          </p>
        ) : null}

        {/* The thumb zone: Call, Navigate and the next step; on the next job it stays on a phone's screen while the card scrolls. */}
        <div
          data-testid="job-actions"
          className={cn(
            'flex flex-col gap-2',
            isNext && 'max-sm:sticky max-sm:bottom-0 max-sm:z-10 max-sm:-mx-4 max-sm:border-t max-sm:border-slate-200 max-sm:bg-white max-sm:px-4 max-sm:pt-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-sm:shadow-[0_-4px_12px_rgba(15,23,42,0.08)]',
          )}
        >
          <div className="grid grid-cols-2 gap-2">
            {phone ? (
              <a href={telUrl(phone)} className={bigLink}>
                <Phone aria-hidden="true" className="h-5 w-5 shrink-0" />
                <span>{t('worker.job.call')}</span>
                <span className="sr-only">
                  {job.customer.name} {formatPhoneForDisplay(phone)}
                </span>
              </a>
            ) : null}
            <a href={directionsUrl(formatAddress(job.address), currentLinkPlatform())} target="_blank" rel="noreferrer noopener" className={cn(bigLink, !phone && 'col-span-2')}>
              <Navigation aria-hidden="true" className="h-5 w-5 shrink-0" />
              <span>{t('worker.job.navigate')}</span>
              <span className="sr-only">
                {formatAddress(job.address)} ({t('common.opensInNewTab')})
              </span>
            </a>
          </div>
          {job.status === 'completed' ? null : <JobNextStep job={job} step={step} />}
        </div>

        {job.status === 'confirmed' ? <DeclineJob job={job} stepPending={step.isPending} /> : null}
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

function JobNextStep({ job, step }: { job: WorkerJob; step: ReturnType<typeof useJobStep> }) {
  const { t, i18n } = useTranslation();
  const [acceptedHere, setAcceptedHere] = useState(false);
  const [dialog, setDialog] = useState<'onMyWay' | 'complete' | null>(null);
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
      {step.error && dialog === null ? <ApiErrorAlert error={step.error} /> : null}
      {dialog === 'onMyWay' ? <OnMyWayDialog customerName={job.customer.name} busy={step.isPending} error={step.error} onConfirm={onMyWay} onClose={closeDialog} /> : null}
      {dialog === 'complete' ? <CompleteJobDialog job={job} busy={step.isPending} error={step.error} onConfirm={complete} onClose={closeDialog} /> : null}
    </div>
  );
}

/** Declining an assigned job, below the action bar (a rarer, weightier tap than the next step). */
function DeclineJob({ job, stepPending }: { job: WorkerJob; stepPending: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const decline = useDeclineJob(job.id);
  return (
    <>
      <Button
        variant="outline"
        size="lg"
        className="h-12 w-full"
        onClick={() => {
          decline.reset();
          setOpen(true);
        }}
        disabled={stepPending}
      >
        {t('worker.decline.open')}
      </Button>
      {open ? (
        <DeclineJobDialog customerName={job.customer.name} busy={decline.isPending} error={decline.error} onConfirm={(body) => decline.mutate(body)} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
