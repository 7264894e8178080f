/**
 * Real-user speed (issue #11, in place of a third-party speed-insights script): the `web-vitals`
 * library measures LCP, INP, CLS, FCP and TTFB in this browser, and each final value is recorded
 * as an analytics event (category `web_vitals`, action the metric, value in ms, CLS unitless) on
 * the route it was measured on, then sent with the other events. Loaded lazily by
 * startAnalytics once the page is interactive, so it adds nothing to the first load; the
 * buffered performance entries still give LCP, FCP and TTFB of the page load.
 *
 * Routes: LCP, FCP and TTFB are final early, on the page the visit started on; CLS and INP are
 * final when the page is hidden, and count for the route shown then.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { trackEvent } from './analytics';

/** Milliseconds to 0.1 ms, CLS to 4 decimals. */
const rounded = (metric: Metric) => (metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value * 10) / 10);

function record(metric: Metric): void {
  trackEvent({ action: metric.name, category: 'web_vitals', value: rounded(metric), params: { rating: metric.rating, navigationType: metric.navigationType } });
}

let reporting = false;

/** Starts reporting each metric once it is final. Idempotent. */
export function reportWebVitals(): void {
  if (reporting) return;
  reporting = true;
  onLCP(record);
  onINP(record);
  onCLS(record);
  onFCP(record);
  onTTFB(record);
}
