/**
 * "Continue with Google": shown only when the server has Google configured (public settings
 * `googleSignIn`). Asks Better Auth for Google's authorization URL with callbackURL = this
 * site's origin plus the path the user came from (spec section 7), then goes there. When Google
 * sign-in fails (a disabled account, a cancelled consent), Better Auth sends the browser to
 * `/auth?redirect=<that path>&error=<code>`, where the auth page says why.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { FormServerError, serverErrorMessage } from '@/web/components/auth/form-server-error';
import { apiFetch } from '@/web/lib/api-client';
import { publicSettingsQueryOptions } from '@/web/lib/public-settings';

/** `returnPath`: a path on this site (already checked by redirectTarget). */
export function GoogleSignInButton({ returnPath }: { returnPath: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { data: available } = useQuery({
    ...publicSettingsQueryOptions,
    select: (settings) => (settings as { googleSignIn?: boolean }).googleSignIn === true,
  });
  if (!available) return null;

  const onClick = async () => {
    setError(null);
    setPending(true);
    try {
      const { url } = await apiFetch<{ url: string }>('/api/auth/sign-in/social', {
        method: 'POST',
        body: {
          provider: 'google',
          callbackURL: `${window.location.origin}${returnPath}`,
          errorCallbackURL: `${window.location.origin}/auth?redirect=${encodeURIComponent(returnPath)}`,
        },
      });
      window.location.assign(url);
    } catch (caught) {
      setError(serverErrorMessage(caught, t));
      setPending(false);
    }
  };

  return (
    <div className="mb-5 flex flex-col gap-3">
      <Button variant="outline" size="lg" className="w-full" disabled={pending} onClick={() => void onClick()}>
        {t('googleSignIn.continue')}
      </Button>
      <FormServerError message={error} />
      <p className="text-center text-sm text-slate-600">{t('googleSignIn.or')}</p>
    </div>
  );
}
