/**
 * /admin/login: email + password for admins and workers (spec sections 4, 6 and 8). Anyone
 * else is signed out at once with "Access denied. Admin or worker role required."; other
 * failures show the provider's message, "Login failed" or "Network error". Admins land on
 * /admin, workers on /worker.
 *
 * In the worker app this page is also the home (`/`), so a signed-in admin or worker who opens
 * the app goes straight to their area (issue #15: "the day's jobs first"); on the web the form
 * shows as before.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormServerError } from '@/web/components/auth/form-server-error';
import { FormField } from '@/web/components/ui/form-field';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api-client';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { useAppTable } from '@/web/lib/app-routes';
import { AccessDeniedError, isStaffRole, signInAsStaff, useMe } from '@/web/lib/auth';

const adminLoginSchema = z.object({
  email: z.string().trim().pipe(z.email({ error: 'validation.emailInvalid' })),
  password: z.string().min(1, { error: 'auth.passwordRequired' }),
});

type AdminLoginValues = z.input<typeof adminLoginSchema>;

export function Component() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AdminLoginValues, unknown, z.output<typeof adminLoginSchema>>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const role = await signInAsStaff(queryClient, values);
      void navigate(role === 'admin' ? '/admin' : '/worker', { replace: true });
    } catch (error) {
      if (error instanceof AccessDeniedError) setFailure(t('adminLogin.accessDenied'));
      else if (error instanceof ApiError && error.status === 0) setFailure(t('adminLogin.networkError'));
      // 'http_error': the answer carried no message of its own
      else if (error instanceof ApiError && error.code !== 'http_error' && error.message) setFailure(error.message);
      else setFailure(t('adminLogin.loginFailed'));
    }
  });

  const fieldMessage = (message: string | undefined) => (message ? t(message) : null);

  const { appType } = useAppTable();
  const me = useMe();
  if (appType === 'worker') {
    if (me.isPending) return <LoadingScreen />;
    const role = me.data?.role;
    if (isStaffRole(role)) return <Navigate to={role === 'admin' ? '/admin' : '/worker'} replace />;
  }

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('adminLogin.title')}</h1>
      <p className="mt-2 text-slate-700">{t('adminLogin.subtitle')}</p>
      <Card className="mt-6 p-5 sm:p-6">
        <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="flex flex-col gap-4">
          <FormField
            id={`${id}-email`} label={t('auth.email')} type="email" autoComplete="username" inputMode="email"
            registration={register('email')} error={fieldMessage(errors.email?.message)}
          />
          <FormField
            id={`${id}-password`} label={t('auth.password')} type="password" autoComplete="current-password"
            registration={register('password')} error={fieldMessage(errors.password?.message)}
          />
          <FormServerError message={failure} />
          <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
            {isSubmitting ? t('common.processing') : t('adminLogin.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
