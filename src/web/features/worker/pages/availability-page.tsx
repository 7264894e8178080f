/** /worker/availability: the signed-in worker's weekly hours and time off. */
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { useWorkerProfile } from '../api/get-worker-profile';
import { AvailabilityEditor } from '../components/availability-editor';
import { WorkerLayout } from '../components/worker-layout';

export function Component() {
  const { t } = useTranslation();
  return (
    <WorkerLayout title={t('worker.availability.title')}>
      <AvailabilityContent />
    </WorkerLayout>
  );
}

function AvailabilityContent() {
  const { t } = useTranslation();
  const profile = useWorkerProfile();
  if (profile.isPending) return <LoadingScreen />;
  if (profile.isError) return <QueryErrorNotice error={profile.error} onRetry={() => void profile.refetch()} retrying={profile.isFetching} title={t('worker.profileLoadFailed')} />;
  return <AvailabilityEditor profile={profile.data} />;
}
