/**
 * The settings sections made of plain fields: sales tax, service area, cancellation policy,
 * contact promise, support contacts, completion limits and the job rules. Each is its own form, saved on its
 * own with the version it was read at (useSectionForm). Labels and messages:
 * `adminSettings.*` (locales/{en,es}/admin-settings.json).
 */
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { AdminSettings } from '@/domain/settings-contract';
import { FieldError } from '@/web/components/ui/field-error';
import { FormField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { useSaveSection } from '../api/save-settings';
import { fieldMessage, firstError, useSectionForm } from '../hooks/use-section-form';
import { cancellationForm, completionLimitsForm, contactPromiseForm, jobRulesForm, serviceAreaForm, splitZips, supportForm, taxForm } from '../utils/forms';
import { SettingsForm } from './settings-form';

type Sections = AdminSettings['sections'];

interface FieldSpec<F extends FieldValues> {
  name: Path<F>;
  label: string;
  hint?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  type?: string;
  autoComplete?: string;
}

/** Labelled inputs, two to a row from tablet width up, each with its message. */
function Fields<F extends FieldValues>({ idPrefix, fields, register, errors }: { idPrefix: string; fields: FieldSpec<F>[]; register: UseFormRegister<F>; errors: FieldErrors<F> }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => (
        <FormField
          key={field.name}
          id={`${idPrefix}-${field.name.replace(/\./g, '-')}`}
          label={field.label}
          hint={field.hint}
          type={field.type ?? 'text'}
          inputMode={field.inputMode ?? 'numeric'}
          autoComplete={field.autoComplete ?? 'off'}
          className="h-12"
          registration={register(field.name)}
          error={fieldMessage(t, firstError(field.name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors)))}
        />
      ))}
    </div>
  );
}

export function TaxForm({ state }: { state: Sections['tax'] }) {
  const { t } = useTranslation();
  const name = t('adminSettings.sections.tax');
  const controller = useSectionForm({ form: taxForm, state, save: useSaveSection('tax'), name });
  return (
    <SettingsForm id="tax" name={name} description={t('adminSettings.descriptions.tax')} state={state} controller={controller}>
      <Fields
        idPrefix="tax"
        register={controller.form.register}
        errors={controller.form.formState.errors}
        fields={[{ name: 'taxRateBps', label: t('adminSettings.tax.rate'), hint: t('adminSettings.tax.rateHint'), inputMode: 'decimal' }]}
      />
    </SettingsForm>
  );
}

export function ServiceAreaForm({ state }: { state: Sections['serviceArea'] }) {
  const { t } = useTranslation();
  const name = t('adminSettings.sections.serviceArea');
  const controller = useSectionForm({ form: serviceAreaForm, state, save: useSaveSection('serviceArea'), name });
  const { register, watch, formState } = controller.form;
  const error = fieldMessage(t, firstError(formState.errors.zips));
  const count = new Set(splitZips(watch('zips') ?? '')).size;
  return (
    <SettingsForm id="service-area" name={name} description={t('adminSettings.descriptions.serviceArea')} state={state} controller={controller}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="service-area-zips">{t('adminSettings.serviceArea.zips')}</Label>
        <textarea
          id="service-area-zips"
          rows={5}
          inputMode="numeric"
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm"
          aria-invalid={error ? true : undefined}
          aria-describedby={`service-area-zips-hint service-area-zips-count${error ? ' service-area-zips-error' : ''}`}
          {...register('zips')}
        />
        <p id="service-area-zips-hint" className="text-sm text-slate-600">
          {t('adminSettings.serviceArea.zipsHint')}
        </p>
        <p id="service-area-zips-count" className="text-sm text-slate-600">
          {t('adminSettings.serviceArea.count', { count })}
        </p>
        <FieldError id="service-area-zips-error" message={error} />
      </div>
    </SettingsForm>
  );
}

export function CancellationForm({ state }: { state: Sections['cancellation'] }) {
  const { t } = useTranslation();
  const name = t('adminSettings.sections.cancellation');
  const controller = useSectionForm({ form: cancellationForm, state, save: useSaveSection('cancellation'), name });
  return (
    <SettingsForm id="cancellation" name={name} description={t('adminSettings.descriptions.cancellation')} state={state} controller={controller}>
      <Fields
        idPrefix="cancellation"
        register={controller.form.register}
        errors={controller.form.formState.errors}
        fields={[
          { name: 'freeNoticeHours', label: t('adminSettings.cancellation.freeNoticeHours') },
          { name: 'feeNoticeHours', label: t('adminSettings.cancellation.feeNoticeHours'), hint: t('adminSettings.cancellation.feeNoticeHint') },
          { name: 'feePercent', label: t('adminSettings.cancellation.feePercent') },
          { name: 'graceMinutes', label: t('adminSettings.cancellation.graceMinutes') },
          { name: 'rescheduleNoticeHours', label: t('adminSettings.cancellation.rescheduleNoticeHours') },
          { name: 'refundBusinessDays.min', label: t('adminSettings.cancellation.refundMin') },
          { name: 'refundBusinessDays.max', label: t('adminSettings.cancellation.refundMax') },
        ]}
      />
    </SettingsForm>
  );
}

