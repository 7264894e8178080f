/** The applicant's latest application: its status, and the reason when it was rejected. */
import { useTranslation } from 'react-i18next';
import { formatTampaDate } from '@/domain/format';
import { Link } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import type { WorkerApplication } from '@/domain/worker-applications';

export function ApplicationStatus({ application }: { application: WorkerApplication }) {
  const { t, i18n } = useTranslation();
  const submitted = formatTampaDate(application.createdAt, i18n.language);
  return (
    <Card role="status" className="flex flex-col items-start gap-3 p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t(`people.enroll.status.${application.status}.title`)}</h2>
      <p className="text-slate-700">{t(`people.enroll.status.${application.status}.body`)}</p>
      {application.status === 'rejected' && application.rejectionReason ? (
        <p className="text-slate-700">
          <span className="font-medium">{t('people.enroll.reason')}</span> {application.rejectionReason}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">{t('people.enroll.submittedOn', { date: submitted })}</p>
      {application.status === 'approved' ? (
        <Link to="/worker" className={buttonVariants()}>
          {t('people.enroll.goToWork')}
        </Link>
      ) : null}
    </Card>
  );
}
