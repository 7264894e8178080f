/**
 * One job on the day view: a button showing its reference, service, Tampa times and customer.
 * It can be dragged (native HTML5 drag and drop) onto a technician's row; pressing it (Enter,
 * Space or a click) opens "Move to…" instead, the keyboard path to the same action.
 */
import type { CSSProperties, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { formatTampaTime } from '@/domain/format';
import { cn } from '@/web/lib/cn';

/** The drag payload's type: the booking id travels as this, and as text/plain. */
export const CALENDAR_DRAG_TYPE = 'application/x-handyman-booking';

const TONES: Record<string, string> = {
  pending: 'border-amber-400 bg-amber-50',
  confirmed: 'border-brand-400 bg-brand-50',
  en_route: 'border-emerald-500 bg-emerald-50',
  in_progress: 'border-emerald-500 bg-emerald-50',
  completed: 'border-slate-300 bg-slate-100',
};

/** Only jobs not yet under way may be given to someone else (the server's rule, checked again there). */
export function isMovable(job: DispatchBooking): boolean {
  return job.status === 'pending' || job.status === 'confirmed';
}

export function CalendarJobBlock({
  job,
  onOpen,
  onDragStart,
  onDragEnd,
  style,
  className,
  buttonRef,
}: {
  job: DispatchBooking;
  onOpen: (job: DispatchBooking) => void;
  onDragStart: (job: DispatchBooking) => void;
  onDragEnd: () => void;
  style?: CSSProperties;
  className?: string;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const { t, i18n } = useTranslation();
  const movable = isMovable(job);
  const times = t('dispatch.calendar.times', { start: formatTampaTime(job.scheduledStart, i18n.language), end: formatTampaTime(job.scheduledEnd, i18n.language) });
  const service = t(`services.${job.service}.name`);
  return (
    <button
      ref={buttonRef}
      type="button"
      draggable={movable}
      data-booking-id={job.id}
      onClick={() => onOpen(job)}
      onDragStart={(event) => {
        event.dataTransfer.setData(CALENDAR_DRAG_TYPE, job.id);
        event.dataTransfer.setData('text/plain', job.reference);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(job);
      }}
      onDragEnd={onDragEnd}
      aria-haspopup="dialog"
      aria-label={t('dispatch.calendar.jobLabel', { reference: job.reference, service, times, customer: job.customer.name })}
      // the whole of it on hover, when a short job's block cuts the text
      title={`${job.reference} · ${service} · ${times} · ${job.customer.name}`}
      style={style}
      className={cn(
        'flex min-h-11 flex-col overflow-hidden rounded-md border-l-4 px-2 py-1 text-left text-xs text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
        TONES[job.status] ?? TONES.completed,
        movable ? 'cursor-grab active:cursor-grabbing' : 'cursor-pointer',
        className,
      )}
    >
      <span className="truncate font-semibold">{job.reference}</span>
      <span className="truncate">{service}</span>
      <span className="truncate text-slate-700">{times}</span>
    </button>
  );
}
