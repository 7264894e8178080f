/**
 * "Move to…" on the day view: the keyboard (and click) path to what dragging a job onto a row
 * does. The admin picks a technician from the day's active workers (a radio group: arrow keys
 * choose, Enter confirms) and the job is assigned with the board's own endpoint, so the same
 * checks apply; a refusal (409: busy at that time, off, lacking the skill) shows the server's
 * translated message here and nothing moves.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CalendarWorker, DispatchBooking } from '@/domain/dispatch-contract';
import { formatTampaTime } from '@/domain/format';
import { ActionDialog } from './action-dialog';
import { isMovable } from './calendar-job-block';

export function CalendarMoveDialog({
  job,
  workers,
  busy,
  error,
  onMove,
  onClose,
}: {
  job: DispatchBooking;
  workers: CalendarWorker[];
  busy: boolean;
  error: unknown;
  onMove: (workerId: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const choices = workers.filter((w) => w.id !== job.worker?.id);
  const [workerId, setWorkerId] = useState(choices[0]?.id ?? '');
  const movable = isMovable(job);
  const times = t('dispatch.calendar.times', { start: formatTampaTime(job.scheduledStart, i18n.language), end: formatTampaTime(job.scheduledEnd, i18n.language) });

  return (
    <ActionDialog
      title={t('dispatch.calendar.moveTitle', { reference: job.reference })}
      description={`${t(`services.${job.service}.name`)} · ${times} · ${job.customer.name}`}
      onClose={onClose}
      onConfirm={() => workerId && onMove(workerId)}
      confirmLabel={t('dispatch.calendar.moveConfirm')}
      busyLabel={t('dispatch.calendar.moveBusy')}
      busy={busy}
      error={error}
      canConfirm={movable && Boolean(workerId)}
    >
      <p className="text-sm text-slate-700">{job.worker ? t('dispatch.calendar.currently', { name: job.worker.name }) : t('dispatch.calendar.currentlyNone')}</p>
      {!movable ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{t('dispatch.calendar.notMovable')}</p>
      ) : choices.length === 0 ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{t('dispatch.calendar.noWorkers')}</p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">{t('dispatch.calendar.moveTo')}</legend>
          {choices.map((worker) => (
            <label key={worker.id} htmlFor={`${id}-${worker.id}`} className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 px-3 text-sm text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input id={`${id}-${worker.id}`} type="radio" name={`${id}-worker`} value={worker.id} checked={workerId === worker.id} onChange={() => setWorkerId(worker.id)} className="h-4 w-4 accent-brand-600" />
              {worker.name}
            </label>
          ))}
        </fieldset>
      )}
      <Link to={`/admin/bookings/${encodeURIComponent(job.id)}`} className="inline-block text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        {t('dispatch.calendar.openBooking')}
      </Link>
    </ActionDialog>
  );
}
