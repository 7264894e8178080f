/**
 * Settings, Account Security: change the password (current + new, at least 8 characters),
 * the list of signed-in sessions (named by browser and system, "Chrome on Windows") and "sign
 * out of all other sessions", deleting the account.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatTampaDateAndTime } from '@/domain/format';
import { z } from 'zod';
import { FormServerError, serverErrorMessage } from '@/web/components/auth/form-server-error';
import { MIN_PASSWORD_LENGTH } from '@/web/components/auth/sign-up-form';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { SettingsSection } from './settings-section';
import { changePassword, useRevokeOtherSessions, useSessions } from '../api/account-security';
import { deviceName } from '../utils/device-name';
import { DeleteAccount } from './delete-account';

const passwordSchema = z.object({
  currentPassword: z.string().min(1, { error: 'auth.passwordRequired' }),
  newPassword: z.string().min(MIN_PASSWORD_LENGTH, { error: 'validation.passwordTooShort' }).max(128, { error: 'validation.tooLong' }),
});

export function AccountSecurity() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof passwordSchema>, unknown, z.output<typeof passwordSchema>>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await changePassword(values);
      reset();
      toast.success(t('settings.security.passwordChanged'));
    } catch (error) {
      if (error instanceof ApiError && error.details) {
        for (const field of ['currentPassword', 'newPassword'] as const) {
          const message = error.details[field] ?? (field === 'newPassword' ? error.details.password : undefined);
          if (message) setError(field, { message });
        }
      }
      setServerError(serverErrorMessage(error, t));
    }
  });

  const onRevoke = async () => {
    try {
      await revoke.mutateAsync();
      toast.success(t('settings.security.othersSignedOut'));
    } catch (error) {
      toast.error(serverErrorMessage(error, t));
    }
  };

  const when = (iso: string) => formatTampaDateAndTime(iso, i18n.language);
  /** "Chrome on Windows", not the raw user-agent string. */
  const deviceLabel = (userAgent: string | null | undefined) => {
    const { browser, os } = deviceName(userAgent);
    if (browser && os) return t('settings.security.browserOnOs', { browser, os });
    return browser ?? os ?? t('settings.security.unknownDevice');
  };

  return (
    <SettingsSection title={t('settings.security.title')} className="gap-5">
        <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="flex flex-col gap-3">
          <h3 className="font-semibold text-slate-900">{t('settings.security.changePassword')}</h3>
          {(['currentPassword', 'newPassword'] as const).map((field) => (
            <div key={field} className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-${field}`}>{t(`settings.security.${field}`)}</Label>
              <Input
                id={`${id}-${field}`}
                type="password"
                autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
                {...register(field)}
              />
              <FieldError id={`${id}-${field}-error`} message={errors[field]?.message ? t(errors[field].message) : null} />
            </div>
          ))}
          <FormServerError message={serverError} />
          <Button type="submit" disabled={isSubmitting} className="self-start">
            {isSubmitting ? t('common.processing') : t('settings.security.savePassword')}
          </Button>
        </form>
        <div className="flex flex-col gap-3">
          <h3 className="font-semibold text-slate-900">{t('settings.security.sessions')}</h3>
          {sessions.isPending ? (
            <p className="text-slate-600">{t('common.loading')}</p>
          ) : sessions.isError ? (
            <p className="text-slate-700">{serverErrorMessage(sessions.error, t)}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {sessions.data.map((session) => (
                <li key={session.id} className="rounded-md border border-slate-200 p-3 text-sm text-slate-800">
                  <p className="break-words font-medium">{deviceLabel(session.userAgent)}</p>
                  <p className="text-slate-600">{t('settings.security.signedInAt', { when: when(session.createdAt) })}</p>
                </li>
              ))}
            </ul>
          )}
          <Button variant="outline" className="self-start" disabled={revoke.isPending} onClick={() => void onRevoke()}>
            {t('settings.security.signOutOthers')}
          </Button>
        </div>
        <DeleteAccount />
    </SettingsSection>
  );
}
