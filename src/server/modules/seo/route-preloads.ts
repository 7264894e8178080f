/**
 * `<link rel="modulepreload">` for the JavaScript a public page needs beyond the entry chunk
 * (issue #16): its lazy page module, the English message files its route loads with it, and
 * their static imports, read from the build's manifest (`<dist>/.vite/manifest.json`). Vite
 * already preloads the entry's own imports in index.html; without these tags the browser would
 * learn of the page's chunks only after running the entry, one round trip later.
 *
 * The page modules and message files are those of src/web/app/page-routes.tsx
 * (route-preloads.test.ts keeps the two in step). App pages (sign-in, accounts, staff areas) and
 * unknown paths get none: they are not what a first visit opens.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PolicyPage, SitePage } from '../../../domain/site-pages';
import { escapeHtml } from './html-text';

/** The part of a Vite manifest entry read here. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

const page = (feature: string, name: string) => `src/web/features/${feature}/pages/${name}.tsx`;
const messages = (name: string) => `src/web/locales/en/${name}.json`;

const POLICY_MODULES: Record<PolicyPage, string> = {
  about: page('policies', 'about-page'),
  terms: page('policies', 'terms-page'),
  privacy: page('policies', 'privacy-page'),
  refunds: page('policies', 'refunds-page'),
  cancellations: page('policies', 'cancellations-page'),
};

/** The manifest keys a public page's route loads lazily (page module first), none for other pages. */
export function pageModulesOf(sitePage: SitePage): string[] {
  switch (sitePage.kind) {
    case 'home':
      return [page('home', 'home-page')];
    case 'booking':
      return [page('booking', 'booking-page'), messages('booking')];
    case 'policy':
      return [POLICY_MODULES[sitePage.page], messages('public-pages')];
    case 'blog':
      return [page('blog', 'blog-list-page'), messages('blog')];
    case 'blog-post':
      return [page('blog', 'blog-post-page'), messages('blog')];
    default:
      return [];
  }
}

function closure(manifest: BuildManifest, keys: readonly string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * The files (`/assets/...js`) to preload for a page: the static closure of its modules, less what
 * the entry (`index.html`) already loads. Keys missing from the manifest are skipped.
 */
export function modulePreloadsFor(manifest: BuildManifest, sitePage: SitePage): string[] {
  const keys = pageModulesOf(sitePage);
  if (!keys.length) return [];
  const entry = closure(manifest, ['index.html']);
  return [...closure(manifest, keys)].filter((key) => !entry.has(key)).map((key) => `/${manifest[key]!.file}`);
}

/** `html` with a modulepreload link per file before </head> (unchanged without files or a </head>). */
export function withModulePreloads(html: string, files: readonly string[]): string {
  if (!files.length) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`).join('\n    ');
  return html.replace(/[ \t]*<\/head>/i, () => `    ${links}\n  </head>`);
}

/**
 * The build manifest beside `indexPath` (`.vite/manifest.json`), re-read when the file changes;
 * null when the build has none (the pages are then served without route preloads).
 */
export function buildManifestReader(indexPath: string): () => BuildManifest | null {
  const file = path.join(path.dirname(indexPath), '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: BuildManifest | null } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let manifest: BuildManifest | null = null;
      try {
        manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest;
      } catch {
        manifest = null; // half-written during a build: try again on the next request
      }
      cached = { mtimeMs, manifest };
    }
    return cached.manifest;
  };
}

/**
 * `html` with its module scripts and modulepreload links fetched at low priority
 * (`fetchpriority="low"`): for a prerendered page, whose content shows without JavaScript, the
 * stylesheet and images come first and the app's code (which hydrates what is already on screen)
 * after them (issue #16). Client-rendered pages keep the default: nothing shows before their code.
 */
export function withLowScriptPriority(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, (_, tag: string) => `<${tag} fetchpriority="low"`);
}
