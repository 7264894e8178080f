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
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
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
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-email`}>{t('auth.email')}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          {...register('email')}
        />
        <FieldError id={`${id}-email-error`} message={fieldMessage(errors.email?.message)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-password`}>{t('auth.password')}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          {...register('password')}
        />
        <FieldError id={`${id}-password-error`} message={fieldMessage(errors.password?.message)} />
        <Link to="/reset-password" className="self-end text-sm font-medium text-brand-700 underline">
          {t('passwordReset.forgotLink')}
        </Link>
      </div>
      <FormServerError message={serverError} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('common.processing') : t('auth.signInSubmit')}
      </Button>
    </form>
  );
}
