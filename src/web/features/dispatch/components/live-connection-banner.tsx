/**
 * The dispatch screens' warning when their live connection (the `/api/events` stream) is lost:
 * an alert while it is down and being retried (the board may be out of date; it still refetches
 * every minute), and a short "back" status once it reconnects (everything on screen is refreshed
 * then, lib/live-updates.ts).
 */
import WifiOff from 'lucide-react/icons/wifi-off';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveConnectionState } from '@/web/lib/live-updates';

/** How long "Live updates are back" stays. */
const BACK_NOTICE_MS = 6_000;

export function LiveConnectionBanner() {
  const { t } = useTranslation();
  const { lost, reconnectedAt } = useLiveConnectionState();
  const [showBack, setShowBack] = useState(false);

  useEffect(() => {
    if (reconnectedAt === null || lost) return;
    setShowBack(true);
    const timer = setTimeout(() => setShowBack(false), BACK_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [reconnectedAt, lost]);

  return (
    <>
      {lost ? (
        <div role="alert" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <WifiOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <div>
            <p className="font-semibold">{t('dispatch.live.lostTitle')}</p>
            <p>{t('dispatch.live.lostBody')}</p>
          </div>
        </div>
      ) : null}
      <div role="status">{!lost && showBack ? <p className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900">{t('dispatch.live.back')}</p> : null}</div>
    </>
  );
}
