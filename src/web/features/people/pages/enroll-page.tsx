/**
 * /worker/enroll: a signed-in user applies to work with us; afterwards the page shows the
 * application's status. A rejected applicant may apply again. Signed out -> what the page is
 * for and how to apply: create an account (or sign in), which brings them back here to the form.
 * Staff (workers, admins) already work with us: they get a link to their day instead of the form.
 */
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { Card } from '@/web/components/ui/card';
import { Link } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button';
import { isStaffRole, useMe } from '@/web/lib/auth';
import { useMyApplications } from '../api/get-my-applications';
import { ApplicationForm } from '../components/application-form';
import { ApplicationStatus } from '../components/application-status';

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('people.enroll.title')}</h1>
      <Enrollment />
    </div>
  );
}

function Enrollment() {
  const { t } = useTranslation();
  const me = useMe();
  const applications = useMyApplications(Boolean(me.data?.user));
  if (me.isPending) return <LoadingScreen />;
  if (me.isError) return <QueryErrorNotice error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data.user) return <ApplyPrompt />;
  if (applications.isPending) return <LoadingScreen />;
  if (applications.isError) return <QueryErrorNotice error={applications.error} onRetry={() => void applications.refetch()} />;
  const latest = applications.data[0];
  if (isStaffRole(me.data.role)) {
    return (
      <>
        {latest && <ApplicationStatus application={latest} />}
        <Card className="flex flex-col items-start gap-4 p-6">
          <p className="text-slate-700">{t('people.enroll.alreadyStaff')}</p>
          <Link to="/worker" className={buttonVariants()}>
            {t('people.enroll.goToWork')}
          </Link>
        </Card>
      </>
    );
  }
  return (
    <>
      {latest ? <ApplicationStatus application={latest} /> : <p className="text-slate-700">{t('people.enroll.intro')}</p>}
      {!latest || latest.status === 'rejected' ? (
        <Card className="p-6">
          {latest ? <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('people.enroll.applyAgain')}</h2> : null}
          <ApplicationForm defaultName={me.data.profile?.full_name ?? me.data.user.name} />
        </Card>
      ) : null}
    </>
  );
}

/** A visitor not signed in is an applicant to be: the invitation, and an account to apply with. */
function ApplyPrompt() {
  const { t } = useTranslation();
  const back = encodeURIComponent('/worker/enroll');
  return (
    <>
      <p className="text-slate-700">{t('people.enroll.intro')}</p>
      <Card className="flex flex-col items-start gap-4 p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('people.enroll.accountTitle')}</h2>
        <p className="text-slate-700">{t('people.enroll.accountBody')}</p>
        <div className="flex flex-wrap gap-3">
          <Link to={`/auth?mode=signup&redirect=${back}`} className={buttonVariants({ size: 'lg' })}>
            {t('people.enroll.signUpToApply')}
          </Link>
          <Link to={`/auth?redirect=${back}`} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            {t('people.enroll.signInToApply')}
          </Link>
        </div>
      </Card>
    </>
  );
}
