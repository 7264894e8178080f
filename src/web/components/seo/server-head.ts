/**
 * The head tags the server wrote for the page first loaded (canonical, hreflang, social cards,
 * JSON-LD, all marked `data-server-head`; src/server/modules/seo/page-html.ts) describe that page
 * only. When the app moves to another address they would be wrong, so they are removed then; each
 * page sets its own title and description (components/seo/page-head.tsx).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Drops the server's head tags at the first move away from the address the page was loaded at. */
export function useServerHeadCleanup(): void {
  const { pathname, search } = useLocation();
  const first = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (`${pathname}${search}` === first.current) return;
    for (const element of document.head.querySelectorAll('[data-server-head]')) element.remove();
  }, [pathname, search]);
}
