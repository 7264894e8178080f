/**
 * Whether an error only means the browser could not reach us: offline, or a page's code or data
 * that did not download (a lazy route's chunk, `fetch` failing, the API client's `network_error`).
 * Nothing about such an error reaches our error log, so the screen must not say it did.
 */
import { ApiError } from '@/web/lib/api-client';

/** Messages browsers give a failed download: Chromium, Firefox, Safari, and Vite's preload. */
const CONNECTION_MESSAGES = [
  /failed to fetch/i,
  /dynamically imported module/i,
  /importing a module script failed/i,
  /networkerror/i,
  /load failed/i,
  /unable to preload css/i,
];

export function isConnectionFailure(error: unknown, online: boolean = typeof navigator === 'undefined' || navigator.onLine): boolean {
  if (!online) return true;
  if (error instanceof ApiError) return error.code === 'network_error';
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}
