/**
 * Build-time prerendering of the public pages (issue #16, docs/decisions/036-prerendered-public-pages.md):
 * renders one page of the web route table (app/route-tables.tsx, the same routes the browser
 * uses) to HTML in one language, as the browser's first render draws it, so main.tsx can hydrate
 * it without a difference. Bundled by `vite build --ssr` and called by scripts/prerender.mjs;
 * never part of the browser's bundle.
 *
 * What a page shows from the API is not in the HTML, except what the caller hands in as
 * `queries` (the blog's posts, which change only with a deploy): prices, hours and the
 * signed-in header come from the live API after hydration, exactly as on a client-rendered
 * first load (the home page draws the listed prices until the settings arrive).
 */
import type { QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { startRecordingFormatted } from '@/domain/format';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { webRoutes } from './app/route-tables';
import i18n, { i18nReady, type Language } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

export interface PrerenderedPage {
  /** The markup for inside `<div id="root">`. */
  html: string;
  /** The answers the page was drawn with (`queries` as given), as JSON for main.tsx; null when none. */
  queries: string | null;
  /**
   * The strings the render formatted (prices, dates: domain/format.ts), as JSON `{ key: text }`
   * for main.tsx, so taking the page over needs no Intl formatter; null when none.
   */
  formats: string | null;
}

/** An answer of the API the page reads, already known at build time. */
export interface KnownQuery {
  queryKey: QueryKey;
  data: unknown;
}

/**
 * Renders `path` (e.g. `/`, `/book/tv-installation`, `/blog/some-post`; no query string) in `language`.
 * Waits for every lazy part inside the page (React's `prerender`), and for the route's own module
 * and messages (React Router's static handler resolves lazy routes).
 * @throws Error when the route answers a redirect or its render fails (the build stops).
 */
export async function prerenderPage(path: string, language: Language, queries: KnownQuery[] = []): Promise<PrerenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(language);
  const handler = createStaticHandler(webRoutes);
  const context = await handler.query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} while prerendering`);
  if (context.errors) throw new Error(`${path} failed while prerendering: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryClient = createQueryClient();
  for (const query of queries) queryClient.setQueryData(query.queryKey, query.data);

  const errors: unknown[] = [];
  const stopRecording = startRecordingFormatted();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    // progressiveChunkSize: never outline a large part to be filled in by an inline script (our CSP allows none).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const formats = stopRecording();
  // A part that failed would be drawn by the browser instead (with inline scripts our CSP refuses): stop the build.
  if (errors.length > 0) throw new AggregateError(errors, `${path} (${language}) failed while prerendering`);
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return { html, queries: queries.length > 0 ? JSON.stringify(queries) : null, formats: Object.keys(formats).length > 0 ? JSON.stringify(formats) : null };
}

/** The blog's query keys, so scripts/prerender.mjs files the posts it hands in where the pages look for them. */
export { blogKeys } from './features/blog/api/keys';
