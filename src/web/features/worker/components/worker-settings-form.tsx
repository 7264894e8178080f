/**
 * The worker's settings (issue #4): phone, skills (the three services), ZIP codes served (comma or
 * space separated; empty = the whole service area) and email / SMS notifications, saved with
 * `PATCH /api/worker/settings`. Field messages beside the fields, the server's refusal above Save.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SERVICE_SLUGS } from '@/domain/services';
import type { WorkerProfile } from '@/domain/worker-contract';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { formatPhoneForDisplay } from '@/web/lib/public-settings';
import { toast } from '@/web/lib/toast';
import { useUpdateWorkerSettings } from '../api/update-worker-settings';
import { workerSettingsFormSchema, type WorkerSettingsInput, type WorkerSettingsValues } from '../utils/settings-form';

const checkboxRow = 'flex min-h-12 items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900';

export function WorkerSettingsForm({ profile }: { profile: WorkerProfile }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateWorkerSettings();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<WorkerSettingsInput, unknown, WorkerSettingsValues>({
    resolver: zodResolver(workerSettingsFormSchema),
    defaultValues: {
      phone: profile.phone ? formatPhoneForDisplay(profile.phone) : '',
      skills: profile.skills,
      serviceZips: profile.serviceZips.join(', '),
      notifyEmail: profile.notifyEmail,
      notifySms: profile.notifySms,
    },
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast.success(t('worker.settings.saved'));
        reset({ ...values, phone: values.phone ? formatPhoneForDisplay(values.phone) : '', serviceZips: values.serviceZips.join(', ') });
      },
    }),
  );

  const message = (key: string | undefined) => (key ? t(key) : null);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Card className="flex flex-col gap-2 p-4">
        <Label htmlFor={`${id}-phone`}>{t('worker.settings.phone')}</Label>
        <Input
          id={`${id}-phone`}
          type="tel"
          autoComplete="tel"
          className="h-12"
          {...register('phone')}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={`${id}-phone-hint${errors.phone ? ` ${id}-phone-error` : ''}`}
        />
        <p id={`${id}-phone-hint`} className="text-sm text-slate-600">
          {t('worker.settings.phoneHint')}
        </p>
        <FieldError id={`${id}-phone-error`} message={message(errors.phone?.message)} />
      </Card>

      <Card className="p-4">
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.skills ? `${id}-skills-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('worker.settings.skills')}</legend>
          {SERVICE_SLUGS.map((slug) => (
            <label key={slug} className={checkboxRow}>
              <input type="checkbox" value={slug} {...register('skills')} className="h-5 w-5" />
              {t(`services.${slug}.name`)}
            </label>
          ))}
          <FieldError id={`${id}-skills-error`} message={message(errors.skills?.message)} />
        </fieldset>
      </Card>

      <Card className="flex flex-col gap-2 p-4">
        <Label htmlFor={`${id}-zips`}>{t('worker.settings.zips')}</Label>
        <Input
          id={`${id}-zips`}
          inputMode="numeric"
          autoComplete="off"
          className="h-12"
          {...register('serviceZips')}
          aria-invalid={errors.serviceZips ? true : undefined}
          aria-describedby={`${id}-zips-hint${errors.serviceZips ? ` ${id}-zips-error` : ''}`}
        />
        <p id={`${id}-zips-hint`} className="text-sm text-slate-600">
          {t('worker.settings.zipsHint')}
        </p>
        <FieldError id={`${id}-zips-error`} message={message(errors.serviceZips?.message)} />
      </Card>

      <Card className="p-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('worker.settings.notifications')}</legend>
          <label className={checkboxRow}>
            <input type="checkbox" {...register('notifyEmail')} className="h-5 w-5" />
            {t('worker.settings.notifyEmail')}
          </label>
          <label className={checkboxRow}>
            <input type="checkbox" {...register('notifySms')} className="h-5 w-5" />
            {t('worker.settings.notifySms')}
          </label>
        </fieldset>
      </Card>

      <div aria-live="assertive">{update.error ? <ApiErrorAlert error={update.error} /> : null}</div>
      <Button type="submit" size="lg" className="h-14 w-full text-lg" disabled={update.isPending} aria-busy={update.isPending || undefined}>
        {update.isPending ? t('worker.actions.saving') : t('worker.settings.save')}
      </Button>
    </form>
  );
}
