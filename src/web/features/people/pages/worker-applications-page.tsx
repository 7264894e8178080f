/**
 * /admin/worker-applications: applications by status (tabs), each with its detail; pending ones
 * can be approved (the applicant becomes a worker) or rejected with a reason (both emailed).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTampaDate } from '@/domain/format';
import { APPLICATION_STATUSES, type ApplicationForReview, type ApplicationStatus } from '@/domain/worker-applications';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice, StaffGate } from '@/web/components/staff/staff-gate';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { apiUrl } from '@/web/lib/api-base';
import { cn } from '@/web/lib/cn';
import { formatPhoneForDisplay } from '@/web/lib/public-settings';
import { toast } from '@/web/lib/toast';
import { useApplications } from '../api/get-applications';
import { useDecideApplication } from '../api/decide-application';
import { PeopleNav } from '../components/people-nav';

export function Component() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ApplicationStatus>('pending');
  return (
    <StaffGate role="admin">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('people.applications.title')}</h1>
          <PeopleNav />
        </div>
        <div role="tablist" aria-label={t('people.applications.tabsLabel')} className="flex flex-wrap gap-2">
          {APPLICATION_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={status === s}
              onClick={() => setStatus(s)}
              className={cn('min-h-10 rounded-md border px-4 text-sm font-semibold', status === s ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100')}
            >
              {t(`people.applications.status.${s}`)}
            </button>
          ))}
        </div>
        <ApplicationsList status={status} />
      </div>
    </StaffGate>
  );
}

function ApplicationsList({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation();
  const applications = useApplications(status);
  if (applications.isPending) return <LoadingScreen />;
  if (applications.isError) return <QueryErrorNotice error={applications.error} onRetry={() => void applications.refetch()} retrying={applications.isFetching} />;
  if (applications.data.length === 0) return <Card className="p-6 text-slate-700">{t('people.applications.empty')}</Card>;
  return (
    <ul className="flex flex-col gap-3">
      {applications.data.map((a) => (
        <li key={a.id}>
          <ApplicationCard application={a} />
        </li>
      ))}
    </ul>
  );
}

function ApplicationCard({ application: a }: { application: ApplicationForReview }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = `application-${a.id}`;
  const date = (iso: string) => formatTampaDate(iso, i18n.language);
  return (
    <Card className="p-4">
      <article aria-labelledby={titleId} className="flex flex-col gap-3 text-sm">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {a.fullName}
            </h2>
            <p className="break-all text-slate-600">{a.email}</p>
            <p className="text-slate-600">{formatPhoneForDisplay(a.phone)}</p>
          </div>
          <p className="text-slate-600">{t('people.applications.submitted', { date: date(a.createdAt) })}</p>
        </div>
        <p className="text-slate-900">{a.services.map((slug) => t(`services.${slug}.name`)).join(', ')}</p>
        <Button variant="outline" size="sm" className="self-start" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('people.applications.hideDetail') : t('people.applications.showDetail')}
        </Button>
        {open ? (
          <dl className="grid gap-2 sm:grid-cols-2">
            <Detail term={t('people.enroll.years')} value={String(a.yearsExperience)} />
            <Detail term={t('people.enroll.areas')} value={a.areasServed} />
            <Detail term={t('people.enroll.availability')} value={a.availabilitySummary} />
            <Detail term={t('people.enroll.licence')} value={a.licenceInsurance} />
            {a.uploadUrl ? (
              <div>
                <dt className="font-medium text-slate-600">{t('people.enroll.document')}</dt>
                <dd>
                  <a href={apiUrl(a.uploadUrl)} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                    {t('people.applications.openDocument')}
                  </a>
                </dd>
              </div>
            ) : null}
            {a.rejectionReason ? <Detail term={t('people.enroll.reason')} value={a.rejectionReason} /> : null}
            {a.decidedAt ? <Detail term={t('people.applications.decidedOn')} value={date(a.decidedAt)} /> : null}
          </dl>
        ) : null}
        {a.status === 'pending' ? <DecisionActions application={a} /> : null}
      </article>
    </Card>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="whitespace-pre-wrap text-slate-900">{value}</dd>
    </div>
  );
}

function DecisionActions({ application }: { application: ApplicationForReview }) {
  const { t } = useTranslation();
  const decide = useDecideApplication();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = `reason-${application.id}`;
  const approve = () =>
    decide.mutate({ id: application.id, decision: 'approve' }, { onSuccess: () => toast.success(t('people.applications.approved', { name: application.fullName })) });
  const reject = () =>
    decide.mutate({ id: application.id, decision: 'reject', reason }, { onSuccess: () => toast.success(t('people.applications.rejected', { name: application.fullName })) });
  return (
    <div className="flex flex-col gap-3">
      {decide.error ? <ApiErrorAlert error={decide.error} /> : null}
      {rejecting ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={reasonId}>{t('people.applications.reasonLabel')}</Label>
          <textarea id={reasonId} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} className="w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm" />
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" disabled={decide.isPending} onClick={reject}>
              {t('people.applications.confirmReject')}
            </Button>
            <Button variant="outline" onClick={() => setRejecting(false)}>
              {t('people.applications.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button disabled={decide.isPending} onClick={approve}>
            {t('people.applications.approve')}
          </Button>
          <Button variant="outline" disabled={decide.isPending} onClick={() => setRejecting(true)}>
            {t('people.applications.reject')}
          </Button>
        </div>
      )}
    </div>
  );
}
