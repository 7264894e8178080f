/**
 * /admin/errors, the error dashboard (issue #11; spec sections 2, 4, 6, 8, 9). Any signed-in user
 * sees the live counters (total, critical, unresolved); admins also get the 7-day chart of
 * error_metrics, the latest 100 entries or the groups by fingerprint with filters, an entry's
 * detail, resolving, and the "Critical Error Detected" toast (docs/decisions/015-error-log-access.md).
 * Signed out: a sign-in prompt that comes back here.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice, SignInPrompt } from '@/web/components/staff/staff-gate';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useMe } from '@/web/lib/auth';
import { useErrorCounts } from '../api/get-error-counts';
import { useErrorEntries } from '../api/get-error-entries';
import { useErrorGroups } from '../api/get-error-groups';
import { useErrorMetrics } from '../api/get-error-metrics';
import { ErrorCounters } from '../components/error-counters';
import { ErrorDetailDialog } from '../components/error-detail-dialog';
import { ErrorEntries } from '../components/error-entries';
import { ErrorFilters } from '../components/error-filters';
import { ErrorGroups } from '../components/error-groups';
import { filterOf, useErrorView } from '../hooks/use-error-view';
import { useLiveErrorLog } from '../hooks/use-live-error-log';

const ErrorMetricsChart = lazy(() => import('../components/error-metrics-chart'));

export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('errorLog.title')}</h1>
        <p className="text-slate-700">{t('errorLog.intro')}</p>
      </header>
      {me.isPending ? (
        <LoadingScreen />
      ) : me.isError ? (
        <QueryErrorNotice error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      ) : !me.data.user ? (
        <SignInPrompt />
      ) : (
        <Dashboard admin={me.data.role === 'admin'} />
      )}
    </div>
  );
}

function Dashboard({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const counts = useErrorCounts();
  useLiveErrorLog({ admin });
  return (
    <>
      {counts.isPending ? (
        <p role="status" className="text-slate-700">
          {t('common.loading')}
        </p>
      ) : counts.isError ? (
        <QueryErrorNotice error={counts.error} onRetry={() => void counts.refetch()} retrying={counts.isFetching} title={t('errorLog.loadFailed')} />
      ) : (
        <ErrorCounters counts={counts.data} />
      )}
      {admin ? <AdminDashboard /> : <Card className="p-5 text-slate-700">{t('errorLog.countsOnly')}</Card>}
    </>
  );
}

function AdminDashboard() {
  const { t } = useTranslation();
  const { state, update } = useErrorView();
  const entries = useErrorEntries(filterOf(state), state.view === 'entries');
  const groups = useErrorGroups(filterOf(state, false), state.view === 'groups');
  const current = state.view === 'entries' ? entries : groups;
  const groupType = state.group ? (entries.data?.entries[0]?.error_type ?? null) : null;

  return (
    <>
      <MetricsCard />
      <ErrorFilters state={state} groupType={groupType} onChange={(changes) => update(changes)} />
      {current.isPending ? (
        <LoadingScreen />
      ) : current.isError ? (
        <QueryErrorNotice error={current.error} onRetry={() => void current.refetch()} retrying={current.isFetching} title={t('errorLog.loadFailed')} />
      ) : state.view === 'entries' ? (
        <ErrorEntries entries={entries.data?.entries ?? []} onOpen={(id) => update({ entry: id }, false)} />
      ) : (
        <ErrorGroups groups={groups.data?.groups ?? []} onShowEntries={(group) => update({ view: 'entries', group: group.fingerprint }, false)} />
      )}
      {state.entry ? <ErrorDetailDialog id={state.entry} onClose={() => update({ entry: null })} /> : null}
    </>
  );
}

function MetricsCard() {
  const { t } = useTranslation();
  const metrics = useErrorMetrics();
  const loading = (
    <p role="status" className="py-8 text-center text-slate-700">
      {t('errorLog.chart.loading')}
    </p>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('errorLog.chart.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('errorLog.chart.description')}</p>
      </CardHeader>
      <CardContent>
        {metrics.isPending ? (
          loading
        ) : metrics.isError ? (
          <QueryErrorNotice error={metrics.error} onRetry={() => void metrics.refetch()} retrying={metrics.isFetching} title={t('errorLog.chart.failed')} />
        ) : (
          <Suspense fallback={loading}>
            <ErrorMetricsChart metrics={metrics.data.metrics} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
