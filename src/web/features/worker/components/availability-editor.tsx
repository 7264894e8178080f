/**
 * The worker's availability editor (issue #4): for each weekday (Monday first) one or more time
 * ranges in 30 minute steps, Tampa time, with add and remove, and "Copy Monday to weekdays";
 * then time off as date ranges with an optional note. Checked before saving (an end after its
 * start, no overlapping ranges on a day, time off not ending before it starts; messages beside
 * the fields; the API's rules, src/domain/worker-availability.ts) and saved whole with
 * `PUT /api/worker/availability`; the server's refusal shows above the Save button.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Copy from 'lucide-react/icons/copy';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinuteOfDay, weekdayName } from '@/domain/format';
import { businessDate } from '@/domain/slots';
import type { WorkerProfile } from '@/domain/worker-contract';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/lib/toast';
import { WEEKDAYS_MONDAY_FIRST } from '@/web/lib/weekdays';
import { useSaveAvailability } from '../api/save-availability';
import {
  availabilityFormSchema,
  availabilityPayload,
  copyMondayToWeekdays,
  DAY_MINUTES,
  formValuesFrom,
  nextRange,
  STEP_MINUTES,
  type AvailabilityFormInput,
  type AvailabilityFormValues,
} from '../utils/availability-form';

type AvailabilityForm = UseFormReturn<AvailabilityFormInput, unknown, AvailabilityFormValues>;

const TIMES = Array.from({ length: DAY_MINUTES / STEP_MINUTES + 1 }, (_, i) => i * STEP_MINUTES);
const selectClass =
  'h-12 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[invalid=true]:border-red-600';

export function AvailabilityEditor({ profile }: { profile: WorkerProfile }) {
  const { t } = useTranslation();
  const save = useSaveAvailability();
  const form: AvailabilityForm = useForm<AvailabilityFormInput, unknown, AvailabilityFormValues>({
    resolver: zodResolver(availabilityFormSchema),
    defaultValues: formValuesFrom(profile),
  });
  const ranges = useFieldArray({ control: form.control, name: 'weekly' });
  const timeOff = useFieldArray({ control: form.control, name: 'timeOff' });
  const invalid = form.formState.submitCount > 0 && Object.keys(form.formState.errors).length > 0;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(availabilityPayload(values), {
      onSuccess: () => {
        toast.success(t('worker.availability.saved'));
        form.reset(values);
      },
    }),
  );

  const addRange = (weekday: number) => {
    const dayRanges = (form.getValues('weekly') ?? []).filter((r) => r.weekday === weekday);
    ranges.append({ weekday, ...nextRange(dayRanges) });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <section aria-labelledby="weekly-title" className="flex flex-col gap-3">
        <div>
          <h2 id="weekly-title" className="text-xl font-semibold text-slate-900">
            {t('worker.availability.weeklyTitle')}
          </h2>
          <p className="text-sm text-slate-600">{t('worker.availability.weeklyHint')}</p>
        </div>
        {WEEKDAYS_MONDAY_FIRST.map((weekday) => (
          <DayCard
            key={weekday}
            weekday={weekday}
            form={form}
            fields={ranges.fields}
            onAdd={() => addRange(weekday)}
            onRemove={(index) => ranges.remove(index)}
            onCopyMonday={weekday === 1 ? () => ranges.replace(copyMondayToWeekdays(form.getValues('weekly'))) : undefined}
          />
        ))}
      </section>

      <section aria-labelledby="time-off-title" className="flex flex-col gap-3">
        <div>
          <h2 id="time-off-title" className="text-xl font-semibold text-slate-900">
            {t('worker.availability.timeOffTitle')}
          </h2>
          <p className="text-sm text-slate-600">{t('worker.availability.timeOffHint')}</p>
        </div>
        {timeOff.fields.length === 0 ? <p className="text-sm text-slate-700">{t('worker.availability.noTimeOff')}</p> : null}
        <ul className="flex flex-col gap-3">
          {timeOff.fields.map((field, index) => (
            <li key={field.id}>
              <TimeOffRow form={form} index={index} onRemove={() => timeOff.remove(index)} />
            </li>
          ))}
        </ul>
        <Button
          variant="outline"
          size="lg"
          className="self-start"
          onClick={() => {
            const today = businessDate(new Date());
            timeOff.append({ startsOn: today, endsOn: today, note: '' });
          }}
        >
          <Plus aria-hidden="true" className="h-5 w-5" />
          {t('worker.availability.addTimeOff')}
        </Button>
      </section>

      <div className="sticky bottom-0 -mx-3 flex flex-col gap-3 border-t border-slate-200 bg-white px-3 py-3 sm:mx-0 sm:rounded-lg sm:border sm:px-4">
        <div aria-live="assertive" className="empty:hidden">
          {invalid ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {t('worker.availability.fixErrors')}
            </p>
          ) : null}
          {save.error ? <ApiErrorAlert error={save.error} /> : null}
        </div>
        <Button type="submit" size="lg" className="h-14 w-full text-lg" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? t('worker.actions.saving') : t('worker.availability.save')}
        </Button>
      </div>
    </form>
  );
}

interface DayCardProps {
  weekday: number;
  form: AvailabilityForm;
  fields: { id: string; weekday: number }[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  onCopyMonday?: () => void;
}

function DayCard({ weekday, form, fields, onAdd, onRemove, onCopyMonday }: DayCardProps) {
  const { t, i18n } = useTranslation();
  const day = weekdayName(weekday, i18n.language);
  const rows = fields.map((field, index) => ({ field, index })).filter(({ field }) => field.weekday === weekday);

  return (
    <Card className="p-3 sm:p-4">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold text-slate-900 capitalize">{day}</legend>
        {rows.length === 0 ? <p className="text-sm text-slate-600">{t('worker.availability.dayOff')}</p> : null}
        {rows.map(({ field, index }) => (
          <RangeRow key={field.id} form={form} index={index} day={day} onRemove={() => onRemove(index)} />
        ))}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="lg" onClick={onAdd}>
            <Plus aria-hidden="true" className="h-5 w-5" />
            {t('worker.availability.addRange')}
            <span className="sr-only"> ({day})</span>
          </Button>
          {onCopyMonday ? (
            <Button variant="ghost" size="lg" onClick={onCopyMonday}>
              <Copy aria-hidden="true" className="h-5 w-5" />
              {t('worker.availability.copyMonday')}
            </Button>
          ) : null}
        </div>
      </fieldset>
    </Card>
  );
}

function RangeRow({ form, index, day, onRemove }: { form: AvailabilityForm; index: number; day: string; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const errors = form.formState.errors.weekly?.[index];
  // An overlap is the range's own error (errors.message): both of its times are marked.
  const message = errors?.startMinute?.message ?? errors?.endMinute?.message ?? errors?.message;
  const label = (minute: number) => (minute === DAY_MINUTES ? t('worker.availability.endOfDay') : formatMinuteOfDay(minute, i18n.language));
  const errorId = `${id}-error`;

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Label htmlFor={`${id}-start`} className="text-xs text-slate-600">
            {t('worker.availability.from')}
          </Label>
          <select
            id={`${id}-start`}
            {...form.register(`weekly.${index}.startMinute`, { valueAsNumber: true })}
            aria-invalid={errors?.startMinute || errors?.message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            className={selectClass}
          >
            {TIMES.slice(0, -1).map((minute) => (
              <option key={minute} value={minute}>
                {label(minute)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1">
          <Label htmlFor={`${id}-end`} className="text-xs text-slate-600">
            {t('worker.availability.to')}
          </Label>
          <select
            id={`${id}-end`}
            {...form.register(`weekly.${index}.endMinute`, { valueAsNumber: true })}
            aria-invalid={errors?.endMinute || errors?.message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            className={selectClass}
          >
            {TIMES.slice(1).map((minute) => (
              <option key={minute} value={minute}>
                {label(minute)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="outline" size="icon" className="h-12 w-12 shrink-0" onClick={onRemove}>
          <Trash2 aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">{t('worker.availability.removeRange', { day })}</span>
        </Button>
      </div>
      <FieldError id={errorId} message={message ? t(message) : null} />
    </div>
  );
}

function TimeOffRow({ form, index, onRemove }: { form: AvailabilityForm; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const errors = form.formState.errors.timeOff?.[index];
  const describe = (name: 'startsOn' | 'endsOn' | 'note') => (errors?.[name] ? `${id}-${name}-error` : undefined);

  return (
    <Card className="p-3 sm:p-4">
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{t('worker.availability.timeOffEntry', { number: index + 1 })}</legend>
        <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
          <div className="min-w-0 space-y-1">
            <Label htmlFor={`${id}-startsOn`}>{t('worker.availability.startsOn')}</Label>
            <Input id={`${id}-startsOn`} type="date" className="h-12" {...form.register(`timeOff.${index}.startsOn`)} aria-invalid={errors?.startsOn ? true : undefined} aria-describedby={describe('startsOn')} />
            <FieldError id={`${id}-startsOn-error`} message={errors?.startsOn?.message ? t(errors.startsOn.message) : null} />
          </div>
          <div className="min-w-0 space-y-1">
            <Label htmlFor={`${id}-endsOn`}>{t('worker.availability.endsOn')}</Label>
            <Input id={`${id}-endsOn`} type="date" className="h-12" {...form.register(`timeOff.${index}.endsOn`)} aria-invalid={errors?.endsOn ? true : undefined} aria-describedby={describe('endsOn')} />
            <FieldError id={`${id}-endsOn-error`} message={errors?.endsOn?.message ? t(errors.endsOn.message) : null} />
          </div>
        </div>
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1 space-y-1">
            <Label htmlFor={`${id}-note`}>{t('worker.availability.note')}</Label>
            <Input id={`${id}-note`} className="h-12" maxLength={200} {...form.register(`timeOff.${index}.note`)} aria-invalid={errors?.note ? true : undefined} aria-describedby={describe('note')} />
          </div>
          <Button variant="outline" size="icon" className="h-12 w-12 shrink-0" onClick={onRemove}>
            <Trash2 aria-hidden="true" className="h-5 w-5" />
            <span className="sr-only">{t('worker.availability.removeTimeOff', { number: index + 1 })}</span>
          </Button>
        </div>
        <FieldError id={`${id}-note-error`} message={errors?.note?.message ? t(errors.note.message) : null} />
      </fieldset>
    </Card>
  );
}
