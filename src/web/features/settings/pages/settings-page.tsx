/**
 * /settings: the signed-in user's settings (spec section 2, "Settings screen sections").
 * Signed-out visitors see a sign-in prompt that brings them back here. Opening the link that
 * confirms a new email lands here with `?email=changed` (or `&error=...` when the link was
 * invalid or expired): a toast says which, and the address bar is cleaned.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useMe } from '@/web/lib/auth';
import { toast } from '@/web/lib/toast';
import { PersonalInformation } from '../components/personal-information';
import { AccountSecurity } from '../components/account-security';
import { PaymentMethods } from '../components/payment-methods';
import { Preferences } from '../components/preferences';
import { SavedAddresses } from '../components/saved-addresses';

export function Component() {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const emailOutcome = searchParams.get('error') ? 'invalid' : searchParams.get('email') === 'changed' ? 'changed' : null;

  useEffect(() => {
    if (!emailOutcome) return;
    if (emailOutcome === 'invalid') toast.error(t('settings.personal.emailLinkInvalid'));
    else toast.success(t('settings.personal.emailChanged'));
    setSearchParams({}, { replace: true });
  }, [emailOutcome, setSearchParams, t]);

  if (isPending) return <LoadingScreen />;

  if (!me?.user) {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <Card className="flex flex-col gap-4 p-6">
          <h1 className="text-2xl font-bold text-slate-900">{t('settings.title')}</h1>
          <p className="text-slate-700">{t('settings.signInPrompt')}</p>
          <Link to="/auth?redirect=%2Fsettings" className={buttonVariants({ size: 'lg' })}>
            {t('settings.signIn')}
          </Link>
        </Card>
      </div>
    );
  }

  const user = me.user;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('settings.title')}</h1>
      <PersonalInformation key={user.id} me={{ ...me, user }} />
      <SavedAddresses />
      <PaymentMethods />
      <Preferences />
      <AccountSecurity />
    </div>
  );
}