export function ContactPromiseForm({ state }: { state: Sections['contactPromise'] }) {
  const { t } = useTranslation();
  const name = t('adminSettings.sections.contactPromise');
  const controller = useSectionForm({ form: contactPromiseForm, state, save: useSaveSection('contactPromise'), name });
  return (
    <SettingsForm id="contact-promise" name={name} description={t('adminSettings.descriptions.contactPromise')} state={state} controller={controller}>
      <Fields
        idPrefix="contact-promise"
        register={controller.form.register}
        errors={controller.form.formState.errors}
        fields={[
          { name: 'min', label: t('adminSettings.contactPromise.min') },
          { name: 'max', label: t('adminSettings.contactPromise.max') },
        ]}
      />
    </SettingsForm>
  );
}

export function SupportForm({ state }: { state: Sections['support'] }) {
  const { t } = useTranslation();
  const name = t('adminSettings.sections.support');
  const controller = useSectionForm({ form: supportForm, state, save: useSaveSection('support'), name });
  return (
    <SettingsForm id="support" name={name} description={t('adminSettings.descriptions.support')} state={state} controller={controller}>
      <Fields
        idPrefix="support"
        register={controller.form.register}
        errors={controller.form.formState.errors}
        fields={[
          { name: 'phone', label: t('adminSettings.support.phone'), hint: t('adminSettings.support.phoneHint'), type: 'tel', inputMode: 'tel' },
          { name: 'email', label: t('adminSettings.support.email'), type: 'email', inputMode: 'email' },
        ]}
      />
    </SettingsForm>
  );
}

export function CompletionLimitsForm({ state }: { state: Sections['completionLimits'] }) {
  const { t } = useTranslation();
  const name = t('adminSettings.sections.completionLimits');
  const controller = useSectionForm({ form: completionLimitsForm, state, save: useSaveSection('completionLimits'), name });
  return (
    <SettingsForm id="completion-limits" name={name} description={t('adminSettings.descriptions.completionLimits')} state={state} controller={controller}>
      <Fields
        idPrefix="completion-limits"
        register={controller.form.register}
        errors={controller.form.formState.errors}
        fields={[
          { name: 'hoursFactor', label: t('adminSettings.completionLimits.hoursFactor'), inputMode: 'decimal' },
          { name: 'hoursExtra', label: t('adminSettings.completionLimits.hoursExtra') },
          { name: 'hoursCap', label: t('adminSettings.completionLimits.hoursCap'), inputMode: 'decimal' },
          { name: 'paintCostPerRoomCents', label: t('adminSettings.completionLimits.paintCostPerRoom'), inputMode: 'decimal' },
          { name: 'approvalAboveHoldCents', label: t('adminSettings.completionLimits.approvalAboveHold'), inputMode: 'decimal' },
        ]}
      />
    </SettingsForm>
  );
}

/** The job rules (issue #14): the start window, the shortest job, the customers' arrival window, the workers' share. */
export function JobRulesForm({ state }: { state: Sections['jobRules'] }) {
  const { t } = useTranslation();
  const name = t('adminSettings.sections.jobRules');
  const controller = useSectionForm({ form: jobRulesForm, state, save: useSaveSection('jobRules'), name });
  return (
    <SettingsForm id="job-rules" name={name} description={t('adminSettings.descriptions.jobRules')} state={state} controller={controller}>
      <Fields
        idPrefix="job-rules"
        register={controller.form.register}
        errors={controller.form.formState.errors}
        fields={[
          { name: 'startWindowMinutes', label: t('adminSettings.fields.startWindowMinutes') },
          { name: 'minJobMinutes', label: t('adminSettings.fields.minJobMinutes') },
          { name: 'arrivalWindowMinutes', label: t('adminSettings.fields.arrivalWindowMinutes') },
          { name: 'workerSharePercent', label: t('adminSettings.fields.workerSharePercent') },
        ]}
      />
    </SettingsForm>
  );
}
