// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_ENDPOINT,
  ANALYTICS_STORAGE_KEY,
  flushAnalytics,
  getStoredEvents,
  onAnalyticsEvent,
  routeOf,
  trackEvent,
  trackPageView,
  VISITOR_STORAGE_KEY,
  visitorId,
} from './analytics';

type Sent = { visitorId: string; events: Record<string, unknown>[] };

function mockFetch(status = 200) {
  const bodies: Sent[] = [];
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response('{}', { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, bodies };
}

describe('analytics: recording', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('records a page view with its path in local storage', () => {
    trackPageView('/book/painting');

    const stored = JSON.parse(localStorage.getItem(ANALYTICS_STORAGE_KEY) ?? '[]');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ action: 'page_view', category: 'navigation', label: '/book/painting' });
    expect(Number.isNaN(Date.parse(stored[0].timestamp))).toBe(false);
  });

  it('keeps the action, category, label, value and custom parameters of an event, with the route and language', () => {
    document.documentElement.lang = 'es';
    window.history.replaceState(null, '', '/admin/bookings/550e8400-e29b-41d4-a716-446655440000?tab=money');
    trackEvent({ action: 'booking_started', category: 'booking', label: 'painting', value: 2, params: { rooms: 2 } });

    expect(getStoredEvents()[0]).toMatchObject({
      action: 'booking_started',
      category: 'booking',
      label: 'painting',
      value: 2,
      params: { rooms: 2 },
      path: '/admin/bookings/:id',
      language: 'es',
    });
    document.documentElement.lang = 'en';
    window.history.replaceState(null, '', '/');
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

  it('never keeps personal data: such params are dropped, such a label left out', () => {
    trackEvent({ action: 'step_blocked', category: 'booking_funnel', label: 'rosa@example.com', params: { field: 'contactPhone', typed: '(813) 555-0123', email: 'x', card: '4242 4242 4242 4242' } });
    const [event] = getStoredEvents();
    expect(event.label).toBeUndefined();
    expect(event.params).toEqual({ field: 'contactPhone' });
    expect(localStorage.getItem(ANALYTICS_STORAGE_KEY)).not.toMatch(/@|555|4242/);
  });

  it('gives the visitor one random id, kept in localStorage, and sets no cookie', () => {
    const id = visitorId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(visitorId()).toBe(id);
    expect(localStorage.getItem(VISITOR_STORAGE_KEY)).toBe(id);
    trackPageView('/');
    // the only cookie is the server's copy of the language choice (lib/i18n.ts), never the visitor
    expect(document.cookie.split(/;\s*/).filter((cookie) => cookie && !cookie.startsWith('lang='))).toEqual([]);
    expect(document.cookie).not.toContain(id);
  });

  it('tells listeners about each event', () => {
    const seen: string[] = [];
    const stop = onAnalyticsEvent((event) => seen.push(event.action));
    trackEvent({ action: 'one', category: 'test' });
    stop();
    trackEvent({ action: 'two', category: 'test' });
    expect(seen).toEqual(['one']);
  });

  it('writes ids in routes as :id', () => {
    expect(routeOf('/admin/bookings/550E8400-E29B-41D4-A716-446655440000/edit')).toBe('/admin/bookings/:id/edit');
    expect(routeOf('/book/tv-installation')).toBe('/book/tv-installation');
    expect(routeOf('/blog/2026')).toBe('/blog/:id');
  });
});

describe('analytics: sending', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the unsent events once, as the API takes them, with the visitor id', async () => {
    const { fetchMock, bodies } = mockFetch();
    trackPageView('/');
    trackEvent({ action: 'LCP', category: 'web_vitals', value: 1234.5, params: { rating: 'good' } });
    await flushAnalytics();
    await flushAnalytics();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe(ANALYTICS_ENDPOINT);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/json' }, keepalive: true });
    expect(bodies[0]!.visitorId).toBe(visitorId());
    expect(bodies[0]!.events).toEqual([
      expect.objectContaining({ action: 'page_view', category: 'navigation', label: '/', occurredAt: expect.any(String), path: '/' }),
      expect.objectContaining({ action: 'LCP', category: 'web_vitals', value: 1234.5, params: { rating: 'good' } }),
    ]);
    expect(Object.keys(bodies[0]!.events[0]!)).not.toContain('id');
    expect(getStoredEvents().every((e) => e.sent)).toBe(true);
  });

  it('keeps events the server could not take (429, 5xx, offline) for the next time, not those it refused', async () => {
    mockFetch(503);
    trackPageView('/');
    await flushAnalytics();
    expect(getStoredEvents()[0]!.sent).toBe(false);

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await flushAnalytics();
    expect(getStoredEvents()[0]!.sent).toBe(false);

    mockFetch(400);
    await flushAnalytics();
    expect(getStoredEvents()[0]!.sent).toBe(true);
  });

  it('sends at most 100 events per batch', async () => {
    const { bodies } = mockFetch();
    for (let i = 0; i < 100; i += 1) trackEvent({ action: 'click', category: 'test', value: i, label: 'x'.repeat(180), params: { a: 'y'.repeat(190) } });
    await flushAnalytics();
    expect(bodies.length).toBeGreaterThan(1);
    expect(bodies.flatMap((b) => b.events)).toHaveLength(100);
    for (const body of bodies) expect(JSON.stringify(body).length).toBeLessThan(64 * 1024);
  });

  it('uses a beacon (a JSON Blob) when the page is hidden, and fetch when the beacon is refused', async () => {
    const beacons: { url: string; type: string; text: string }[] = [];
    let accept = true;
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, data: Blob) => {
        void data.text().then((text) => beacons.push({ url, type: data.type, text }));
        return accept;
      },
    });
    const { fetchMock } = mockFetch();
    trackPageView('/my-bookings');
    await flushAnalytics('beacon');
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]).toMatchObject({ url: ANALYTICS_ENDPOINT, type: 'application/json' });
    expect(JSON.parse(beacons[0]!.text).events[0]).toMatchObject({ action: 'page_view', path: '/' });
    expect(fetchMock).not.toHaveBeenCalled();

    accept = false;
    trackPageView('/settings');
    await flushAnalytics('beacon');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  });
});
