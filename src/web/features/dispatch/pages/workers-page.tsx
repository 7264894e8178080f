/**
 * /admin/workers: the workers: name and contact, skills, active or not (with a toggle: inactive
 * workers get no new assignments), today's jobs, completed jobs, rating ("—" when none) with how
 * many reviews it counts, the weekly availability in Tampa time, and the worker's reviews (an
 * admin hides an abusive one, issue #14).
 */
import { useTranslation } from 'react-i18next';
import { formatCalendarDateRange, formatNumber } from '@/domain/format';
import type { AdminWorker } from '@/domain/dispatch-contract';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice, StaffGate } from '@/web/components/staff/staff-gate';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { formatPhoneForDisplay } from '@/web/lib/public-settings';
import { toast } from '@/web/lib/toast';
import { useWorkers } from '../api/get-workers';
import { useSetWorkerActive } from '../api/set-worker-active';
import { AdminNav } from '../components/admin-nav';
import { WorkerReviews } from '../components/worker-reviews';
import { weeklySummary } from '../utils/weekly-summary';

export function Component() {
  const { t } = useTranslation();
  return (
    <StaffGate role="admin">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('dispatch.workers.title')}</h1>
          <AdminNav />
        </div>
        <WorkersList />
      </div>
    </StaffGate>
  );
}

function WorkersList() {
  const { t } = useTranslation();
  const workers = useWorkers();
  if (workers.isPending) return <LoadingScreen />;
  if (workers.isError) return <QueryErrorNotice error={workers.error} onRetry={() => void workers.refetch()} retrying={workers.isFetching} title={t('dispatch.workers.loadFailed')} />;
  if (workers.data.length === 0) return <Card className="p-6 text-slate-700">{t('dispatch.workers.empty')}</Card>;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {[...workers.data]
        .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name))
        .map((worker) => (
          <li key={worker.id}>
            <WorkerCard worker={worker} />
          </li>
        ))}
    </ul>
  );
}

function WorkerCard({ worker }: { worker: AdminWorker }) {
  const { t, i18n } = useTranslation();
  const titleId = `worker-${worker.id}`;
  const week = weeklySummary(worker.weekly, i18n.language);
  return (
    <Card className="h-full p-4">
      <article aria-labelledby={titleId} className="flex flex-col gap-3 text-sm">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {worker.name}
            </h2>
            <p className="break-all text-slate-600">{worker.email}</p>
            {worker.phone ? <p className="text-slate-600">{formatPhoneForDisplay(worker.phone)}</p> : null}
          </div>
          <div className="flex flex-col items-end gap-2">
            <p className={cn('rounded-full px-3 py-1 text-sm font-semibold', worker.active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800')}>
              {worker.active ? t('dispatch.workers.active') : t('dispatch.workers.inactive')}
            </p>
            <ActiveToggle worker={worker} />
          </div>
        </div>
        {/* Every <dt>/<dd> pair is one <div> straight inside the <dl> (axe definition-list, dlitem). */}
        <dl className="grid grid-cols-3 gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto]">
          <div className="col-span-3 sm:col-span-1">
            <dt className="font-medium text-slate-600">{t('dispatch.workers.skills')}</dt>
            <dd className="text-slate-900">{worker.skills.length > 0 ? worker.skills.map((slug) => t(`services.${slug}.name`)).join(', ') : t('dispatch.workers.noSkills')}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">{t('dispatch.workers.todayJobs')}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{worker.todayJobs}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">{t('dispatch.workers.completedJobs')}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{worker.completedJobs}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">{t('people.workers.rating')}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">
              {worker.rating == null ? t('people.workers.noRating') : formatNumber(worker.rating, i18n.language, 1)}
              {worker.ratingCount > 0 ? <span className="block text-sm font-normal text-slate-600">{t('people.workers.ratingCount', { count: worker.ratingCount })}</span> : null}
            </dd>
          </div>
          <div className="col-span-3 sm:col-span-4">
            <dt className="font-medium text-slate-600">{t('dispatch.workers.weekly')}</dt>
            <dd className="text-slate-900">
              {week.length === 0 ? (
                t('dispatch.workers.noAvailability')
              ) : (
                <ul>
                  {week.map((day) => (
                    <li key={day.weekday}>
                      <span className="inline-block w-12 font-medium">{day.day}</span> {day.ranges}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
          {worker.timeOff.length > 0 ? (
            <div className="col-span-3 sm:col-span-4">
              <dt className="font-medium text-slate-600">{t('dispatch.workers.timeOff')}</dt>
              <dd className="text-slate-900">
                <ul>
                  {worker.timeOff.map((off) => (
                    <li key={`${off.startsOn}-${off.endsOn}`}>
                      {formatCalendarDateRange(off.startsOn, off.endsOn, i18n.language, 'chip')}
                      {off.note ? ` (${off.note})` : ''}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </dl>
        <WorkerReviews workerId={worker.id} />
      </article>
    </Card>
  );
}

function ActiveToggle({ worker }: { worker: AdminWorker }) {
  const { t } = useTranslation();
  const setActive = useSetWorkerActive();
  const next = !worker.active;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={setActive.isPending}
      onClick={() =>
        setActive.mutate(
          { id: worker.id, active: next },
          {
            onSuccess: () => toast.success(next ? t('people.workers.activated', { name: worker.name }) : t('people.workers.deactivated', { name: worker.name })),
            onError: (error) => toast.error(error instanceof ApiError ? error.message : t('errors.generic')),
          },
        )
      }
    >
      {worker.active ? t('people.workers.deactivate') : t('people.workers.activate')}
    </Button>
  );
}
