/**
 * i18n: English and Spanish from `locales/{en,es}/*.json` (each file owns distinct top-level
 * keys; they are merged into one namespace). The chosen language is kept in localStorage under
 * `lang` and defaults to English (spec section 1).
 *
 * English (the default and the fallback) ships with the first page load, except the files named
 * by RouteMessages, which only some lazy routes read (My Bookings, the public pages: about, terms, privacy and the policies, the live
 * booking status, the staff areas: dispatch, people, the worker's pages, the admin's analytics, error dashboard and settings; the blog): those routes load them with
 * their page (loadRouteMessages, wired in app/page-routes.tsx). The words of the app's forms and
 * accounts (`app`: account, booking, chats, payments, payment notices, people errors, validation)
 * load with every page except the public ones (home, policies, blog, not found) and with the chat
 * panel (its button needs only `chats`), so a first visit to the home page does without them (issue #16). Spanish is its own chunk,
 * loaded whole through i18next-resources-to-backend when it is chosen (main.tsx waits for it
 * before the first render, so a Spanish visitor never sees English flash).
 */
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANG_STORAGE_KEY = 'lang';

type Messages = Record<string, unknown>;
// mail.json, dispatch-errors.json, structured-data.json and push-messages.json are the server's words (emails, API errors, JSON-LD, push notifications): never bundled.
const english = import.meta.glob<Messages>(
  [
    '../locales/en/*.json',
    '!../locales/en/{my-bookings,public-pages,live-status,staff,dispatch,worker,people,analytics,errors-admin,admin-settings,blog,push}.json',
    '!../locales/en/{account,booking,chats,payments,payment-notice,people-errors,validation}.json',
    '!../locales/en/{mail,dispatch-errors,structured-data,push-messages}.json',
  ],
  { eager: true, import: 'default' },
);
const englishOnDemand = import.meta.glob<Messages>(
  [
    '../locales/en/{my-bookings,public-pages,live-status,staff,dispatch,worker,people,analytics,errors-admin,admin-settings,blog,push}.json',
    '../locales/en/{account,booking,chats,payments,payment-notice,people-errors,validation}.json',
  ],
  { import: 'default' },
);

/** The files of the `app` messages (see the module comment); keep in step with the globs above. */
const APP_MESSAGE_FILES = ['account', 'booking', 'chats', 'payments', 'payment-notice', 'people-errors', 'validation'] as const;
const spanish = import.meta.glob<Messages>(['../locales/es/*.json', '!../locales/es/{mail,dispatch-errors,structured-data,push-messages}.json'], { import: 'default' });

/** Locale files (without `.json`) that stay out of the first page load; keep in step with the globs above. */
export type RouteMessages = 'app' | 'chats' | 'booking' | 'my-bookings' | 'public-pages' | 'live-status' | 'staff' | 'dispatch' | 'worker' | 'people' | 'analytics' | 'errors-admin' | 'admin-settings' | 'blog' | 'push';

/**
 * Adds the English messages of one route's locale file, or of the `app` files (Spanish comes
 * whole with the language). Route loaders await it before rendering the page; loading twice is harmless.
 */
export async function loadRouteMessages(name: RouteMessages): Promise<void> {
  if (name === 'app') {
    await Promise.all(APP_MESSAGE_FILES.map((file) => loadMessageFile(file)));
    return;
  }
  await loadMessageFile(name);
}

async function loadMessageFile(name: string): Promise<void> {
  const load = englishOnDemand[`../locales/en/${name}.json`];
  if (!load) throw new Error(`No locale file ${name}.json`);
  i18n.addResourceBundle('en', 'translation', await load(), true, false);
}

const merge = (parts: Messages[]) => parts.reduce<Messages>((all, messages) => ({ ...all, ...messages }), {});

/** Loads a language's messages (English is already in the bundle). */
async function loadMessages(lang: string): Promise<Messages> {
  if (lang !== 'es') return merge(Object.values(english));
  return merge(await Promise.all(Object.values(spanish).map((load) => load())));
}

/**
 * The language a link asks for with `?lang=en|es` (the form search engines and shared links use,
 * docs/decisions/018-seo-and-blog.md), or null when it names none.
 */
export function languageFromUrl(): Language | null {
  if (typeof window === 'undefined') return null;
  const lang = new URLSearchParams(window.location.search).get('lang');
  return lang === 'en' || lang === 'es' ? lang : null;
}

/**
 * Mirrors the choice into the `lang` cookie, so the server answers the next page already in this
 * language (its prerendered HTML, issue #16, docs/decisions/036). localStorage stays the place the
 * choice is kept (spec section 1); the cookie is only the server's copy.
 */
function tellServerLanguage(lang: Language): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANG_STORAGE_KEY}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** The language to start in: the link's `?lang=` (remembered as the choice), else the stored one. */
function initialLanguage(): Language {
  const fromUrl = languageFromUrl();
  const language = fromUrl ?? storedLanguage();
  if (fromUrl) {
    try {
      localStorage.setItem(LANG_STORAGE_KEY, fromUrl);
    } catch {
      // storage can be unavailable (private mode); the link's language still applies to this page
    }
  }
  tellServerLanguage(language);
  return language;
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
  tellServerLanguage(lang);
  void i18n.changeLanguage(lang);
}

i18n.on('languageChanged', (lang) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
});

/** Resolves once the stored language's messages are loaded (main.tsx awaits it before rendering). */
export const i18nReady = i18n
  .use(resourcesToBackend((lang: string) => loadMessages(lang)))
  .use(initReactI18next)
  .init({
    resources: { en: { translation: merge(Object.values(english)) } },
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export default i18n;
