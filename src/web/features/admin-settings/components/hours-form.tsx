/**
 * "Business hours and time slots": for each Tampa weekday whether the business is open and its
 * opening and closing times, then the minutes between offered starts, the least notice, the travel
 * buffer between a worker's jobs and how many days ahead can be booked. Saved together
 * (PUT /api/admin/settings/hours); the slots follow at once.
 */
import { useTranslation } from 'react-i18next';
import { weekdayName } from '@/domain/format';
import type { AdminSettings } from '@/domain/settings-contract';
import { FieldError } from '@/web/components/ui/field-error';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useSaveSection } from '../api/save-settings';
import { fieldMessage, firstError, useSectionForm } from '../hooks/use-section-form';
import { hoursForm } from '../utils/forms';
import { SettingsForm } from './settings-form';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export function HoursForm({ state }: { state: AdminSettings['sections']['hours'] }) {
  const { t, i18n } = useTranslation();
  const name = t('adminSettings.sections.hours');
  const controller = useSectionForm({ form: hoursForm, state, save: useSaveSection('hours'), name });
  const { register, watch, formState } = controller.form;
  const { errors } = formState;
  // "Open at least one day" belongs to the whole week (its root), not to a day.
  const week = errors.weeklyHours as { message?: string; type?: string; root?: { message?: string; type?: string } } | undefined;
  const weekError = fieldMessage(t, week?.root ?? (typeof week?.message === 'string' ? week : undefined));

  return (
    <SettingsForm id="hours" name={name} description={t('adminSettings.descriptions.hours')} state={state} controller={controller}>
      <fieldset className="flex flex-col gap-2" aria-describedby={weekError ? 'hours-week-error' : undefined}>
        <legend className="mb-1 font-medium text-slate-900">{t('adminSettings.hours.weekTitle')}</legend>
        {WEEKDAYS.map((weekday) => {
          const day = weekdayName(weekday, i18n.language);
          const open = watch(`weeklyHours.${weekday}.open`);
          const dayErrors = (errors.weeklyHours as Record<number, { openMinute?: unknown; closeMinute?: unknown } | undefined> | undefined)?.[weekday];
          const openError = fieldMessage(t, firstError(dayErrors?.openMinute));
          const closeError = fieldMessage(t, firstError(dayErrors?.closeMinute));
          const id = `hours-${weekday}`;
          return (
            <div key={weekday} className="grid grid-cols-2 items-start gap-x-3 gap-y-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[10rem_1fr_1fr]">
              <label className="col-span-2 flex min-h-12 items-center gap-3 font-medium text-slate-900 sm:col-span-1">
                <input type="checkbox" className="h-5 w-5" aria-label={t('adminSettings.hours.openOn', { day })} {...register(`weeklyHours.${weekday}.open`)} />
                <span aria-hidden="true">{day}</span>
              </label>
              {open ? (
                <>
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`${id}-open`}>{t('adminSettings.hours.opens')}</Label>
                    <Input
                      id={`${id}-open`}
                      aria-label={t('adminSettings.hours.opensOn', { day })}
                      type="time"
                      step={300}
                      className="h-12"
                      aria-invalid={openError ? true : undefined}
                      aria-describedby={openError ? `${id}-open-error` : undefined}
                      {...register(`weeklyHours.${weekday}.openMinute`)}
                    />
                    <FieldError id={`${id}-open-error`} message={openError} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`${id}-close`}>{t('adminSettings.hours.closes')}</Label>
                    <Input
                      id={`${id}-close`}
                      aria-label={t('adminSettings.hours.closesOn', { day })}
                      type="time"
                      step={300}
                      className="h-12"
                      aria-invalid={closeError ? true : undefined}
                      aria-describedby={closeError ? `${id}-close-error` : undefined}
                      {...register(`weeklyHours.${weekday}.closeMinute`)}
                    />
                    <FieldError id={`${id}-close-error`} message={closeError} />
                  </div>
                </>
              ) : (
                <p className="col-span-2 self-center text-slate-600">{t('adminSettings.hours.closed')}</p>
              )}
            </div>
          );
        })}
        <FieldError id="hours-week-error" message={weekError} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="hours-step" label={t('adminSettings.hours.stepMinutes')} inputMode="numeric" className="h-12" registration={register('stepMinutes')} error={fieldMessage(t, errors.stepMinutes)} />
        <FormField
          id="hours-lead"
          label={t('adminSettings.hours.leadMinutes')}
          hint={t('adminSettings.hours.leadHint')}
          inputMode="numeric"
          className="h-12"
          registration={register('leadMinutes')}
          error={fieldMessage(t, errors.leadMinutes)}
        />
        <FormField id="hours-buffer" label={t('adminSettings.hours.bufferMinutes')} inputMode="numeric" className="h-12" registration={register('bufferMinutes')} error={fieldMessage(t, errors.bufferMinutes)} />
        <FormField id="hours-days" label={t('adminSettings.hours.daysAhead')} inputMode="numeric" className="h-12" registration={register('daysAhead')} error={fieldMessage(t, errors.daysAhead)} />
      </div>
    </SettingsForm>
  );
}
