/**
 * Email + password sign-in, used by the /auth page and the booking flow's Sign In step.
 * On success the `me` query is refreshed (lib/auth) and `onSuccess` runs; the caller decides
 * where to go next. Server errors (wrong password, rate limit) show the server's message.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { z } from 'zod';
import { FormField } from '@/web/components/ui/form-field';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api-client';
import { signIn } from '@/web/lib/auth';
import { FormServerError, serverErrorMessage } from './form-server-error';

const signInSchema = z.object({
  email: z.string().trim().pipe(z.email({ error: 'validation.emailInvalid' })),
  password: z.string().min(1, { error: 'auth.passwordRequired' }),
});

type SignInValues = z.input<typeof signInSchema>;

export interface SignInFormProps {
  /** Runs after the session is set and `me` is refreshed. */
  onSuccess: () => void;
}

export function SignInForm({ onSuccess }: SignInFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await signIn(queryClient, values);
    } catch (error) {
      if (error instanceof ApiError && error.details) {
        for (const field of ['email', 'password'] as const) {
          const message = error.details[field];
          if (message) setError(field, { message });
        }
      }
      setServerError(serverErrorMessage(error, t));
      return;
    }
    toast.success(t('auth.signedInToast'));
    onSuccess();
  });

  const fieldMessage = (message: string | undefined) => (message ? t(message) : null);

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="flex flex-col gap-4">
      <FormField
        id={`${id}-email`} label={t('auth.email')} type="email" autoComplete="email" inputMode="email"
        registration={register('email')} error={fieldMessage(errors.email?.message)}
      />
      <FormField
        id={`${id}-password`} label={t('auth.password')} type="password" autoComplete="current-password"
        registration={register('password')} error={fieldMessage(errors.password?.message)}
        after={
          <Link to="/reset-password" className="self-end text-sm font-medium text-brand-700 underline">
            {t('passwordReset.forgotLink')}
          </Link>
        }
      />
      <FormServerError message={serverError} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('common.processing') : t('auth.signInSubmit')}
      </Button>
    </form>
  );
}
