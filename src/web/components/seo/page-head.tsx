/**
 * A page's own <title>, description and robots tag (issue #12), written into <head> when the page
 * shows and whenever they change, so each route sets them when the app moves to it. The texts are
 * the ones the server puts in the first answer (src/server/modules/seo/page-head.ts): the same
 * `seo.*` and page messages, through the same helpers in src/domain/page-texts.ts.
 *
 * The tags are set by an effect rather than rendered (React 19 would hoist a rendered <title>;
 * Preact, the production runtime, renders it in place: docs/decisions/041-preact-in-production.md).
 * The server's own title, description and robots tag (marked `data-server-head`) are taken over
 * in place, unmarked, so the document always has at most one of each and
 * useServerHeadCleanup (server-head.ts) leaves them to this page.
 */
import { useEffect } from 'react';

export interface PageHeadProps {
  /** The whole title, e.g. pageTitle('Blog', t) = "Blog | Tampa Same-Day Handyman". */
  title: string;
  /** Left out on app pages, which search engines do not index. */
  description?: string;
  /** Keep the page out of search results (not-found pages). */
  noindex?: boolean;
}

/** Sets `<meta name={name} content={content}>` as the head's only one of that name, or removes them all (content undefined). */
function setMeta(name: string, content: string | undefined): void {
  const [first, ...others] = document.head.querySelectorAll(`meta[name="${name}"]`);
  for (const extra of others) extra.remove();
  if (content === undefined) return first?.remove();
  const meta = first ?? document.head.appendChild(Object.assign(document.createElement('meta'), { name }));
  meta.removeAttribute('data-server-head');
  meta.setAttribute('content', content);
}

export function PageHead({ title, description, noindex = false }: PageHeadProps) {
  useEffect(() => {
    const [first, ...others] = document.head.querySelectorAll('title');
    for (const extra of others) extra.remove();
    first?.removeAttribute('data-server-head');
    document.title = title;
    setMeta('description', description);
    setMeta('robots', noindex ? 'noindex' : undefined);
  }, [title, description, noindex]);
  return null;
}
