/** /worker/settings: the signed-in worker's phone, skills, ZIP codes served and notification choices. */
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { useWorkerProfile } from '../api/get-worker-profile';
import { WorkerLayout } from '../components/worker-layout';
import { WorkerSettingsForm } from '../components/worker-settings-form';

export function Component() {
  const { t } = useTranslation();
  return (
    <WorkerLayout title={t('worker.settings.title')}>
      <SettingsContent />
    </WorkerLayout>
  );
}

function SettingsContent() {
  const { t } = useTranslation();
  const profile = useWorkerProfile();
  if (profile.isPending) return <LoadingScreen />;
  if (profile.isError) return <QueryErrorNotice error={profile.error} onRetry={() => void profile.refetch()} retrying={profile.isFetching} title={t('worker.profileLoadFailed')} />;
  return <WorkerSettingsForm profile={profile.data} />;
}
