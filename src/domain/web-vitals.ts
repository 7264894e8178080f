/**
 * Core Web Vitals and their ratings (issue #11, "real-user speed"): the metrics the browser
 * reports with the `web-vitals` library, and Google's thresholds, from web.dev/articles/vitals
 * and each metric's page (lcp, inp, cls, fcp, ttfb), the same ones `web-vitals` rates with:
 *
 * | metric | unit | good | needs improvement | poor |
 * | --- | --- | --- | --- | --- |
 * | LCP, Largest Contentful Paint | ms | <= 2500 | <= 4000 | > 4000 |
 * | INP, Interaction to Next Paint | ms | <= 200 | <= 500 | > 500 |
 * | CLS, Cumulative Layout Shift | unitless | <= 0.1 | <= 0.25 | > 0.25 |
 * | FCP, First Contentful Paint | ms | <= 1800 | <= 3000 | > 3000 |
 * | TTFB, Time to First Byte | ms | <= 800 | <= 1800 | > 1800 |
 *
 * Google judges a page by the 75th percentile of its visits (p75, see percentile.ts).
 */

export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVital = (typeof WEB_VITALS)[number];

export const VITAL_RATINGS = ['good', 'needs_improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

/** The upper bound of "good" and of "needs improvement" (inclusive), in the metric's unit. */
export interface VitalThresholds {
  good: number;
  poor: number;
  unit: 'ms' | 'score';
}

export const VITAL_THRESHOLDS: Record<WebVital, VitalThresholds> = {
  LCP: { good: 2500, poor: 4000, unit: 'ms' },
  INP: { good: 200, poor: 500, unit: 'ms' },
  CLS: { good: 0.1, poor: 0.25, unit: 'score' },
  FCP: { good: 1800, poor: 3000, unit: 'ms' },
  TTFB: { good: 800, poor: 1800, unit: 'ms' },
};

export function isWebVital(name: string): name is WebVital {
  return (WEB_VITALS as readonly string[]).includes(name);
}

/**
 * A value's rating: good up to the good threshold, needs improvement up to the poor one,
 * poor above it (both bounds inclusive, as web-vitals rates).
 * @param value in the metric's unit (ms; CLS unitless)
 */
export function rateVital(metric: WebVital, value: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  if (value <= good) return 'good';
  if (value <= poor) return 'needs_improvement';
  return 'poor';
}
