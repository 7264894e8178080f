/**
 * i18n: English and Spanish from `locales/{en,es}/*.json` (each file owns distinct top-level
 * keys; they are merged into one namespace). The chosen language is kept in localStorage under
 * `lang` and defaults to English (spec section 1).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANG_STORAGE_KEY = 'lang';

type Messages = Record<string, unknown>;
const files = import.meta.glob<Messages>('../locales/*/*.json', { eager: true, import: 'default' });

function bundle(lang: Language): Messages {
  return Object.entries(files)
    .filter(([path]) => path.includes(`/locales/${lang}/`))
    .reduce<Messages>((all, [, messages]) => ({ ...all, ...messages }), {});
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return value === 'es' ? 'es' : 'en';
  } catch {
    return 'en';
  }
}

/** Switches the interface language and remembers it under `lang`. */
export function setLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage can be unavailable (private mode); the switch still applies to this page
  }
  void i18n.changeLanguage(lang);
}

i18n.on('languageChanged', (lang) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
});

void i18n.use(initReactI18next).init({
  resources: { en: { translation: bundle('en') }, es: { translation: bundle('es') } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
