/**
 * The staff pages' door (admin dispatch, the worker's pages). The web variant has no route
 * guards (spec section 2), so each page checks for itself: signed out -> a sign-in prompt that
 * returns here; signed in without the role -> "access denied". The API refuses too (401/403):
 * QueryErrorNotice turns those answers into the same two messages, and any other failure into
 * the error with a "Try again" button. Words: `staff.access.*` (staff.json).
 */
import Lock from 'lucide-react/icons/lock';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api-client';
import { useMe } from '@/web/lib/auth';
import type { Role } from '@/domain/roles';

/** Renders the children only for a signed-in user with `role`. */
export function StaffGate({ role, children }: { role: Exclude<Role, 'user'>; children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  if (me.isError) return <QueryErrorNotice error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  if (!me.data.user) return <SignInPrompt />;
  if (me.data.role !== role) return <AccessDenied role={role} />;
  return children;
}

/** "Please sign in", with a Sign In link that comes back to this page. */
export function SignInPrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  const redirect = `${location.pathname}${location.search}`;
  return (
    <Card className="mx-auto my-10 flex max-w-xl flex-col items-start gap-4 p-6">
      <h1 className="text-xl font-semibold text-slate-900">{t('staff.access.signInTitle')}</h1>
      <p className="text-slate-700">{t('staff.access.signInBody')}</p>
      <Link to={`/auth?redirect=${encodeURIComponent(redirect)}`} className={buttonVariants({ size: 'lg' })}>
        {t('staff.access.signIn')}
      </Link>
    </Card>
  );
}

/** The signed-in user lacks the role this page needs. */
export function AccessDenied({ role }: { role?: Exclude<Role, 'user'> }) {
  const { t } = useTranslation();
  return (
    <Card role="alert" className="mx-auto my-10 flex max-w-xl flex-col items-start gap-4 p-6">
      <div className="flex items-center gap-2">
        <Lock aria-hidden="true" className="h-5 w-5 text-red-700" />
        <h1 className="text-xl font-semibold text-slate-900">{t('staff.access.deniedTitle')}</h1>
      </div>
      <p className="text-slate-700">{role === 'worker' ? t('staff.access.deniedWorker') : t('staff.access.deniedAdmin')}</p>
      <Link to="/" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
        {t('staff.access.home')}
      </Link>
    </Card>
  );
}

export interface QueryErrorNoticeProps {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  /** What could not be loaded, e.g. "We couldn't load the bookings." */
  title?: string;
}

/** A failed load: 401 asks to sign in, 403 denies access, anything else shows the error and "Try again". */
export function QueryErrorNotice({ error, onRetry, retrying = false, title }: QueryErrorNoticeProps) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 401) return <SignInPrompt />;
  if (error instanceof ApiError && error.status === 403) return <AccessDenied />;
  return (
    <Card role="alert" className="flex flex-col items-start gap-3 border-red-200 p-6">
      <p className="font-semibold text-slate-900">{title ?? t('staff.access.loadFailed')}</p>
      <p className="text-sm text-slate-700">{error instanceof ApiError ? error.message : t('errors.generic')}</p>
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? t('common.loading') : t('common.retry')}
      </Button>
    </Card>
  );
}
