/**
 * The analytics tracker (issue #11; spec sections 3 and 9). An event is
 * `{ action, category, label?, value?, params? }` plus when it happened, the route and the
 * interface language. Every event is kept in localStorage under `analytics_events`, the latest
 * 100 only (older ones dropped, sent or not), and sent in batches to `POST /api/analytics/events`:
 * a few seconds after the last event with `fetch`, and with `navigator.sendBeacon` when the page
 * is hidden (tab switched, closed, app backgrounded), which the browser delivers even as the page
 * goes away. A batch that did not arrive (offline, 429, 5xx) is sent again later.
 *
 * Privacy: the visitor is a random id kept in localStorage (`analytics_visitor`), no cookie is
 * set, and params that hold or are named as personal data (email, phone, card) are dropped here
 * and again by the API (src/domain/personal-data.ts). Ids in paths are sent as `:id`.
 *
 * Recording never throws: analytics must never break the page. Page views come from the root
 * layout on every route change; the booking funnel, Web Vitals (web-vitals-reporter.ts, loaded
 * after the page is interactive) and the optional Google Analytics tag (google-analytics.ts,
 * which receives every event through `onAnalyticsEvent`) build on `trackEvent`.
 */
import { MAX_BATCH_EVENTS, type AnalyticsEventParams } from '@/domain/analytics-limits';
import { personalDataIn, withoutPersonalParams } from '@/domain/personal-data';
import { apiCredentials, apiIsCrossOrigin, apiUrl } from './api-base';

export const ANALYTICS_STORAGE_KEY = 'analytics_events';
export const VISITOR_STORAGE_KEY = 'analytics_visitor';
/** How many events are kept locally (spec section 9). */
export const MAX_STORED_EVENTS = 100;
export const ANALYTICS_ENDPOINT = '/api/analytics/events';
/** Quiet time after the last event before a batch is sent. */
export const FLUSH_DELAY_MS = 4000;
/** A beacon's body must stay well under the browser's 64 KB budget for keepalive requests. */
const MAX_BATCH_BYTES = 48 * 1024;

export interface AnalyticsEventInput {
  /** What happened, e.g. "page_view", "step_viewed". */
  action: string;
  /** The area it belongs to, e.g. "navigation", "booking_funnel". */
  category: string;
  label?: string;
  value?: number;
  /** Custom parameters (spec section 3): strings, numbers, booleans or null. */
  params?: AnalyticsEventParams;
}

export interface AnalyticsEvent extends AnalyticsEventInput {
  /** A random id, to mark the event sent. */
  id: string;
  /** ISO-8601 instant when the event was recorded. */
  timestamp: string;
  /** The route, ids as `:id`, without query or fragment. */
  path?: string;
  language?: 'en' | 'es';
  /** Handed to the network (fetch or beacon). */
  sent?: boolean;
}

type Listener = (event: AnalyticsEvent) => void;
const listeners = new Set<Listener>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let memoryVisitor: string | null = null;

