/**
 * The day view's body: the tray of the day's unassigned jobs, then one row per active technician
 * with their jobs as blocks placed by time (start to scheduled end) on a shared hour axis. Every
 * row is a drop target while a job is dragged; the page decides what a drop does.
 */
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarWorker, DayCalendar, DispatchBooking } from '@/domain/dispatch-contract';
import { formatMinuteOfDay } from '@/domain/format';
import { cn } from '@/web/lib/cn';
import { CALENDAR_DRAG_TYPE, CalendarJobBlock } from './calendar-job-block';
import { blockPosition, hourMarks, spanFor } from './calendar-layout';

export interface CalendarDayProps {
  calendar: DayCalendar;
  /** A job was dropped on a technician's row. */
  onDrop: (job: DispatchBooking, worker: CalendarWorker) => void;
  /** A job was pressed (Enter, Space, click): open "Move to…". */
  onOpen: (job: DispatchBooking) => void;
}

export function CalendarDay({ calendar, onDrop, onOpen }: CalendarDayProps) {
  const { t, i18n } = useTranslation();
  const [dragging, setDragging] = useState<DispatchBooking | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const span = spanFor(calendar.dayStart, calendar.jobs);
  const marks = hourMarks(span);
  const unassigned = calendar.jobs.filter((job) => !job.worker);
  const known = new Set(calendar.workers.map((w) => w.id));
  // a job whose technician is no longer active still shows, in its own row
  const rows: CalendarWorker[] = [
    ...calendar.workers,
    ...calendar.jobs.flatMap((job) => (job.worker && !known.has(job.worker.id) ? [{ id: job.worker.id, name: job.worker.name, skills: [] }] : [])).filter((w, i, all) => all.findIndex((x) => x.id === w.id) === i),
  ];
  const position = (minute: number) => ((minute - span.fromMinute) / (span.toMinute - span.fromMinute)) * 100;

  const dragProps = { onDragStart: setDragging, onDragEnd: () => (setDragging(null), setOver(null)), onOpen };
  const dropHandlers = (worker: CalendarWorker) => ({
    onDragOver: (event: DragEvent) => {
      if (!dragging) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setOver(worker.id);
    },
    onDragLeave: () => setOver((current) => (current === worker.id ? null : current)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const id = event.dataTransfer.getData(CALENDAR_DRAG_TYPE) || dragging?.id;
      const job = calendar.jobs.find((j) => j.id === id);
      setDragging(null);
      setOver(null);
      if (job && job.worker?.id !== worker.id) onDrop(job, worker);
    },
  });

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="calendar-tray-heading" className="rounded-lg border border-dashed border-amber-400 bg-white p-3">
        <h2 id="calendar-tray-heading" className="text-base font-semibold text-slate-900">
          {t('dispatch.calendar.tray', { count: unassigned.length })}
        </h2>
        {unassigned.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t('dispatch.calendar.trayEmpty')}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {unassigned.map((job) => (
              <li key={job.id} className="w-44">
                <CalendarJobBlock job={job} {...dragProps} className="w-full" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="calendar-rows-heading" className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <h2 id="calendar-rows-heading" className="sr-only">
          {t('dispatch.calendar.rows')}
        </h2>
        <div className="min-w-[48rem]">
          <div className="flex border-b border-slate-200 text-xs text-slate-700" aria-hidden="true">
            <div className="sticky left-0 z-10 w-32 shrink-0 bg-white px-3 py-2 font-medium sm:w-40">{t('dispatch.calendar.technician')}</div>
            <div className="relative h-8 flex-1">
              {marks.map((minute) => (
                <span key={minute} className="absolute top-2 -translate-x-1/2 whitespace-nowrap" style={{ left: `${position(minute)}%` }}>
                  {formatMinuteOfDay(minute, i18n.language)}
                </span>
              ))}
            </div>
          </div>
          {rows.length === 0 ? <p className="p-4 text-sm text-slate-700">{t('dispatch.calendar.noWorkers')}</p> : null}
          <ul>
            {rows.map((worker) => {
              const jobs = calendar.jobs.filter((job) => job.worker?.id === worker.id);
              return (
                <li key={worker.id} className="flex border-b border-slate-100 last:border-b-0">
                  <div className="sticky left-0 z-10 flex w-32 shrink-0 items-center bg-white px-3 py-2 text-sm font-medium text-slate-900 sm:w-40">{worker.name}</div>
                  <div
                    role="group"
                    aria-label={t('dispatch.calendar.rowLabel', { name: worker.name, count: jobs.length })}
                    data-worker-id={worker.id}
                    {...dropHandlers(worker)}
                    className={cn('relative min-h-16 flex-1 transition-colors', dragging && 'bg-slate-50', over === worker.id && 'bg-brand-50 ring-2 ring-inset ring-brand-600')}
                  >
                    {marks.map((minute) => (
                      <span key={minute} aria-hidden="true" className="absolute inset-y-0 w-px bg-slate-100" style={{ left: `${position(minute)}%` }} />
                    ))}
                    {jobs.map((job) => {
                      const { left, width } = blockPosition(span, calendar.dayStart, job);
                      return <CalendarJobBlock key={job.id} job={job} {...dragProps} className="absolute inset-y-1" style={{ left: `${left}%`, width: `${width}%` }} />;
                    })}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </div>
  );
}
