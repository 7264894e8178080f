/**
 * /worker: the signed-in worker's day — today's jobs first (those still to do in start order, the
 * next one on top and marked, then the finished ones), then upcoming ones by date — kept up to
 * date live (a job assigned or changed by dispatch appears without reloading). In the worker app
 * this is where a signed-in worker lands (issue #15).
 */
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '@/domain/format';
import { businessDate } from '@/domain/slots';
import type { WorkerJob } from '@/domain/worker-contract';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { Card } from '@/web/components/ui/card';
import { useLiveUpdates } from '@/web/lib/live-updates';
import { useWorkerJobs } from '../api/get-worker-jobs';
import { EarningsSummary } from '../components/earnings-summary';
import { JobCard } from '../components/job-card';
import { WorkerLayout } from '../components/worker-layout';
import { nextAction } from '../utils/next-action';

export function Component() {
  const { t } = useTranslation();
  return (
    <WorkerLayout title={t('worker.day.title')}>
      <WorkerDay />
    </WorkerLayout>
  );
}

function WorkerDay() {
  const { t, i18n } = useTranslation();
  const jobs = useWorkerJobs();
  useLiveUpdates();

  if (jobs.isPending) return <LoadingScreen />;
  if (jobs.isError && !jobs.data) return <QueryErrorNotice error={jobs.error} onRetry={() => void jobs.refetch()} retrying={jobs.isFetching} title={t('worker.day.loadFailed')} />;

  const today = businessDate(new Date());
  const byStart = [...jobs.data].sort((a, b) => Date.parse(a.scheduledStart) - Date.parse(b.scheduledStart));
  const todays = byStart.filter((job) => businessDate(new Date(job.scheduledStart)) <= today);
  // The finished ones go below what is still to do that day, so the next job is on top.
  const finishedLast = (dayJobs: WorkerJob[]) => [...dayJobs.filter((job) => !isFinished(job)), ...dayJobs.filter(isFinished)];
  const todaysInOrder = finishedLast(todays);
  const laterJobs = byStart.filter((job) => businessDate(new Date(job.scheduledStart)) > today);
  const later = groupByDate(laterJobs).map(([date, dayJobs]) => [date, finishedLast(dayJobs)] as const);
  const nextJobId = [...todaysInOrder, ...laterJobs].find((job) => !isFinished(job))?.id;
  const allDoneToday = todays.length > 0 && todays.every(isFinished);

  const todaySection = (
    <section key="today" aria-labelledby="worker-today" className="flex flex-col gap-3">
      <h2 id="worker-today" className="text-xl font-semibold text-slate-900">
        {t('worker.day.today', { date: formatCalendarDate(today, i18n.language, 'chip') })}
      </h2>
      {todays.length === 0 && <Card className="p-4 text-slate-700">{t('worker.day.noneToday')}</Card>}
      {allDoneToday && (
        <Card key="all-done" className="p-4 text-slate-700">
          {t('worker.day.allDoneToday')}
        </Card>
      )}
      {todays.length > 0 && <JobList key="today-jobs" jobs={todaysInOrder} nextJobId={nextJobId} />}
    </section>
  );
  const upcomingSection = (
    <section key="upcoming" aria-labelledby="worker-upcoming" className="flex flex-col gap-3">
      <h2 id="worker-upcoming" className="text-xl font-semibold text-slate-900">
        {t('worker.day.upcoming')}
      </h2>
      {later.length === 0 ? (
        <Card className="p-4 text-slate-700">{t('worker.day.noneUpcoming')}</Card>
      ) : (
        later.map(([date, dayJobs]) => (
          <div key={date} className="flex flex-col gap-2">
            <h3 className="font-semibold text-slate-800">{formatCalendarDate(date, i18n.language, 'chip')}</h3>
            <JobList jobs={dayJobs} headingLevel={4} nextJobId={nextJobId} />
          </div>
        ))
      )}
    </section>
  );

  return (
    <div className="flex flex-col gap-6">
      {/* Once today's jobs are all done, the later days come first: the next job stays the first
          card (issue #15). Keyed, so a card that was just completed keeps its confirmation. */}
      {allDoneToday && laterJobs.length > 0 ? [upcomingSection, todaySection] : [todaySection, upcomingSection]}
      <EarningsSummary />
    </div>
  );
}

function JobList({ jobs, headingLevel = 3, nextJobId }: { jobs: WorkerJob[]; headingLevel?: 3 | 4; nextJobId?: string }) {
  return (
    <ul className="flex flex-col gap-3">
      {jobs.map((job) => (
        <li key={job.id}>
          <JobCard job={job} headingLevel={headingLevel} isNext={job.id === nextJobId} />
        </li>
      ))}
    </ul>
  );
}

/** Nothing left for the worker to do on it: completed today (or cancelled since the list loaded). */
const isFinished = (job: WorkerJob) => nextAction(job) === null;

function groupByDate(jobs: WorkerJob[]): [string, WorkerJob[]][] {
  const groups = new Map<string, WorkerJob[]>();
  for (const job of jobs) {
    const date = businessDate(new Date(job.scheduledStart));
    groups.set(date, [...(groups.get(date) ?? []), job]);
  }
  return [...groups.entries()];
}
