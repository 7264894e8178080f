/**
 * /auth: sign in or sign up with email and password, as two tabs. On success the user goes to
 * the `redirect` query parameter when it is a path on this site, else home. `?mode=signup`
 * opens the sign-up tab. A user who is already signed in sees who they are and a link to My
 * Bookings.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SignInForm } from '@/web/components/auth/sign-in-form';
import { SignUpForm } from '@/web/components/auth/sign-up-form';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useMe } from '@/web/lib/auth';
import { cn } from '@/web/lib/cn';
import { GoogleSignInButton } from '@/web/components/auth/google-sign-in-button';
import { redirectTarget } from '../redirect-target';

const TABS = ['signIn', 'signUp'] as const;
type Tab = (typeof TABS)[number];

export function Component() {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>(searchParams.get('mode') === 'signup' ? 'signUp' : 'signIn');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ signIn: null, signUp: null });

  const onSuccess = () => {
    void navigate(redirectTarget(searchParams.get('redirect')), { replace: true });
  };

  if (isPending) return <LoadingScreen />;

  if (me?.user) {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <Card className="flex flex-col gap-4 p-6">
          <h1 className="text-2xl font-bold text-slate-900">{t('auth.alreadySignedInTitle')}</h1>
          <p className="break-words text-slate-700">
            {t('auth.alreadySignedIn', { name: me.profile?.full_name || me.user.name || me.user.email, email: me.user.email })}
          </p>
          <Link to="/my-bookings" className={buttonVariants({ size: 'lg' })}>
            {t('auth.goToMyBookings')}
          </Link>
        </Card>
      </div>
    );
  }

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    let next: Tab | null = null;
    if (event.key === 'ArrowRight') next = TABS[(index + 1) % TABS.length];
    else if (event.key === 'ArrowLeft') next = TABS[(index - 1 + TABS.length) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('auth.title')}</h1>
      <p className="mt-2 text-slate-700">{t('auth.intro')}</p>
      <Card className="mt-6 p-5 sm:p-6">
        <GoogleSignInError code={searchParams.get('error')} />
        <GoogleSignInButton returnPath={redirectTarget(searchParams.get('redirect'))} />
        <div role="tablist" aria-label={t('auth.tabsLabel')} className="mb-5 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {TABS.map((key) => {
            const selected = tab === key;
            return (
              <button
                key={key}
                ref={(node) => {
                  tabRefs.current[key] = node;
                }}
                type="button"
                role="tab"
                id={`auth-tab-${key}`}
                aria-selected={selected}
                aria-controls={selected ? `auth-panel-${key}` : undefined}
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(key)}
                onKeyDown={onTabKeyDown}
                className={cn(
                  'min-h-10 rounded-md px-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                  selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
                )}
              >
                {t(key === 'signIn' ? 'auth.signInTab' : 'auth.signUpTab')}
              </button>
            );
          })}
        </div>
        <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
          <h2 className="sr-only">{t(tab === 'signIn' ? 'auth.signInTab' : 'auth.signUpTab')}</h2>
          {tab === 'signIn' ? <SignInForm onSuccess={onSuccess} /> : <SignUpForm onSuccess={onSuccess} />}
        </div>
      </Card>
    </div>
  );
}

/** Why Google sign-in sent the user back here (`?error=` from Better Auth's callback). */
function GoogleSignInError({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {code === 'ACCOUNT_DISABLED' ? t('peopleErrors.accountDisabled') : t('googleSignIn.failed')}
    </p>
  );
}
