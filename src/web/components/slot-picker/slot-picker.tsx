/**
 * Picking a start: the bookable Tampa dates as a row of chips (scrolling sideways on a phone),
 * then that day's start times (Tampa time, in the interface language) as toggle buttons, with
 * loading, empty and error states. The state comes from useSlotChoice; the parent decides what
 * a missing choice means and can move focus here with the `focus()` handle.
 */
import { useId, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatTampaTime } from '@/domain/format';
import { businessDate } from '@/domain/slots';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { cn } from '@/web/lib/cn';
import type { SlotChoice } from './use-slot-choice';

export interface SlotPickerHandle {
  /** Focuses the first start time, or the chosen date when the day has none. */
  focus: () => void;
}

export interface SlotPickerProps {
  choice: SlotChoice;
  onChange: (choice: { date: string; startAt: string | null }) => void;
  /** Shown under the times and tied to them (e.g. "Please choose a date and time."). */
  error?: string | null;
  ref?: Ref<SlotPickerHandle>;
}

const chipClass =
  'rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';
const chosenClass = 'border-brand-600 bg-brand-600 text-white';
const openClass = 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100';

export function SlotPicker({ choice, onChange, error, ref }: SlotPickerProps) {
  const { t, i18n } = useTranslation();
  const { slots, today, shownDate, starts, timesLoading, startAt, chosen } = choice;
  const ids = useId();
  const datesLabelId = `${ids}-dates`;
  const timesLabelId = `${ids}-times`;
  const errorId = `${ids}-error`;
  const datesRef = useRef<HTMLDivElement>(null);
  const timesRef = useRef<HTMLDivElement>(null);

  useImperativeHandle(ref, () => ({
    focus: () => (timesRef.current?.querySelector('button') ?? datesRef.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]'))?.focus(),
  }));

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h3 id={datesLabelId} className="text-sm font-medium text-slate-800">
          {t('slotPicker.dateLabel')}
        </h3>
        {slots.data ? (
          <div ref={datesRef} role="group" aria-labelledby={datesLabelId} className="-mx-1 flex gap-2 overflow-x-auto px-1 pt-1 pb-2">
            {slots.data.dates.map((day) => (
              <button
                key={day}
                type="button"
                aria-pressed={day === shownDate}
                onClick={() => onChange({ date: day, startAt: day === shownDate ? startAt : null })}
                className={cn(chipClass, day === shownDate ? chosenClass : openClass)}
              >
                {day === today ? t('slotPicker.today', { date: formatCalendarDate(day, i18n.language, 'chip') }) : formatCalendarDate(day, i18n.language, 'chip')}
              </button>
            ))}
          </div>
        ) : null}
      </div>

      <div className="space-y-2" aria-busy={timesLoading}>
        <h3 id={timesLabelId} className="text-sm font-medium text-slate-800">
          {shownDate ? t('slotPicker.timesLabel', { date: formatCalendarDate(shownDate, i18n.language, 'chip') }) : t('slotPicker.timesLabelNoDate')}
        </h3>
        <p className="text-sm text-slate-600">{t('slotPicker.timeZoneNote')}</p>
        <div aria-live="polite">
          {slots.isError && !slots.data ? (
            <div role="alert" className="space-y-2 text-sm text-red-800">
              <p>{slots.error.message}</p>
              <Button variant="outline" size="sm" onClick={() => void slots.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          ) : timesLoading ? (
            <p className="text-sm text-slate-700">{t('slotPicker.loading')}</p>
          ) : starts.length === 0 ? (
            <p className="text-sm text-slate-700">{t('slotPicker.empty')}</p>
          ) : null}
        </div>
        {starts.length > 0 && (
          <div
            ref={timesRef}
            role="group"
            aria-labelledby={timesLabelId}
            aria-describedby={error ? errorId : undefined}
            className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          >
            {starts.map((start) => (
              <button
                key={start}
                type="button"
                aria-pressed={start === chosen}
                onClick={() => onChange({ date: shownDate ?? businessDate(new Date(start)), startAt: start })}
                className={cn(chipClass, 'rounded-md px-2', start === chosen ? chosenClass : openClass)}
              >
                {formatTampaTime(start, i18n.language)}
              </button>
            ))}
          </div>
        )}
        <FieldError id={errorId} message={error} />
      </div>
    </div>
  );
}
