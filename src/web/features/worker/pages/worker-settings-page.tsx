/** /worker/settings: the signed-in worker's phone, skills, ZIP codes served and notification choices, and push notifications on this device (issue #15). */
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { PushNotificationsCard } from '@/web/components/push/components/push-notifications-card';
import { useWorkerProfile } from '../api/get-worker-profile';
import { WorkerLayout } from '../components/worker-layout';
import { WorkerSettingsForm } from '../components/worker-settings-form';

export function Component() {
  const { t } = useTranslation();
  return (
    <WorkerLayout title={t('worker.settings.title')}>
      <SettingsContent />
      <PushNotificationsCard audience="worker" />
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
