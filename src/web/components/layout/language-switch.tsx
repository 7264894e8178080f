/**
 * English / Español toggle. The choice is remembered in localStorage under `lang` by
 * setLanguage (lib/i18n). Each option names itself in its own language and carries `lang`, so
 * screen readers pronounce it right.
 */
import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/cn';
import { LANGUAGES, setLanguage } from '@/web/lib/i18n';

export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div role="group" aria-label={t('language.label')} className={cn('inline-flex rounded-md border border-slate-300 bg-white p-0.5', className)}>
      {LANGUAGES.map((lang) => {
        const selected = current === lang;
        return (
          <button
            key={lang}
            type="button"
            lang={lang}
            aria-pressed={selected}
            onClick={() => setLanguage(lang)}
            className={cn(
              'min-h-9 rounded px-2.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-1',
              selected ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-100',
            )}
          >
            {t(`language.${lang}`)}
          </button>
        );
      })}
    </div>
  );
}
