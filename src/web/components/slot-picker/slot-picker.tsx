/**
 * Picking a start: the bookable Tampa dates as a row of chips (scrolling sideways on a phone,
 * with faded edges and arrows while more lies aside; the chosen date is scrolled into view
 * whenever it changes or the picker opens, e.g. back from "that time was just taken"), then that
 * day's start times (Tampa time, in the interface language) as one radio group: a single Tab
 * stop, the arrow keys (and Home/End) move and choose, as the ARIA radio group pattern does.
 * Loading, empty and error states. The state comes from useSlotChoice; the parent decides what
 * a missing choice means and can move focus here with the `focus()` handle.
 */
import { useEffect, useId, useImperativeHandle, useRef, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatTampaTime } from '@/domain/format';
import { businessDate } from '@/domain/slots';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { revealInRow, ScrollRow } from '@/web/components/ui/scroll-row';
import { cn } from '@/web/lib/cn';
import type { SlotChoice } from './use-slot-choice';

export interface SlotPickerHandle {
  /** Focuses the chosen start time (else the first), or the chosen date when the day has none. */
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
    focus: () => (timesRef.current?.querySelector<HTMLElement>('[tabindex="0"]') ?? datesRef.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]'))?.focus(),
  }));

  // The chosen date stays in sight in its row (it may sit far to the right on a phone).
  const hasDates = Boolean(slots.data);
  useEffect(() => {
    const chip = datesRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (datesRef.current && chip) revealInRow(datesRef.current, chip);
  }, [shownDate, hasDates]);

  // One Tab stop: the chosen time, or the first one while none is chosen.
  const tabStop = chosen && starts.includes(chosen) ? chosen : starts[0];
  const choose = (start: string) => onChange({ date: shownDate ?? businessDate(new Date(start)), startAt: start });
  const moveChoice = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = starts.indexOf(tabStop ?? '');
    const last = starts.length - 1;
    const to = ({ ArrowRight: from + 1, ArrowDown: from + 1, ArrowLeft: from - 1, ArrowUp: from - 1, Home: 0, End: last } as Record<string, number>)[event.key];
    if (to === undefined || starts.length === 0) return;
    event.preventDefault();
    const next = starts[(to + starts.length) % starts.length]!;
    focusAfterChoice.current = next;
    choose(next);
  };
  // The time chosen by key gets the focus once it is rendered (choosing may reload the day's times).
  const focusAfterChoice = useRef<string | null>(null);
  useEffect(() => {
    const radio = focusAfterChoice.current && timesRef.current?.querySelector<HTMLElement>(`[data-start="${focusAfterChoice.current}"]`);
    if (!radio) return;
    focusAfterChoice.current = null;
    radio.focus();
  });

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h3 id={datesLabelId} className="text-sm font-medium text-slate-800">
          {t('slotPicker.dateLabel')}
        </h3>
        {slots.data ? (
          <ScrollRow ref={datesRef} role="group" aria-labelledby={datesLabelId} className="-mx-1 flex gap-2 px-1 pt-1 pb-2">
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
          </ScrollRow>
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
            role="radiogroup"
            aria-labelledby={timesLabelId}
            aria-describedby={error ? errorId : undefined}
            onKeyDown={moveChoice}
            className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          >
            {starts.map((start) => (
              <button
                key={start}
                type="button"
                role="radio"
                data-start={start}
                aria-checked={start === chosen}
                tabIndex={start === tabStop ? 0 : -1}
                onClick={() => choose(start)}
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
