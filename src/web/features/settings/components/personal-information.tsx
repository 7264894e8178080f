/**
 * Settings, Personal Information: full name (the API's own rule, src/domain/account.ts), email,
 * phone (US format, checked by the server). Saving shows a toast; field errors from the server
 * sit under their fields. A new email is confirmed from a link sent to it (the toast says so);
 * Google accounts show their email read-only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fullNameSchema, type Me } from '@/domain/account';
import { FormServerError, serverErrorMessage } from '@/web/components/auth/form-server-error';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { ApiError } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { SettingsSection } from './settings-section';
import { requestEmailChange, useUpdateProfile } from '../api/update-profile';

const personalSchema = z.object({
  full_name: fullNameSchema,
  email: z.string().trim().toLowerCase().pipe(z.email({ error: 'validation.emailInvalid' })),
  phone: z.string().trim(),
});

type PersonalValues = z.input<typeof personalSchema>;

export function PersonalInformation({ me }: { me: Me & { user: NonNullable<Me['user']> } }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateProfile();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PersonalValues, unknown, z.output<typeof personalSchema>>({
    resolver: zodResolver(personalSchema),
    defaultValues: { full_name: me.profile?.full_name ?? me.user.name, email: me.user.email, phone: me.profile?.phone ?? '' },
  });
  const emailEditable = me.user.email_editable === true;
  const fieldMessage = (message: string | undefined) => (message ? t(message) : null);

  const onSubmit = handleSubmit(async ({ email, ...profile }) => {
    setServerError(null);
    try {
      await update.mutateAsync(profile);
      if (emailEditable && email !== me.user.email.toLowerCase()) {
        await requestEmailChange(email);
        toast.success(t('settings.personal.emailConfirmSent', { email }));
      } else {
        toast.success(t('settings.personal.saved'));
      }
    } catch (error) {
      if (error instanceof ApiError && error.details) {
        for (const field of ['full_name', 'phone'] as const) {
          const message = error.details[field];
          if (message) setError(field, { message });
        }
      }
      setServerError(serverErrorMessage(error, t));
    }
  });

  return (
    <SettingsSection title={t('settings.personal.title')}>
        <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="flex flex-col gap-4">
          <FormField
            id={`${id}-name`} label={t('settings.personal.fullName')} autoComplete="name"
            registration={register('full_name')} error={fieldMessage(errors.full_name?.message)}
          />
          {emailEditable ? (
            <FormField
              id={`${id}-email`} label={t('auth.email')} type="email" autoComplete="email" hint={t('settings.personal.emailHint')}
              registration={register('email')} error={fieldMessage(errors.email?.message)}
            />
          ) : (
            <FormField id={`${id}-email`} label={t('auth.email')} type="email" value={me.user.email} readOnly className="bg-slate-50" hint={t('settings.personal.emailGoogle')} />
          )}
          <FormField
            id={`${id}-phone`} label={t('settings.personal.phone')} type="tel" autoComplete="tel" inputMode="tel" placeholder="(813) 555-0123"
            registration={register('phone')} error={fieldMessage(errors.phone?.message)}
          />
          <FormServerError message={serverError} />
          <Button type="submit" disabled={isSubmitting} className="self-start">
            {isSubmitting ? t('common.processing') : t('settings.personal.save')}
          </Button>
        </form>
    </SettingsSection>
  );
}
