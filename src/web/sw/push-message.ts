/**
 * Reading a Web Push message in the service worker (issue #15: push for workers and admins).
 * The server sends a `PushPayload` (src/domain/push-contract.ts, `pushPayloadSchema`): JSON
 * `{event, title, body, url, tag}`, already in the recipient's language. The service worker
 * checks the shape by hand instead of importing zod (which would add about 40 KB to a file every
 * visitor downloads); push-message.test.ts proves the check accepts and refuses exactly what
 * `pushPayloadSchema` does. Pure: text in, payload or null out.
 */
import type { PushEvent, PushPayload } from '@/domain/push-contract';

// Kept in step with PUSH_EVENTS and the schema's limits by push-message.test.ts.
const EVENTS: ReadonlySet<string> = new Set<PushEvent>(['assignment', 'new_booking', 'waiting_chat']);
const LIMITS = { title: 120, body: 400, url: 300, tag: 100 } as const;

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/**
 * The payload in a push message's text, or null when the text is not JSON or not a valid
 * `PushPayload` (unknown event, a missing or over-long field, a `url` that is not a path).
 * Extra fields are dropped, as zod's object parsing drops them.
 */
export function readPushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { event, title, body, url, tag } = data as Record<string, unknown>;
  if (typeof event !== 'string' || !EVENTS.has(event)) return null;
  if (!isText(title, LIMITS.title) || !isText(body, LIMITS.body) || !isText(tag, LIMITS.tag)) return null;
  if (!isText(url, LIMITS.url) || !url.startsWith('/')) return null;
  return { event: event as PushEvent, title, body, url, tag };
}

/**
 * The absolute address a tapped notification opens: `path` on this app's `origin`, or the home
 * page when `path` would leave the origin (`//elsewhere.example`, `/\elsewhere`) or is missing.
 */
export function notificationTarget(path: unknown, origin: string): string {
  if (typeof path !== 'string' || !path.startsWith('/')) return new URL('/', origin).href;
  const target = new URL(path, origin);
  return target.origin === origin ? target.href : new URL('/', origin).href;
}
