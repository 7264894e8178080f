/**
 * "Notifications on this device" (issue #15) for /worker/settings and /admin/settings: one switch
 * that subscribes this browser to the signed-in staff member's push notifications
 * (hooks/use-push-subscription.ts). States: loading, unsupported browser, blocked by the user (how
 * to allow), error (retry), on/off. Renders nothing inside the native apps (they register their
 * own FCM token) or when the server has no VAPID keys.
 */
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { ServiceWorkerUnavailableError, usePushSubscription } from '../hooks/use-push-subscription';

export function PushNotificationsCard({ audience }: { audience: 'worker' | 'admin' }) {
  const { t } = useTranslation();
  const push = usePushSubscription();
  if (push.status === 'hidden') return null;
  const on = push.status === 'on';
  const switchable = push.status === 'on' || push.status === 'off';

  return (
    <Card className="p-4 sm:p-6" id="push-notifications">
      <section aria-labelledby="push-notifications-title" className="flex flex-col gap-3">
        <header className="flex flex-col gap-1">
          <h2 id="push-notifications-title" className="text-xl font-semibold text-slate-900">
            {t('push.title')}
          </h2>
          <p className="text-sm text-slate-700">{t(audience === 'worker' ? 'push.descriptionWorker' : 'push.descriptionAdmin')}</p>
        </header>

        {push.status === 'loading' ? (
          <p role="status" className="text-sm text-slate-700">
            {t('push.loading')}
          </p>
        ) : null}
        {push.status === 'unsupported' ? <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-900">{t('push.unsupported')}</p> : null}
        {push.status === 'denied' ? <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{t('push.denied')}</p> : null}
        {push.status === 'error' ? (
          <div className="flex flex-col items-start gap-2">
            <p role="alert" className="text-sm font-medium text-red-800">
              {t('push.loadFailed')}
            </p>
            <Button variant="outline" onClick={push.retry}>
              {t('push.retry')}
            </Button>
          </div>
        ) : null}

        {switchable ? (
          <div className="flex items-center justify-between gap-4">
            <p className="text-sm text-slate-800" aria-live="polite">
              {push.busy ? t('push.working') : t(on ? 'push.enabled' : 'push.disabled')}
            </p>
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-label={t('push.toggle')}
              disabled={push.busy}
              onClick={() => void (on ? push.disable() : push.enable())}
              className={cn(
                'inline-flex min-h-12 min-w-24 shrink-0 items-center gap-2 rounded-full border px-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60',
                on ? 'border-brand-700 bg-brand-600 text-white' : 'border-slate-300 bg-slate-100 text-slate-900',
              )}
            >
              <span aria-hidden className={cn('h-8 w-8 rounded-full bg-white shadow transition-transform', on ? 'order-2' : 'order-1')} />
              <span className={on ? 'order-1 pl-2' : 'order-2 pr-2'}>{t(on ? 'push.on' : 'push.off')}</span>
            </button>
          </div>
        ) : null}

        {push.actionError ? <ActionError error={push.actionError} /> : null}
      </section>
    </Card>
  );
}

/** Why turning notifications on or off failed: the server's words, or the browser's side. */
function ActionError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error instanceof ApiError) return <ApiErrorAlert error={error} />;
  return (
    <p role="alert" className="text-sm font-medium text-red-800">
      {error instanceof ServiceWorkerUnavailableError ? t('push.noServiceWorker') : t('push.loadFailed')}
    </p>
  );
}
