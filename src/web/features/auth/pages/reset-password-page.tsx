/**
 * /reset-password: without a token, asks for the account's email and sends the reset link
 * ("check your email" afterwards, whether or not the account exists); with `?token=` from the
 * email, sets a new password (at least 8 characters, typed twice) and links to /auth.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormServerError, serverErrorMessage } from '@/web/components/auth/form-server-error';
import { MIN_PASSWORD_LENGTH } from '@/web/components/auth/sign-up-form';
import { FormField } from '@/web/components/ui/form-field';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { requestPasswordReset, resetPassword } from '@/web/lib/auth';

export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{token ? t('passwordReset.newPasswordTitle') : t('passwordReset.requestTitle')}</h1>
      <Card className="mt-6 p-5 sm:p-6">{token ? <NewPasswordForm token={token} /> : <RequestResetForm />}</Card>
    </div>
  );
}

const requestSchema = z.object({ email: z.string().trim().pipe(z.email({ error: 'validation.emailInvalid' })) });

function RequestResetForm() {
  const { t } = useTranslation();
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof requestSchema>, unknown, z.output<typeof requestSchema>>({ resolver: zodResolver(requestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setServerError(serverErrorMessage(error, t));
    }
  });

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('passwordReset.checkEmailTitle')}</h2>
        <p className="break-words text-slate-700">{t('passwordReset.checkEmail', { email: sentTo })}</p>
        <Link to="/auth" className={buttonVariants({ variant: 'outline' })}>
          {t('passwordReset.backToSignIn')}
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="flex flex-col gap-4">
      <p className="text-slate-700">{t('passwordReset.requestIntro')}</p>
      <FormField
        id={`${id}-email`} label={t('auth.email')} type="email" autoComplete="email" inputMode="email"
        registration={register('email')} error={errors.email?.message ? t(errors.email.message) : null}
      />
      <FormServerError message={serverError} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('common.processing') : t('passwordReset.requestSubmit')}
      </Button>
      <Link to="/auth" className="text-center text-sm font-medium text-brand-700 underline">
        {t('passwordReset.backToSignIn')}
      </Link>
    </form>
  );
}

const newPasswordSchema = z
  .object({
    newPassword: z.string().min(MIN_PASSWORD_LENGTH, { error: 'validation.passwordTooShort' }).max(128, { error: 'validation.tooLong' }),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], error: 'passwordReset.mismatch' });

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof newPasswordSchema>, unknown, z.output<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setServerError(null);
    try {
      await resetPassword({ token, newPassword });
      setDone(true);
    } catch (error) {
      setServerError(serverErrorMessage(error, t));
    }
  });

  if (done) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <p className="text-slate-700">{t('passwordReset.done')}</p>
        <Link to="/auth" className={buttonVariants({ size: 'lg' })}>
          {t('passwordReset.goToSignIn')}
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="flex flex-col gap-4">
      <FormField
        id={`${id}-new`} label={t('passwordReset.newPassword')} type="password" autoComplete="new-password"
        hint={t('auth.passwordHint', { min: MIN_PASSWORD_LENGTH })}
        registration={register('newPassword')} error={errors.newPassword?.message ? t(errors.newPassword.message) : null}
      />
      <FormField
        id={`${id}-confirm`} label={t('passwordReset.confirmPassword')} type="password" autoComplete="new-password"
        registration={register('confirmPassword')} error={errors.confirmPassword?.message ? t(errors.confirmPassword.message) : null}
      />
      <FormServerError message={serverError} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('common.processing') : t('passwordReset.submit')}
      </Button>
    </form>
  );
}
