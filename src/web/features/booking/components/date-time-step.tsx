/**
 * Step 3, Date & Time: the 15 bookable Tampa dates as a row of chips, then that day's start
 * times (Tampa time, in the interface language) as buttons. A time is required.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceSlug } from '@/domain/services';
import { businessDate } from '@/domain/slots';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { cn } from '@/web/lib/cn';
import { useSlots } from '../api/get-slots';
import { formatSlotDate, formatSlotTime } from '../utils/format';
import { StepActions } from './step-layout';

export interface DateTimeStepProps {
  slug: ServiceSlug;
  durationMinutes: number;
  date: string | null;
  startAt: string | null;
  onChange: (choice: { date: string; startAt: string | null }) => void;
  onNext: () => void;
  onBack: () => void;
}

const chipClass = 'rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';
const chosenClass = 'border-brand-600 bg-brand-600 text-white';
const openClass = 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100';

export function DateTimeStep({ slug, durationMinutes, date, startAt, onChange, onNext, onBack }: DateTimeStepProps) {
  const { t, i18n } = useTranslation();
  // A draft kept from an earlier day may hold a date that has passed: ask for today's slots instead.
  const today = businessDate(new Date());
  const requestedDate = date && date >= today ? date : null;
  const slots = useSlots({ slug, date: requestedDate, durationMinutes });
  const [showRequired, setShowRequired] = useState(false);
  const timesRef = useRef<HTMLDivElement>(null);
  const datesRef = useRef<HTMLDivElement>(null);

  const shownDate = requestedDate ?? slots.data?.date ?? null;
  const timesLoading = slots.isPending || slots.isPlaceholderData;
  const starts = timesLoading ? [] : (slots.data?.starts ?? []);
  const chosen = startAt && starts.includes(startAt) ? startAt : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen) return onNext();
    setShowRequired(true);
    (timesRef.current?.querySelector('button') ?? datesRef.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]'))?.focus();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <div className="space-y-2">
        <h3 id="dates-label" className="text-sm font-medium text-slate-800">{t('booking.datetime.dateLabel')}</h3>
        {slots.data ? (
          <div ref={datesRef} role="group" aria-labelledby="dates-label" className="-mx-1 flex gap-2 overflow-x-auto px-1 pt-1 pb-2">
            {slots.data.dates.map((day) => (
              <button
                key={day}
                type="button"
                aria-pressed={day === shownDate}
                onClick={() => onChange({ date: day, startAt: day === shownDate ? startAt : null })}
                className={cn(chipClass, day === shownDate ? chosenClass : openClass)}
              >
                {day === today ? t('booking.datetime.today', { date: formatSlotDate(day, i18n.language) }) : formatSlotDate(day, i18n.language)}
              </button>
            ))}
          </div>
        ) : null}
      </div>

      <div className="space-y-2" aria-busy={timesLoading}>
        <h3 id="times-label" className="text-sm font-medium text-slate-800">
          {shownDate ? t('booking.datetime.timesLabel', { date: formatSlotDate(shownDate, i18n.language) }) : t('booking.datetime.timesLabelNoDate')}
        </h3>
        <p className="text-sm text-slate-600">{t('booking.datetime.timeZoneNote')}</p>
        <div aria-live="polite">
          {slots.isError && !slots.data ? (
            <div role="alert" className="space-y-2 text-sm text-red-800">
              <p>{slots.error.message}</p>
              <Button variant="outline" size="sm" onClick={() => void slots.refetch()}>
                {t('booking.actions.retry')}
              </Button>
            </div>
          ) : timesLoading ? (
            <p className="text-sm text-slate-700">{t('booking.datetime.loading')}</p>
          ) : starts.length === 0 ? (
            <p className="text-sm text-slate-700">{t('booking.datetime.empty')}</p>
          ) : null}
        </div>
        {starts.length > 0 && (
          <div ref={timesRef} role="group" aria-labelledby="times-label" aria-describedby={showRequired && !chosen ? 'time-error' : undefined} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {starts.map((start) => (
              <button
                key={start}
                type="button"
                aria-pressed={start === chosen}
                onClick={() => {
                  setShowRequired(false);
                  onChange({ date: shownDate ?? businessDate(new Date(start)), startAt: start });
                }}
                className={cn(chipClass, 'rounded-md px-2', start === chosen ? chosenClass : openClass)}
              >
                {formatSlotTime(start, i18n.language)}
              </button>
            ))}
          </div>
        )}
        <FieldError id="time-error" message={showRequired && !chosen ? t('validation.startInvalid') : null} />
      </div>
      <StepActions onBack={onBack} submitLabel={t('booking.actions.next')} />
    </form>
  );
}
