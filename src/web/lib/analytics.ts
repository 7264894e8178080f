/**
 * Analytics, first version: events are recorded in the browser's localStorage under
 * `analytics_events`, keeping only the latest 100 (spec sections 3 and 9). An event is
 * `{ action, category, label?, value?, params? }` plus the time it happened. Page views are
 * events with action `page_view` and category `navigation`, the path as label.
 *
 * Recording never throws: when storage is unavailable (private mode, quota) the event is
 * dropped, because analytics must never break the page. Sending events to the server (the
 * admin analytics screen) comes with a later issue and will read from here.
 */

export const ANALYTICS_STORAGE_KEY = 'analytics_events';
/** How many events are kept locally (spec section 9). */
export const MAX_STORED_EVENTS = 100;

export interface AnalyticsEventInput {
  /** What happened, e.g. "page_view", "booking_started". */
  action: string;
  /** The area it belongs to, e.g. "navigation", "booking". */
  category: string;
  label?: string;
  value?: number;
  /** Custom parameters (spec section 3); must be JSON-serialisable. */
  params?: Record<string, unknown>;
}

export interface AnalyticsEvent extends AnalyticsEventInput {
  /** ISO-8601 instant when the event was recorded. */
  timestamp: string;
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

/**
 * Records an event, dropping the oldest ones beyond the latest 100.
 * @returns the stored event (with its timestamp)
 */
export function trackEvent(input: AnalyticsEventInput, now: Date = new Date()): AnalyticsEvent {
  const event: AnalyticsEvent = { ...input, timestamp: now.toISOString() };
  try {
    const events = [...getStoredEvents(), event].slice(-MAX_STORED_EVENTS);
    localStorage.setItem(ANALYTICS_STORAGE_KEY, JSON.stringify(events));
  } catch {
    // storage unavailable or full: analytics is best effort
  }
  return event;
}

/**
 * Records a page view.
 * @param path the location's pathname, e.g. "/book/painting" (no query: it may carry tokens)
 */
export function trackPageView(path: string): AnalyticsEvent {
  return trackEvent({ action: 'page_view', category: 'navigation', label: path });
}
