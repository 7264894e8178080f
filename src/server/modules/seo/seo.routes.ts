/**
 * Being found (issue #12): `GET /robots.txt`, `GET /sitemap.xml`, and the handler that answers
 * every HTML route of the web app with the built index.html and the page's own head tags
 * (page-head.ts, page-html.ts) and HTTP status. Addresses use config.publicBaseUrl.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Handler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../lib/app-env';
import { loadSiteFacts } from './site-facts';
import { pageHeadFor } from './page-head';
import { renderPage, withJsonScript } from './page-html';
import { publicSettingsAnswer } from '../settings/public-settings';
import { buildManifestReader, modulePreloadsFor, withLowScriptPriority, withModulePreloads } from './route-preloads';
import { LANGUAGE_COOKIE, pageLanguageOf, prerenderedFileOf, prerenderedPageReader } from './prerendered-pages';
import { sitePageOf } from '../../../domain/site-pages';
import { robotsTxt, sitemapPages, sitemapXml } from './sitemap';

/** robots.txt and sitemap.xml, served whether or not the web app is built. */
export function seoRoutes() {
  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(robotsTxt(c.var.deps.config.publicBaseUrl));
    })
    .get('/sitemap.xml', async (c) => {
      const facts = await loadSiteFacts(c.var.deps);
      const services = facts.services.filter((s) => s.active).map((s) => s.slug);
      c.header('Content-Type', 'application/xml; charset=UTF-8');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(sitemapXml(c.var.deps.config.publicBaseUrl, sitemapPages(c.var.deps.blog, services)));
    });
}

/** The id of the page's JSON script with the public settings (src/web/lib/known-answers.ts reads it). */
export const PUBLIC_SETTINGS_SCRIPT_ID = 'public-settings';

/**
 * The web app's pages: the page's prerendered HTML in the visitor's language when the build has
 * it (issue #16, prerendered-pages.ts: public pages; the language from `?lang=`, else the `lang`
 * cookie, else English), otherwise `indexPath` (the built index.html, re-read when the file
 * changes); with the head of the page asked for in that language, and modulepreload links for the
 * page's own chunks (route-preloads.ts), and the answer of `GET /api/settings/public` as the JSON
 * script `#public-settings`, which the browser takes instead of asking (its prices, phone and
 * call-back promise are drawn at once, and a prerendered page is not drawn twice). When the head
 * or the settings cannot be worked out (the database is down), the page is still served as built,
 * so the app can load and say what is wrong.
 */
export function webPageHandler(indexPath: string): Handler<AppEnv> {
  let cached: { mtimeMs: number; html: string } | null = null;
  const template = () => {
    const { mtimeMs } = fs.statSync(indexPath);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(indexPath, 'utf8') };
    return cached.html;
  };
  const manifest = buildManifestReader(indexPath);
  const prerendered = prerenderedPageReader(path.dirname(indexPath));
  return async (c) => {
    const { deps } = c.var;
    const url = new URL(c.req.url);
    const page = sitePageOf(c.req.path);
    const language = pageLanguageOf(url.searchParams, getCookie(c, LANGUAGE_COOKIE));
    // The head speaks the page's language: a visitor whose cookie chose Spanish gets the Spanish page's head too.
    if (language !== 'en' && !url.searchParams.has('lang')) url.searchParams.set('lang', language);
    const file = prerenderedFileOf(page, language, Number(url.searchParams.get('page') ?? '1'));
    const prerenderedHtml = file ? prerendered(file) : null;
    const built = prerenderedHtml ?? template();
    const buildManifest = manifest();
    const preloaded = buildManifest ? withModulePreloads(built, modulePreloadsFor(buildManifest, page)) : built;
    const html = prerenderedHtml ? withLowScriptPriority(preloaded) : preloaded;
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Vary', 'Cookie');
    try {
      const [head, settings] = await Promise.all([
        pageHeadFor(url, { base: deps.config.publicBaseUrl, blog: deps.blog, facts: () => loadSiteFacts(deps) }),
        publicSettingsAnswer(deps),
      ]);
      return c.body(withJsonScript(renderPage(html, head), PUBLIC_SETTINGS_SCRIPT_ID, settings), head.status);
    } catch (error) {
      deps.logger.error({ err: error, path: c.req.path, requestId: c.var.requestId }, 'page head failed; serving the page as built');
      return c.body(html, 200);
    }
  };
}
