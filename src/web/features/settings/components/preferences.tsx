/**
 * Settings, Preferences: the interface language (the same `lang` key as the header's switch)
 * and the email and SMS notification choices (saved on change, with a toast).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationPreferences } from '@/domain/account';
import { serverErrorMessage } from '@/web/components/auth/form-server-error';
import { Label } from '@/web/components/ui/label';
import { LANGUAGES, setLanguage, type Language } from '@/web/lib/i18n';
import { toast } from '@/web/lib/toast';
import { SettingsSection } from './settings-section';
import { usePreferences, useSavePreferences } from '../api/preferences';

export function Preferences() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const preferences = usePreferences();
  const save = useSavePreferences();

  const onToggle = async (key: keyof NotificationPreferences, value: boolean) => {
    if (!preferences.data) return;
    try {
      await save.mutateAsync({ ...preferences.data, [key]: value });
      toast.success(t('settings.preferences.saved'));
    } catch (error) {
      toast.error(serverErrorMessage(error, t));
    }
  };

  return (
    <SettingsSection title={t('settings.preferences.title')}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-lang`}>{t('settings.preferences.language')}</Label>
          <select
            id={`${id}-lang`}
            value={i18n.language === 'es' ? 'es' : 'en'}
            onChange={(event) => setLanguage(event.target.value as Language)}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-slate-900"
          >
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`settings.preferences.languages.${lang}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="flex flex-col gap-2" disabled={!preferences.data || save.isPending}>
          <legend className="mb-1 font-medium text-slate-900">{t('settings.preferences.notifications')}</legend>
          {preferences.isError ? <p className="text-slate-700">{serverErrorMessage(preferences.error, t)}</p> : null}
          {(['email', 'sms'] as const).map((key) => (
            <label key={key} className="flex items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={preferences.data?.[key] ?? false}
                onChange={(event) => void onToggle(key, event.target.checked)}
              />
              {t(`settings.preferences.${key}`)}
            </label>
          ))}
        </fieldset>
    </SettingsSection>
  );
}
