/**
 * The API answers a page arrived with, put in a new query client before the app renders (issue
 * #16), so the first render draws them and nothing is asked again:
 * - `#public-settings`: `GET /api/settings/public`'s answer, which the server writes into every
 *   page (src/server/modules/seo/seo.routes.ts, PUBLIC_SETTINGS_SCRIPT_ID). Without it (the
 *   mobile apps, whose pages load from the device; a page served from the offline cache) the
 *   settings are fetched as before;
 * - `#prerendered-queries` (`prerendered` only): the answers a prerendered page was drawn with,
 *   the blog's posts (scripts/prerender.mjs), as `[{ queryKey, data }]`.
 * A script that is missing, empty or not JSON is skipped: the query then asks the API.
 *
 * And the strings it was drawn with: `#prerendered-formats` (rememberPrerenderedFormats).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { rememberFormatted } from '@/domain/format';
import { publicSettingsQueryOptions, type PublicSettings } from './public-settings';
import { createQueryClient } from './query-client';

const readJson = (id: string): unknown => {
  const text = document.getElementById(id)?.textContent;
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

export function queryClientWithKnownAnswers({ prerendered }: { prerendered: boolean }): QueryClient {
  const client = createQueryClient();
  const settings = readJson('public-settings');
  if (settings && typeof settings === 'object') client.setQueryData(publicSettingsQueryOptions.queryKey, settings as PublicSettings);
  const known = prerendered ? readJson('prerendered-queries') : undefined;
  if (Array.isArray(known)) for (const { queryKey, data } of known as Array<{ queryKey: QueryKey; data: unknown }>) client.setQueryData(queryKey, data);
  return client;
}

/**
 * A prerendered page's formatted prices and dates (`#prerendered-formats`, `{ key: text }`, written
 * by scripts/prerender.mjs), answered from then on without building an Intl formatter: taking the
 * page over then never starts Intl (ICU's start-up, ~13 ms here and ~50 ms on a slow phone, was
 * the longest task of a first load; docs/decisions/056). Only when hydrating that page: a page drawn
 * again in another language formats its own. A missing or malformed script is skipped.
 */
export function rememberPrerenderedFormats(): void {
  const formats = readJson('prerendered-formats');
  if (formats && typeof formats === 'object' && !Array.isArray(formats)) rememberFormatted(formats as Record<string, string>);
}
