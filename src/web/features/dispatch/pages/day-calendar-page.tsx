/**
 * /admin/calendar?date=YYYY-MM-DD: the admin's day view (issue #14) beside the dispatch board.
 * One Tampa day (today by default): unassigned jobs in a tray, a row per active technician with
 * their jobs placed by time, previous/next day and today buttons. Dragging a job onto a row, or
 * pressing it and choosing "Move to…", assigns it with the board's own endpoint
 * (`POST /api/admin/bookings/{id}/assign`), so the same conflict checks apply: a refusal shows the
 * server's translated message and the job stays where it was. Live booking events keep it fresh.
 */
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CalendarWorker, DispatchBooking } from '@/domain/dispatch-contract';
import { formatCalendarDate } from '@/domain/format';
import { businessDate } from '@/domain/slots';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice, StaffGate } from '@/web/components/staff/staff-gate';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api-client';
import { useLiveUpdates } from '@/web/lib/live-updates';
import { useAssignWorker } from '../api/assign-worker';
import { useDayCalendar } from '../api/get-day-calendar';
import { AdminNav } from '../components/admin-nav';
import { CalendarDay } from '../components/calendar-day';
import { shiftDate } from '../components/calendar-layout';
import { CalendarMoveDialog } from '../components/calendar-move-dialog';
import { LiveConnectionBanner } from '../components/live-connection-banner';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The last drop's outcome, announced above the calendar. */
type Outcome = { kind: 'moved'; reference: string; name: string } | { kind: 'refused'; reference: string; message: string };

export function Component() {
  const { t } = useTranslation();
  return (
    <StaffGate role="admin">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('dispatch.calendar.title')}</h1>
          <AdminNav />
        </div>
        <DayCalendarView />
      </div>
    </StaffGate>
  );
}

function DayCalendarView() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = businessDate(new Date());
  const asked = params.get('date');
  const date = asked && DATE.test(asked) ? asked : today;
  const calendar = useDayCalendar(date);
  const assign = useAssignWorker();
  const [moving, setMoving] = useState<DispatchBooking | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useLiveUpdates();

  const goTo = (next: string) => {
    const nextParams = new URLSearchParams(params);
    if (next === today) nextParams.delete('date');
    else nextParams.set('date', next);
    setParams(nextParams);
    setOutcome(null);
  };

  const move = (job: DispatchBooking, worker: CalendarWorker, fromDialog: boolean) => {
    setOutcome(null);
    assign.mutate(
      { bookingId: job.id, workerId: worker.id },
      {
        onSuccess: () => {
          setOutcome({ kind: 'moved', reference: job.reference, name: worker.name });
          if (fromDialog) setMoving(null);
        },
        onError: (error) => {
          // in the dialog the refusal shows there; after a drop, above the calendar
          if (!fromDialog) setOutcome({ kind: 'refused', reference: job.reference, message: error instanceof ApiError ? error.message : t('errors.generic') });
        },
      },
    );
  };

  let body;
  if (calendar.isPending) body = <LoadingScreen />;
  else if (calendar.isError && !calendar.data) body = <QueryErrorNotice error={calendar.error} onRetry={() => void calendar.refetch()} retrying={calendar.isFetching} title={t('dispatch.calendar.loadFailed')} />;
  else
    body = (
      <div aria-busy={calendar.isPlaceholderData || assign.isPending || undefined}>
        <CalendarDay
          calendar={calendar.data!}
          onDrop={(job, worker) => move(job, worker, false)}
          onOpen={(job) => {
            assign.reset();
            setMoving(job);
          }}
        />
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <LiveConnectionBanner />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{formatCalendarDate(date, i18n.language, 'long')}</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => goTo(shiftDate(date, -1))}>
            <ChevronLeft aria-hidden="true" className="mr-1 h-4 w-4" />
            {t('dispatch.calendar.previous')}
          </Button>
          <Button variant="outline" onClick={() => goTo(today)} disabled={date === today}>
            {t('dispatch.calendar.today')}
          </Button>
          <Button variant="outline" onClick={() => goTo(shiftDate(date, 1))}>
            {t('dispatch.calendar.next')}
            <ChevronRight aria-hidden="true" className="ml-1 h-4 w-4" />
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-700">{t('dispatch.calendar.help')}</p>
      <div>
        <div role="status">
          {outcome?.kind === 'moved' ? <p className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900">{t('dispatch.calendar.moved', { reference: outcome.reference, name: outcome.name })}</p> : null}
        </div>
        <div role="alert">
          {outcome?.kind === 'refused' ? (
            <div className="space-y-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-medium">{t('dispatch.calendar.refused', { reference: outcome.reference })}</p>
              <p>{outcome.message}</p>
            </div>
          ) : null}
        </div>
      </div>
      {body}
      {moving && calendar.data ? (
        <CalendarMoveDialog
          job={moving}
          workers={calendar.data.workers}
          busy={assign.isPending}
          error={assign.error}
          onMove={(workerId) => {
            const worker = calendar.data.workers.find((w) => w.id === workerId);
            if (worker) move(moving, worker, true);
          }}
          onClose={() => setMoving(null)}
        />
      ) : null}
    </div>
  );
}
