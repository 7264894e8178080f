// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { getStoredEvents } from './analytics';

type Callback = (metric: { name: string; value: number; rating: string; navigationType: string }) => void;
const callbacks: Record<string, Callback> = {};
vi.mock('web-vitals', () => ({
  onLCP: (cb: Callback) => (callbacks.LCP = cb),
  onINP: (cb: Callback) => (callbacks.INP = cb),
  onCLS: (cb: Callback) => (callbacks.CLS = cb),
  onFCP: (cb: Callback) => (callbacks.FCP = cb),
  onTTFB: (cb: Callback) => (callbacks.TTFB = cb),
}));

describe('real-user speed', () => {
  it('records each of the five metrics as a web_vitals event on the current route, ms to 0.1, CLS to 4 decimals', async () => {
    const { reportWebVitals } = await import('./web-vitals-reporter');
    reportWebVitals();
    expect(Object.keys(callbacks).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    window.history.replaceState(null, '', '/book/painting');
    callbacks.LCP!({ name: 'LCP', value: 2512.345, rating: 'needs-improvement', navigationType: 'navigate' });
    callbacks.CLS!({ name: 'CLS', value: 0.123456, rating: 'needs-improvement', navigationType: 'navigate' });
    expect(getStoredEvents().map((e) => [e.category, e.action, e.value, e.path, e.params])).toEqual([
      ['web_vitals', 'LCP', 2512.3, '/book/painting', { rating: 'needs-improvement', navigationType: 'navigate' }],
      ['web_vitals', 'CLS', 0.1235, '/book/painting', { rating: 'needs-improvement', navigationType: 'navigate' }],
    ]);
  });
});
