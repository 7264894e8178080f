/**
 * The optional Google Analytics 4 tag (issue #11): loaded only when the build has
 * VITE_GA_MEASUREMENT_ID, after the page is interactive (startAnalytics), from
 * googletagmanager.com (the server's CSP opens its hosts only then, src/server/config.ts). It
 * receives the same events as our own analytics: this page's events so far, then each new one.
 *
 * No cookies: consent for analytics storage is denied before the tag loads (Google's consent
 * mode), so GA measures without setting or reading cookies, as our own tracker does. GA's own page
 * views are off (`send_page_view: false`): ours are forwarded as `page_view` events.
 */
import { getStoredEvents, onAnalyticsEvent, type AnalyticsEvent } from './analytics';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

let loaded = false;

/** An event as GA4 takes it: the action as the event name, the rest as its parameters. */
export function gaEventOf(event: AnalyticsEvent): [string, Record<string, unknown>] {
  const name = event.action.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 40);
  return [
    name,
    {
      event_category: event.category,
      ...(event.label !== undefined ? { event_label: event.label } : {}),
      ...(event.value !== undefined ? { value: event.value } : {}),
      ...(event.path ? { page_path: event.path } : {}),
      ...(event.language ? { language: event.language } : {}),
      ...event.params,
    },
  ];
}

/** Loads the tag once and forwards events to it. */
export function loadGoogleAnalytics(measurementId: string, pageStartedAt: Date = new Date(performance.timeOrigin)): void {
  if (loaded || !/^G-[A-Z0-9]+$/.test(measurementId)) return;
  loaded = true;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js expects the `arguments` object itself, as Google's snippet pushes it (an array is ignored)
    window.dataLayer!.push(arguments);
  };
  window.gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
  window.gtag('js', new Date());
  window.gtag('config', measurementId, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);

  const forward = (event: AnalyticsEvent) => window.gtag?.('event', ...gaEventOf(event));
  for (const event of getStoredEvents()) if (Date.parse(event.timestamp) >= pageStartedAt.getTime()) forward(event);
  onAnalyticsEvent(forward);
}
