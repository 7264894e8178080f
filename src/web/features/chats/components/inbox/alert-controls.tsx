/**
 * The inbox's alert switches: the new-message sound (on by default, remembered in this browser)
 * and desktop notifications, whose permission is asked only when the admin presses
 * "Turn on desktop notifications" (browsers refuse, or ignore, a request made on load).
 */
import Bell from 'lucide-react/icons/bell';
import BellOff from 'lucide-react/icons/bell-off';
import Volume2 from 'lucide-react/icons/volume-2';
import VolumeX from 'lucide-react/icons/volume-x';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { unlockChime } from '@/web/lib/new-booking-chime';
import { useChatSoundSetting, useDesktopNotifications } from '../../hooks/use-admin-chat-alerts';

export function AlertControls() {
  const { t } = useTranslation();
  const [soundOn, setSoundOn] = useChatSoundSetting();
  const { permission, request } = useDesktopNotifications();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        aria-pressed={soundOn}
        onClick={() => {
          unlockChime();
          setSoundOn(!soundOn);
        }}
      >
        {soundOn ? <Volume2 aria-hidden="true" className="h-4 w-4" /> : <VolumeX aria-hidden="true" className="h-4 w-4" />}
        {t('chats.alerts.sound')}
      </Button>
      {permission === 'default' ? (
        <Button variant="outline" onClick={() => void request()}>
          <Bell aria-hidden="true" className="h-4 w-4" />
          {t('chats.alerts.turnOn')}
        </Button>
      ) : permission === 'granted' ? (
        <p className="inline-flex items-center gap-1.5 text-sm text-slate-700">
          <Bell aria-hidden="true" className="h-4 w-4" />
          {t('chats.alerts.on')}
        </p>
      ) : permission === 'denied' ? (
        <p className="inline-flex items-center gap-1.5 text-sm text-slate-700">
          <BellOff aria-hidden="true" className="h-4 w-4" />
          {t('chats.alerts.blocked')}
        </p>
      ) : null}
    </div>
  );
}
