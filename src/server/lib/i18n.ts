/**
 * Server-side translation of error messages with i18next, from the same locale files the web
 * app uses (src/web/locales/{en,es}/*.json). The language comes from Accept-Language: Spanish
 * when it starts with "es", English otherwise (spec section 1: default English).
 */
import fs from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { repositoryPath } from './repository-root';

export type Lang = 'en' | 'es';

const localesDir = repositoryPath('src', 'web', 'locales');

function load(lang: Lang): Record<string, unknown> {
  const dir = path.join(localesDir, lang);
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .reduce<Record<string, unknown>>((all, file) => ({ ...all, ...JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) }), {});
}

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { translation: load('en') }, es: { translation: load('es') } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Picks the caller's language from an Accept-Language header value. */
export function languageOf(acceptLanguage: string | null | undefined): Lang {
  return acceptLanguage?.trim().toLowerCase().startsWith('es') ? 'es' : 'en';
}

/**
 * A translator bound to a language; unknown keys come back unchanged. It passes `lng` to
 * `t` itself: i18next's `getFixedT` copies the instance's whole options object on every call,
 * ~2 % of a booking's server CPU in its two mails (issue #16, `--cpu-prof`), for the same answer.
 */
export function translator(lang: Lang): TFunction {
  return translators[lang];
}

function boundTo(lang: Lang): TFunction {
  const t = (key: string | string[], options?: string | Record<string, unknown>) =>
    instance.t(key, typeof options === 'string' ? { defaultValue: options, lng: lang } : { ...options, lng: lang });
  return t as TFunction;
}

const translators: Record<Lang, TFunction> = { en: boundTo('en'), es: boundTo('es') };
