import { describe, expect, it } from 'vitest';
import { rateVital, VITAL_THRESHOLDS, WEB_VITALS } from './web-vitals';

describe("Google's Core Web Vitals thresholds", () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs_improvement'],
    ['LCP', 4000, 'needs_improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 201, 'needs_improvement'],
    ['INP', 500, 'needs_improvement'],
    ['INP', 501, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.11, 'needs_improvement'],
    ['CLS', 0.25, 'needs_improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3000, 'needs_improvement'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs_improvement'],
    ['TTFB', 1801, 'poor'],
  ] as const)('%s %d is %s', (metric, value, rating) => {
    expect(rateVital(metric, value)).toBe(rating);
  });

  it('has good below poor for every metric, CLS unitless and the rest in milliseconds', () => {
    for (const metric of WEB_VITALS) expect(VITAL_THRESHOLDS[metric].good).toBeLessThan(VITAL_THRESHOLDS[metric].poor);
    expect(WEB_VITALS.filter((m) => VITAL_THRESHOLDS[m].unit === 'score')).toEqual(['CLS']);
  });
});
