/**
 * A page's own <title> and description, rendered with the page (React 19 hoists <title> and
 * <meta> into <head>), so each route sets them when the app moves to it (issue #12). The texts
 * are the ones the server puts in the first answer (src/server/modules/seo/page-head.ts): the
 * same `seo.*` and page messages, through the same helpers in src/domain/page-texts.ts.
 *
 * The server's own title, description and robots tag (marked `data-server-head`) are removed
 * once these are in place, so the document has exactly one of each.
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
    for (const element of document.head.querySelectorAll('title[data-server-head], meta[name="description"][data-server-head], meta[name="robots"][data-server-head]')) element.remove();
  }, []);
  return (
    <>
      <title>{title}</title>
      {description === undefined ? null : <meta name="description" content={description} />}
      {noindex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
