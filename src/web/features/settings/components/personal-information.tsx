/**
 * Settings, Personal Information: full name, email, phone (US format, checked by the server
 * too). Saving shows a toast; field errors from the server sit under their fields. A new email
 * is confirmed from a link sent to it (the toast says so); Google accounts show their email
 * read-only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormServerError, serverErrorMessage } from '@/web/components/auth/form-server-error';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api-client';
import type { Me } from '@/web/lib/auth';
import { toast } from '@/web/lib/toast';
import { requestEmailChange, useUpdateProfile } from '../api/update-profile';

const personalSchema = z.object({
  full_name: z.string().trim().min(1, { error: 'account.fullNameRequired' }).max(200, { error: 'validation.tooLong' }),
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
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
          {t('settings.personal.title')}
        </h2>
        <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="mt-4 flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-name`}>{t('settings.personal.fullName')}</Label>
            <Input
              id={`${id}-name`}
              autoComplete="name"
              aria-invalid={errors.full_name ? true : undefined}
              aria-describedby={errors.full_name ? `${id}-name-error` : undefined}
              {...register('full_name')}
            />
            <FieldError id={`${id}-name-error`} message={errors.full_name?.message ? t(errors.full_name.message) : null} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-email`}>{t('auth.email')}</Label>
            {emailEditable ? (
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={[`${id}-email-hint`, errors.email ? `${id}-email-error` : null].filter(Boolean).join(' ')}
                {...register('email')}
              />
            ) : (
              <Input id={`${id}-email`} type="email" value={me.user.email} readOnly aria-describedby={`${id}-email-hint`} className="bg-slate-50" />
            )}
            <p id={`${id}-email-hint`} className="text-sm text-slate-600">
              {emailEditable ? t('settings.personal.emailHint') : t('settings.personal.emailGoogle')}
            </p>
            <FieldError id={`${id}-email-error`} message={errors.email?.message ? t(errors.email.message) : null} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-phone`}>{t('settings.personal.phone')}</Label>
            <Input
              id={`${id}-phone`}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="(813) 555-0123"
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
              {...register('phone')}
            />
            <FieldError id={`${id}-phone-error`} message={errors.phone?.message ? t(errors.phone.message) : null} />
          </div>
          <FormServerError message={serverError} />
          <Button type="submit" disabled={isSubmitting} className="self-start">
            {isSubmitting ? t('common.processing') : t('settings.personal.save')}
          </Button>
        </form>
      </section>
    </Card>
  );
}
