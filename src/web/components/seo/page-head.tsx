/**
 * A page's own <title> and description, rendered with the page (React 19 hoists <title> and
 * <meta> into <head>), so each route sets them when the app moves to it (issue #12). The texts
 * are the ones the server puts in the first answer (src/server/modules/seo/page-head.ts): the
 * same `seo.*` and page messages, through the same helpers in src/domain/page-texts.ts.
 *
 * The server's own title, description and robots tag (marked `data-server-head`) are removed
 * once these are in place, so the document has exactly one of each; when React hydrated a
 * prerendered page it took the server's tags as its own, and they stay (unmarked).
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

export function PageHead({ title, description, noindex = false }: PageHeadProps) {
  useEffect(() => {
    for (const selector of ['title', 'meta[name="description"]', 'meta[name="robots"]']) {
      const all = [...document.head.querySelectorAll(selector)];
      const fromServer = all.filter((element) => element.hasAttribute('data-server-head'));
      // Hydrating a prerendered page, React takes the server's own tag as its own (issue #16): it stays, as React's.
      if (all.length === fromServer.length) for (const element of fromServer) element.removeAttribute('data-server-head');
      else for (const element of fromServer) element.remove();
    }
  }, []);
  return (
    <>
      <title>{title}</title>
      {description === undefined ? null : <meta name="description" content={description} />}
      {noindex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
