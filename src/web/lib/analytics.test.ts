// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_STORAGE_KEY, getStoredEvents, trackEvent, trackPageView } from './analytics';

describe('analytics', () => {
  beforeEach(() => localStorage.clear());

  it('records a page view with its path in local storage', () => {
    trackPageView('/book/painting');

    const stored = JSON.parse(localStorage.getItem(ANALYTICS_STORAGE_KEY) ?? '[]');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ action: 'page_view', category: 'navigation', label: '/book/painting' });
    expect(Number.isNaN(Date.parse(stored[0].timestamp))).toBe(false);
  });

  it('keeps the action, category, label, value and custom parameters of an event', () => {
    trackEvent({ action: 'booking_started', category: 'booking', label: 'painting', value: 2, params: { rooms: 2 } });

    expect(getStoredEvents()[0]).toMatchObject({
      action: 'booking_started',
      category: 'booking',
      label: 'painting',
      value: 2,
      params: { rooms: 2 },
    });
  });

  it('keeps only the latest 100 events', () => {
    for (let i = 1; i <= 130; i += 1) trackEvent({ action: 'click', category: 'test', value: i });

    const events = getStoredEvents();
    expect(events).toHaveLength(100);
    expect(events[0].value).toBe(31);
    expect(events[99].value).toBe(130);
  });

  it('starts over when the stored value is not a list, and never throws', () => {
    localStorage.setItem(ANALYTICS_STORAGE_KEY, '{not json');

    expect(() => trackPageView('/')).not.toThrow();
    expect(getStoredEvents()).toHaveLength(1);
  });
});
