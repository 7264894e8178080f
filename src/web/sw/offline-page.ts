/**
 * The offline page (issue #15): what the service worker shows for a navigation that cannot work
 * without the network (sw.ts, navigation.ts). A static file, precached, that needs nothing else
 * to draw: inline styles, both languages in the page, and /offline.js (public/) showing the one
 * the app uses (`?lang=`, else localStorage `lang`, else English: spec section 1).
 *
 * Its words are the app's own connection-failure screen's (WORD_KEYS: `errorScreen.*` and
 * `header.brand` in src/web/locales/{en,es}), written into the HTML at build time by
 * `offlinePagePlugin` (vite.config.ts), so they are translated in one place and add nothing to
 * the app's bundle. Build time only (Node).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const OFFLINE_PAGE_FILE = 'offline.html';
export const OFFLINE_LANGUAGES = ['en', 'es'] as const;
export type OfflineLanguage = (typeof OFFLINE_LANGUAGES)[number];

/** The words of the offline page in one language. */
export interface OfflineWords {
  brand: string;
  title: string;
  body: string;
  tryAgain: string;
  goHome: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where each word of the page comes from: keys of the app's own locale files. */
const WORD_KEYS: Record<keyof OfflineWords, string> = {
  brand: 'header.brand',
  title: 'errorScreen.connectionTitle',
  body: 'errorScreen.connectionBody',
  tryAgain: 'errorScreen.tryAgain',
  goHome: 'errorScreen.goHome',
};

/** The words from one language's messages (its locale files merged); throws naming a missing key. */
export function offlineWordsFrom(messages: Record<string, unknown>): OfflineWords {
  const lookUp = (key: string) => {
    const value = key.split('.').reduce<unknown>((node, segment) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined), messages);
    if (typeof value !== 'string' || !value) throw new Error(`offline page: no message ${key}`);
    return value;
  };
  return Object.fromEntries(Object.entries(WORD_KEYS).map(([word, key]) => [word, lookUp(key)])) as unknown as OfflineWords;
}

/** One language's locale files under `localesDir`, merged as the app merges them (src/web/lib/i18n.ts). */
function readMessages(localesDir: string, lang: OfflineLanguage): Record<string, unknown> {
  const dir = path.join(localesDir, lang);
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .reduce<Record<string, unknown>>((all, file) => ({ ...all, ...(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>) }), {});
}

/**
 * The page's HTML: English shown, Spanish hidden until /offline.js picks it. "Try again" is a
 * link to the address the visitor asked for (`href=""`), so it works without script.
 */
export function offlinePageHtml(words: Record<OfflineLanguage, OfflineWords>): string {
  const sections = OFFLINE_LANGUAGES.map((lang) => {
    const w = words[lang];
    return `<section lang="${lang}" data-title="${escapeHtml(`${w.title} | ${w.brand}`)}"${lang === 'en' ? '' : ' hidden'}>
      <p class="brand">${escapeHtml(w.brand)}</p>
      <h1>${escapeHtml(w.title)}</h1>
      <p>${escapeHtml(w.body)}</p>
      <p class="actions"><a class="primary" href="">${escapeHtml(w.tryAgain)}</a> <a href="/">${escapeHtml(w.goHome)}</a></p>
    </section>`;
  }).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <meta name="theme-color" content="#1d4ed8" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${escapeHtml(`${words.en.title} | ${words.en.brand}`)}</title>
    <style>
      body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #f8fafc; color: #0f172a; }
      main { max-width: 36rem; margin: 0 auto; padding: 4rem 1.25rem; }
      .brand { font-weight: 700; color: #1e40af; margin: 0 0 1.5rem; }
      h1 { font-size: 1.75rem; line-height: 1.25; margin: 0 0 1rem; }
      p { font-size: 1.125rem; line-height: 1.6; color: #334155; }
      .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 2rem; }
      .actions a { display: inline-flex; align-items: center; min-height: 48px; padding: 0 1.25rem; border-radius: 0.5rem; border: 1px solid #cbd5e1; color: #0f172a; font-weight: 600; text-decoration: none; }
      .actions a.primary { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
      .actions a:focus-visible { outline: 3px solid #1e3a8a; outline-offset: 2px; }
    </style>
    <script src="/offline.js" defer></script>
  </head>
  <body>
    <main>
    ${sections}
    </main>
  </body>
</html>
`;
}

/**
 * Vite plugin (build only): writes offline.html into the build from the locale files under
 * `localesDir` (src/web/locales). Runs before vite-plugin-pwa lists the files to precache.
 */
export function offlinePagePlugin(localesDir: string): Plugin {
  return {
    name: 'handyman-offline-page',
    apply: 'build',
    generateBundle() {
      const words = Object.fromEntries(OFFLINE_LANGUAGES.map((lang) => [lang, offlineWordsFrom(readMessages(localesDir, lang))])) as Record<OfflineLanguage, OfflineWords>;
      this.emitFile({ type: 'asset', fileName: OFFLINE_PAGE_FILE, source: offlinePageHtml(words) });
    },
  };
}
