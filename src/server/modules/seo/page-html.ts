/**
 * Writes a PageHead into the built app's index.html (issue #12): the page's language on <html>,
 * its <title> and description in place of the build's defaults, then robots, canonical,
 * hreflang alternates, Open Graph, Twitter card and JSON-LD before </head>, and (blog pages) the
 * readable content in a <noscript> after the root element: a reader or crawler without
 * JavaScript gets the article, while a browser running the app never lays it out, so nothing
 * shifts when the app renders (inside the root it moved the page by 0.43 CLS on /blog,
 * `npm run bench:lighthouse`; the performance issue prerenders whole pages).
 * Every value is escaped; every tag added carries `data-server-head`, so the browser can drop
 * them when it moves to another page (src/web/components/seo/server-head.ts).
 */
import { escapeHtml, jsonForScript } from './html-text';
import type { PageHead } from './page-head';

const MARK = 'data-server-head';
const OG_LOCALES = { en: 'en_US', es: 'es_US' } as const;

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" ${MARK}>`;

/** The tags of a head, one per line. */
export function headTags(head: PageHead): string {
  const tags = [`<title ${MARK}>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" ${MARK}>`);
  for (const alternate of head.alternates) tags.push(`<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" ${MARK}>`);
  if (head.social) {
    const { social } = head;
    tags.push(
      meta('property', 'og:type', social.type),
      meta('property', 'og:site_name', social.siteName),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
      meta('property', 'og:image', social.image),
      meta('property', 'og:image:alt', social.imageAlt),
      meta('property', 'og:locale', OG_LOCALES[head.language]),
      ...head.alternates.filter((a) => a.hreflang !== head.language && a.hreflang in OG_LOCALES).map((a) => meta('property', 'og:locale:alternate', OG_LOCALES[a.hreflang as keyof typeof OG_LOCALES])),
      ...(social.publishedTime ? [meta('property', 'article:published_time', social.publishedTime)] : []),
      ...(social.modifiedTime ? [meta('property', 'article:modified_time', social.modifiedTime)] : []),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
      meta('name', 'twitter:image', social.image),
      meta('name', 'twitter:image:alt', social.imageAlt),
    );
  }
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json" ${MARK}>${jsonForScript(data)}</script>`);
  return tags.join('\n    ');
}

/**
 * The page: `template` (the built index.html) with the head written in. A template without a
 * <head> gets the tags before its first element after the doctype.
 */
export function renderPage(template: string, head: PageHead): string {
  let html = template
    .replace(/<html\b([^>]*)>/i, (_, attributes: string) => `<html${attributes.replace(/\s+lang=(?:"[^"]*"|'[^']*'|[^\s>]+)/i, '')} lang="${head.language}">`)
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  const tags = headTags(head);
  // Replacement functions, never strings: a "$'" or "$&" in a title must stay text.
  if (/<\/head>/i.test(html)) html = html.replace(/[ \t]*<\/head>/i, () => `    ${tags}\n  </head>`);
  else html = html.replace(/^(\s*<!doctype[^>]*>)?/i, (doctype: string) => `${doctype}${tags}`);
  if (head.body) html = html.replace(/<div id="root"><\/div>/, () => `<div id="root"></div><noscript>${head.body}</noscript>`);
  return html;
}

/**
 * `html` with `data` as `<script type="application/json" id={id}>` before </body> (at the end when
 * there is none), escaped for a script element. The browser puts it in its query cache before the
 * app renders (src/web/lib/known-answers.ts), so the page does not ask the API for it.
 */
export function withJsonScript(html: string, id: string, data: unknown): string {
  const script = `<script type="application/json" id="${escapeHtml(id)}">${jsonForScript(data)}</script>`;
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, () => `${script}</body>`) : `${html}${script}`;
}
