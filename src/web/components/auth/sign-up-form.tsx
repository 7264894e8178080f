/**
 * Email + password sign-up, used by the /auth page and the booking flow's Sign In step.
 * Full name is optional (the server falls back to the email, spec section 5); the password
 * needs at least 8 characters; the terms must be accepted, and acceptance is saved on the
 * profile. On success the `me` query is refreshed (lib/auth) and `onSuccess` runs.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '@/web/lib/toast';
import { z } from 'zod';
import { FormField } from '@/web/components/ui/form-field';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { ApiError } from '@/web/lib/api-client';
import { signUp } from '@/web/lib/auth';
import { FormServerError, serverErrorMessage } from './form-server-error';

export const MIN_PASSWORD_LENGTH = 8;

const signUpSchema = z.object({
  fullName: z.string().trim().max(100, { error: 'validation.tooLong' }),
  email: z.string().trim().pipe(z.email({ error: 'validation.emailInvalid' })),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: 'validation.passwordTooShort' })
    .max(128, { error: 'validation.tooLong' }),
  termsAccepted: z.boolean().refine((accepted) => accepted, { error: 'validation.termsRequired' }),
});

type SignUpValues = z.input<typeof signUpSchema>;
const FIELDS = ['fullName', 'email', 'password', 'termsAccepted'] as const;

export interface SignUpFormProps {
  /** Runs after the account is created, the session is set and `me` is refreshed. */
  onSuccess: () => void;
}

export function SignUpForm({ onSuccess }: SignUpFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: '', password: '', termsAccepted: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await signUp(queryClient, values);
    } catch (error) {
      if (error instanceof ApiError && error.details) {
        const details = error.details;
        const aliases: Record<string, (typeof FIELDS)[number]> = { name: 'fullName' };
        for (const [path, message] of Object.entries(details)) {
          const field = aliases[path] ?? FIELDS.find((f) => f === path);
          if (field && message) setError(field, { message });
        }
      }
      setServerError(serverErrorMessage(error, t));
      return;
    }
    toast.success(t('auth.signedUpToast'));
    onSuccess();
  });

  const fieldMessage = (message: string | undefined) => (message ? t(message) : null);
  const describedBy = (field: string, hasError: boolean, hint = false) =>
    [hint ? `${id}-${field}-hint` : null, hasError ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="flex flex-col gap-4">
      <FormField
        id={`${id}-fullName`} label={t('auth.fullNameOptional')} type="text" autoComplete="name"
        registration={register('fullName')} error={fieldMessage(errors.fullName?.message)}
      />
      <FormField
        id={`${id}-email`} label={t('auth.email')} type="email" autoComplete="email" inputMode="email"
        registration={register('email')} error={fieldMessage(errors.email?.message)}
      />
      <FormField
        id={`${id}-password`} label={t('auth.password')} type="password" autoComplete="new-password"
        hint={t('auth.passwordHint', { min: MIN_PASSWORD_LENGTH })}
        registration={register('password')} error={fieldMessage(errors.password?.message)}
      />
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={`${id}-terms`}
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
            aria-invalid={errors.termsAccepted ? true : undefined}
            aria-describedby={describedBy('termsAccepted', Boolean(errors.termsAccepted))}
            {...register('termsAccepted')}
          />
          <label htmlFor={`${id}-terms`} className="text-sm text-slate-800">
            <Trans
              i18nKey="auth.termsLabel"
              components={{
                terms: <NewTabLink href="/terms" />,
                privacy: <NewTabLink href="/privacy" />,
              }}
            />
          </label>
        </div>
        <FieldError id={`${id}-termsAccepted-error`} message={fieldMessage(errors.termsAccepted?.message)} />
      </div>
      <FormServerError message={serverError} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('common.processing') : t('auth.signUpSubmit')}
      </Button>
    </form>
  );
}

/**
 * A policy link opened in a new tab, so a half-filled form (or a booking in progress) is not
 * lost. Plain <a> on purpose: the form also renders outside a router in tests.
 */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {children}
      <span className="sr-only"> {t('common.opensInNewTab')}</span>
    </a>
  );
}
