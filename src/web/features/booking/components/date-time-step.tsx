/**
 * Step 3, Date & Time: the 15 bookable Tampa dates as a row of chips, then that day's start
 * times (Tampa time, in the interface language) as buttons (the shared SlotPicker). A time is
 * required.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceSlug } from '@/domain/services';
import { SlotPicker, type SlotPickerHandle } from '@/web/components/slot-picker/slot-picker';
import { useSlotChoice } from '@/web/components/slot-picker/use-slot-choice';
import { useStepBlocked } from '../hooks/use-funnel-events';
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

export function DateTimeStep({ slug, durationMinutes, date, startAt, onChange, onNext, onBack }: DateTimeStepProps) {
  const { t } = useTranslation();
  const choice = useSlotChoice({ slug, durationMinutes, date, startAt });
  const [showRequired, setShowRequired] = useState(false);
  const pickerRef = useRef<SlotPickerHandle>(null);
  const blocked = useStepBlocked();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choice.chosen) return onNext();
    blocked('startAt', 'validation.startInvalid');
    setShowRequired(true);
    pickerRef.current?.focus();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <SlotPicker
        ref={pickerRef}
        choice={choice}
        onChange={(next) => {
          if (next.startAt) setShowRequired(false);
          onChange(next);
        }}
        error={showRequired && !choice.chosen ? t('validation.startInvalid') : null}
      />
      <StepActions onBack={onBack} submitLabel={t('booking.actions.next')} />
    </form>
  );
}
