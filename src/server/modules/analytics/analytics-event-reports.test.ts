/**
 * Issue #11: the funnel, traffic and Core Web Vitals reports equal hand counts of events sent
 * through `POST /api/analytics/events` by five visitors over three Tampa days (one of them at
 * 11:30 PM Tampa, already the next day in UTC), on a pinned clock.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p75 } from '../../../domain/percentile';
import { businessTime } from '../../../domain/slots';
import { moneyActors, type Caller } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 at 11 PM Tampa; D1 = Friday 2026-11-20, D2 = Thursday 2026-11-19.
const TODAY = '2026-11-21';
const D1 = '2026-11-20';
const D2 = '2026-11-19';
const NOW = businessTime(TODAY, 23 * 60);
const tampa = (date: string, hhmm: string) => businessTime(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))).toISOString();

type Event = Record<string, unknown>;
const viewed = (step: string, at: string): Event => ({ action: 'step_viewed', category: 'booking_funnel', label: step, occurredAt: at, params: { service: 'tv-installation' } });
const completed = (step: string, at: string): Event => ({ action: 'step_completed', category: 'booking_funnel', label: step, occurredAt: at });
const blocked = (step: string, field: string, rule: string, at: string): Event => ({ action: 'step_blocked', category: 'booking_funnel', label: step, occurredAt: at, params: { field, rule } });
const page = (path: string, at: string, language?: string): Event => ({ action: 'page_view', category: 'navigation', label: path, path, occurredAt: at, ...(language ? { language } : {}) });
const vital = (metric: string, path: string, value: number, at: string): Event => ({ action: metric, category: 'web_vitals', path, value, occurredAt: at });

describe(`funnel, traffic and Web Vitals reports equal hand counts (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  const report = async (name: string, query: string) => {
    const response = await t.request(`/api/admin/analytics/${name}?${query}`, { cookie: admin.cookie });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { ANALYTICS_RATE_LIMIT_MAX: '1000' } });
    admin = await moneyActors(t).admin();
    const signedIn = await t.signUp();
    const send = async (events: Event[], cookie?: string) => {
      const response = await t.request('/api/analytics/events', { method: 'POST', cookie, json: { visitorId: randomUUID(), events } });
      const result = await response.json();
      expect(result, JSON.stringify(result)).toMatchObject({ accepted: events.length, rejected: [] });
    };
    const T = (hhmm: string) => tampa(TODAY, hhmm);
    const steps = ['service', 'options', 'datetime', 'address', 'signin', 'payment', 'review', 'confirmation'];
    // V1 books today: views every step, completes all but the confirmation; 3 page views in English.
    await send([
      ...steps.map((s, i) => viewed(s, T(`10:${String(i).padStart(2, '0')}`))),
      ...steps.slice(0, 7).map((s, i) => completed(s, T(`10:${String(i).padStart(2, '0')}`))),
      page('/', T('09:59'), 'en'),
      page('/book/tv-installation', T('10:00'), 'en'),
      page('/book/tv-installation', T('10:08'), 'en'),
      vital('LCP', '/', 1200, T('10:00')),
      vital('LCP', '/', 2600, T('10:00')),
      vital('CLS', '/', 0.05, T('10:00')),
      vital('INP', '/', 150, T('10:00')),
      vital('LCP', '/book/tv-installation', 2000, T('10:01')),
    ]);
    // V2 yesterday: stops at Date & Time, blocked twice by "choose a time"; two pages in Spanish, one at 11:30 PM.
    await send([
      viewed('service', tampa(D1, '20:00')),
      viewed('options', tampa(D1, '20:01')),
      viewed('datetime', tampa(D1, '20:02')),
      blocked('datetime', 'startAt', 'validation.startInvalid', tampa(D1, '20:03')),
      blocked('datetime', 'startAt', 'validation.startInvalid', tampa(D1, '20:04')),
      page('/', tampa(D1, '19:59'), 'es'),
      page('/book/painting', tampa(D1, '23:30'), 'es'),
      vital('LCP', '/', 3000, tampa(D1, '20:00')),
      vital('CLS', '/', 0.3, tampa(D1, '20:00')),
      vital('INP', '/', 180, tampa(D1, '20:00')),
    ]);
    // V3 yesterday: stops at Options, blocked by the screen size and the wall-risk rule; one page, no language.
    await send([
      viewed('service', tampa(D1, '12:00')),
      viewed('options', tampa(D1, '12:01')),
      blocked('options', 'screenSize', 'validation.screenSizeRequired', tampa(D1, '12:02')),
      blocked('options', 'wallRiskAccepted', 'validation.wallRiskRequired', tampa(D1, '12:02')),
      page('/', tampa(D2, '08:00')),
      vital('LCP', '/', 5000, tampa(D2, '08:00')),
      vital('INP', '/', 600, tampa(D2, '08:00')),
    ]);
    // V4 signed in today: skips Sign In, leaves at Review.
    await send(
      [
        ...['service', 'options', 'datetime', 'address', 'payment', 'review'].map((s, i) => viewed(s, T(`11:0${i}`))),
        ...['service', 'options', 'datetime', 'address', 'payment'].map((s, i) => completed(s, T(`11:0${i}`))),
        page(`/admin/bookings/${randomUUID()}`, T('11:30'), 'en'),
      ],
      signedIn.cookie,
    );
    // V5 two days ago: looked at the first step only.
    await send([viewed('service', tampa(D2, '09:00'))]);
  }, 120_000);
  afterAll(() => t?.close());

  it('funnel: visitors reaching each step (a skipped Sign In is not a loss), drop-off, and the rules that stopped them', async () => {
    const r = await report('funnel', 'range=7d');
    expect(r.steps.map((s: { step: string; reached: number; completed: number; dropOff: number }) => [s.step, s.reached, s.completed, s.dropOff])).toEqual([
      ['service', 5, 2, 1],
      ['options', 4, 2, 1],
      ['datetime', 3, 2, 1],
      ['address', 2, 2, 0],
      ['signin', 2, 1, 0],
      ['payment', 2, 2, 0],
      ['review', 2, 1, 1],
      ['confirmation', 1, 0, 0],
    ]);
    expect(r.steps[0]).toMatchObject({ dropOffRate: 0.2, fromStart: 1 });
    expect(r.steps[6]).toMatchObject({ dropOffRate: 0.5, fromStart: 0.4 });
    expect(r).toMatchObject({ started: 5, booked: 1, conversion: 0.2 });
    expect(r.blockers).toEqual([
      { step: 'datetime', field: 'startAt', rule: 'validation.startInvalid', times: 2, visitors: 1 },
      { step: 'options', field: 'screenSize', rule: 'validation.screenSizeRequired', times: 1, visitors: 1 },
      { step: 'options', field: 'wallRiskAccepted', rule: 'validation.wallRiskRequired', times: 1, visitors: 1 },
    ]);
    // today only: V1 and V4
    expect(await report('funnel', 'range=today')).toMatchObject({ started: 2, booked: 1, conversion: 0.5, blockers: [] });
  });

  it('traffic: page views and visitors by Tampa day, top pages (ids as :id), languages', async () => {
    const r = await report('traffic', 'range=7d');
    expect(r.totals).toEqual({ pageViews: 7, visitors: 4 });
    const byDay = Object.fromEntries(r.byDay.map((d: { date: string }) => [d.date, d]));
    expect(r.byDay).toHaveLength(7);
    expect(byDay[D2]).toEqual({ date: D2, pageViews: 1, visitors: 1 });
    expect(byDay[D1]).toEqual({ date: D1, pageViews: 2, visitors: 1 }); // 11:30 PM Tampa stays on its Tampa day
    expect(byDay[TODAY]).toEqual({ date: TODAY, pageViews: 4, visitors: 2 });
    expect(byDay['2026-11-15']).toEqual({ date: '2026-11-15', pageViews: 0, visitors: 0 });
    expect(r.topPages).toEqual([
      { path: '/', pageViews: 3, visitors: 3 },
      { path: '/book/tv-installation', pageViews: 2, visitors: 1 },
      { path: '/admin/bookings/:id', pageViews: 1, visitors: 1 },
      { path: '/book/painting', pageViews: 1, visitors: 1 },
    ]);
    expect(r.languages).toEqual([
      { language: 'en', pageViews: 4, visitors: 2 },
      { language: 'es', pageViews: 2, visitors: 1 },
      { language: 'unknown', pageViews: 1, visitors: 1 },
    ]);
    expect((await report('traffic', `range=custom&from=${D1}&to=${D1}`)).totals).toEqual({ pageViews: 2, visitors: 1 });
  });

  it("Web Vitals: p75 per route and overall, rated by Google's thresholds, with the samples in each rating", async () => {
    const r = await report('web-vitals', 'range=7d');
    // LCP on /: 1200 2600 3000 5000 -> p75 at position 2.25 = 3000 + 0.25 * 2000 = 3500 (needs improvement)
    expect(p75([1200, 2600, 3000, 5000])).toBe(3500);
    expect(r.byRoute).toEqual([
      { path: '/', metric: 'LCP', p75: 3500, samples: 4, rating: 'needs_improvement', good: 1, needsImprovement: 2, poor: 1 },
      // INP 150 180 600 -> position 1.5 = 180 + 0.5 * 420 = 390
      { path: '/', metric: 'INP', p75: 390, samples: 3, rating: 'needs_improvement', good: 2, needsImprovement: 0, poor: 1 },
      // CLS 0.05 0.3 -> 0.05 + 0.75 * 0.25 = 0.2375
      { path: '/', metric: 'CLS', p75: expect.closeTo(0.2375, 10), samples: 2, rating: 'needs_improvement', good: 1, needsImprovement: 0, poor: 1 },
      { path: '/book/tv-installation', metric: 'LCP', p75: 2000, samples: 1, rating: 'good', good: 1, needsImprovement: 0, poor: 0 },
    ]);
    // all LCP: 1200 2000 2600 3000 5000 -> position 3 = 3000
    expect(r.overall).toEqual([
      { metric: 'LCP', p75: 3000, samples: 5, rating: 'needs_improvement', good: 2, needsImprovement: 2, poor: 1 },
      { metric: 'INP', p75: 390, samples: 3, rating: 'needs_improvement', good: 2, needsImprovement: 0, poor: 1 },
      { metric: 'CLS', p75: expect.closeTo(0.2375, 10), samples: 2, rating: 'needs_improvement', good: 1, needsImprovement: 0, poor: 1 },
    ]);
    expect(r.thresholds).toContainEqual({ metric: 'LCP', good: 2500, poor: 4000, unit: 'ms' });
    expect((await report('web-vitals', 'range=today')).overall).toEqual([
      { metric: 'LCP', p75: 2300, samples: 3, rating: 'good', good: 2, needsImprovement: 1, poor: 0 },
      { metric: 'INP', p75: 150, samples: 1, rating: 'good', good: 1, needsImprovement: 0, poor: 0 },
      { metric: 'CLS', p75: 0.05, samples: 1, rating: 'good', good: 1, needsImprovement: 0, poor: 0 },
    ]);
  });
});