const randomId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`);

/** A route's path as the reports group it: UUIDs and long numbers become `:id`. */
export function routeOf(pathname: string): string {
  return pathname.replace(/\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4,})(?=\/|$)/gi, '/:id');
}

/** The stored events, oldest first; an empty list when none or when storage is unreadable. */
export function getStoredEvents(): AnalyticsEvent[] {
  try {
    const raw = localStorage.getItem(ANALYTICS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as AnalyticsEvent[]) : [];
  } catch {
    return [];
  }
}

function storeEvents(events: AnalyticsEvent[]): void {
  try {
    localStorage.setItem(ANALYTICS_STORAGE_KEY, JSON.stringify(events.slice(-MAX_STORED_EVENTS)));
  } catch {
    // storage unavailable or full: analytics is best effort
  }
}

/** This browser's anonymous visitor id (a random UUID in localStorage; per page when storage is unavailable). */
export function visitorId(): string {
  try {
    const stored = localStorage.getItem(VISITOR_STORAGE_KEY);
    if (stored && /^[0-9a-f-]{36}$/i.test(stored)) return stored;
    const fresh = randomId();
    localStorage.setItem(VISITOR_STORAGE_KEY, fresh);
    return fresh;
  } catch {
    memoryVisitor ??= randomId();
    return memoryVisitor;
  }
}

/** Calls `listener` with every event recorded from now on (the Google Analytics tag). @returns unsubscribe */
export function onAnalyticsEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Records an event (personal params dropped, a personal label left out), keeps the latest 100,
 * and schedules sending.
 * @returns the stored event
 */
export function trackEvent(input: AnalyticsEventInput, now: Date = new Date()): AnalyticsEvent {
  const params = input.params ? withoutPersonalParams(input.params).params : undefined;
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  const event: AnalyticsEvent = {
    ...input,
    label: input.label !== undefined && personalDataIn(input.label) === null ? input.label.slice(0, 200) : undefined,
    params: params && Object.keys(params).length > 0 ? params : undefined,
    id: randomId(),
    timestamp: now.toISOString(),
    path: typeof location !== 'undefined' ? routeOf(location.pathname) : undefined,
    language: lang === 'es' ? 'es' : lang === 'en' ? 'en' : undefined,
  };
  storeEvents([...getStoredEvents(), event]);
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // a listener's failure never stops the page or the others
    }
  }
  scheduleFlush();
  return event;
}

/**
 * Records a page view.
 * @param path the location's pathname, e.g. "/book/painting" (no query: it may carry tokens)
 */
export function trackPageView(path: string): AnalyticsEvent {
  const route = routeOf(path);
  return trackEvent({ action: 'page_view', category: 'navigation', label: route });
}

function scheduleFlush(): void {
  if (typeof window === 'undefined') return;
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = setTimeout(() => void flushAnalytics('fetch'), FLUSH_DELAY_MS);
}

/** An event as the API takes it (src/domain/analytics-contract.ts). */
const bodyOf = (e: AnalyticsEvent) => ({
  action: e.action,
  category: e.category,
  label: e.label,
  value: e.value,
  params: e.params,
  occurredAt: e.timestamp,
  path: e.path,
  language: e.language,
});

/** Batches of at most 100 events and about 48 KB each. */
function batchesOf(events: AnalyticsEvent[]): AnalyticsEvent[][] {
  const batches: AnalyticsEvent[][] = [];
  let current: AnalyticsEvent[] = [];
  let bytes = 0;
  for (const event of events) {
    const size = JSON.stringify(bodyOf(event)).length + 1;
    if (current.length > 0 && (current.length >= MAX_BATCH_EVENTS || bytes + size > MAX_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(event);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

function markSent(ids: Set<string>, sent: boolean): void {
  storeEvents(getStoredEvents().map((e) => (ids.has(e.id) ? { ...e, sent } : e)));
}

/**
 * Sends the events not sent yet. `beacon` (page hidden): navigator.sendBeacon with a JSON Blob,
 * which the browser sends with our Origin even as the page goes away; fetch with keepalive when
 * the beacon is refused. `fetch`: a batch that fails for the network, 429 or 5xx is kept for later.
 */
export async function flushAnalytics(mode: 'fetch' | 'beacon' = 'fetch'): Promise<void> {
  if (flushTimer) {
    clearTimeout(flushTimer);
    flushTimer = null;
  }
  const pending = getStoredEvents().filter((e) => !e.sent && typeof e.id === 'string');
  if (pending.length === 0) return;
  const visitor = visitorId();
  for (const batch of batchesOf(pending)) {
    const ids = new Set(batch.map((e) => e.id));
    markSent(ids, true);
    const body = JSON.stringify({ visitorId: visitor, events: batch.map(bodyOf) });
    // In an app build the API is on another origin: a JSON beacon there is not a CORS "simple"
    // request (browsers refuse or mishandle it), so the keepalive fetch below carries it instead.
    if (mode === 'beacon' && !apiIsCrossOrigin() && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      try {
        if (navigator.sendBeacon(apiUrl(ANALYTICS_ENDPOINT), new Blob([body], { type: 'application/json' }))) continue;
      } catch {
        // fall through to fetch
      }
    }
    try {
      const response = await fetch(apiUrl(ANALYTICS_ENDPOINT), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true, credentials: apiCredentials() });
      if (response.status === 429 || response.status >= 500) markSent(ids, false);
    } catch {
      markSent(ids, false);
    }
  }
}

let started = false;

/**
 * Starts sending: on page hide by beacon, leftovers of earlier visits soon; then, once the page
 * is loaded and idle, real-user speed (web-vitals) and, when configured, the Google Analytics tag.
 * Idempotent.
 * @param gaMeasurementId VITE_GA_MEASUREMENT_ID, or undefined
 */
export function startAnalytics(gaMeasurementId?: string): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // On document, not window: web-vitals reports CLS and INP from a capturing listener on window,
  // which runs first, so their last values are recorded before this sends them.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushAnalytics('beacon');
  });
  window.addEventListener('pagehide', () => void flushAnalytics('beacon'));
  whenIdle(() => {
    void import('./web-vitals-reporter').then((module) => module.reportWebVitals()).catch(() => {});
    if (gaMeasurementId) void import('./google-analytics').then((module) => module.loadGoogleAnalytics(gaMeasurementId)).catch(() => {});
    scheduleFlush();
  });
}

/** Runs `task` after the load event, when the main thread is idle (the page is interactive). */
function whenIdle(task: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
