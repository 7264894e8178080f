/**
 * Issue #11, `POST /api/analytics/events`: a batch's good events are stored while each bad one is
 * refused with its reasons; nothing personal is stored; the user comes from the session, never
 * the body; the API's limits (size, count, rate per IP) and its cross-site rule hold, and a
 * request shaped like the browser's `navigator.sendBeacon` (a JSON Blob) gets in.
 */
import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 Tampa
const NOW = new Date('2026-11-21T15:00:00Z');
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();
const pageView = (path = '/', extra: Record<string, unknown> = {}) => ({ action: 'page_view', category: 'navigation', label: path, path, occurredAt: at(1), language: 'en', ...extra });

describe(`analytics events: validation, privacy, limits (${databaseKind})`, () => {
  let t: TestApp;
  const send = (body: unknown, init: { cookie?: string; headers?: Record<string, string> } = {}) =>
    t.request('/api/analytics/events', { method: 'POST', json: body, ...init });
  const stored = () => t.deps.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { ANALYTICS_RATE_LIMIT_MAX: '1000' } });
  });
  afterAll(() => t?.close());

  it('stores the good events of a batch and refuses each bad one with its reasons', async () => {
    await t.deps.db.delete(analyticsEvents);
    const visitorId = randomUUID();
    const events = [
      pageView('/book/painting'),
      { action: '', category: 'navigation', occurredAt: at(1) },
      { action: 'x'.repeat(65), category: 'booking funnel', occurredAt: 'yesterday' },
      pageView('/', { params: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i])) }),
      pageView('/?token=abc'),
      pageView('/', { value: '12', userId: 'someone-else' }),
      { action: 'LCP', category: 'web_vitals', value: 2512.5, path: '/book/painting', occurredAt: at(2), params: { rating: 'needs-improvement' } },
      pageView('/', { label: 'x'.repeat(201), language: 'fr' }),
      pageView('/', { occurredAt: new Date(NOW.getTime() - 8 * 24 * 3_600_000).toISOString() }),
      'not an event',
    ];
    const response = await send({ visitorId, events });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.accepted).toBe(2);
    expect(result.stripped).toEqual([]);
    const reasons = Object.fromEntries(result.rejected.map((r: { index: number; reasons: unknown[] }) => [r.index, r.reasons]));
    expect(reasons).toEqual({
      1: [{ field: 'action', reason: 'required' }],
      2: expect.arrayContaining([
        { field: 'action', reason: 'too_long' },
        { field: 'category', reason: 'invalid' },
        { field: 'occurredAt', reason: 'invalid' },
      ]),
      3: [{ field: 'params', reason: 'too_many' }],
      4: [{ field: 'path', reason: 'invalid' }],
      5: expect.arrayContaining([
        { field: 'value', reason: 'invalid' },
        { field: 'userId', reason: 'unknown_field' },
      ]),
      7: expect.arrayContaining([
        { field: 'label', reason: 'too_long' },
        { field: 'language', reason: 'invalid' },
      ]),
      8: [{ field: 'occurredAt', reason: 'too_old' }],
      9: [{ field: '_', reason: 'invalid' }],
    });
    expect(Object.keys(reasons)).toHaveLength(8);
    expect(result.rejected.map((r: { index: number }) => r.index)).toEqual([1, 2, 3, 4, 5, 7, 8, 9]);

    const rows = await stored();
    expect(rows.map((r) => [r.action, r.category, r.path, r.value, r.visitorId, r.userId])).toEqual([
      ['page_view', 'navigation', '/book/painting', null, visitorId, null],
      ['LCP', 'web_vitals', '/book/painting', 2512.5, visitorId, null],
    ]);
    expect(rows[1]!.params).toEqual({ rating: 'needs-improvement' });
    expect(rows[0]!.occurredAt).toEqual(new Date(at(1)));
    expect(rows[0]!.receivedAt).toEqual(NOW);
  });

  it('takes the user from the session, never from the body, and sets no cookie', async () => {
    await t.deps.db.delete(analyticsEvents);
    const customer = await t.signUp();
    const visitorId = randomUUID();
    const signedIn = await send({ visitorId, events: [pageView('/my-bookings')] }, { cookie: customer.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toBeNull();
    const anonymous = await send({ visitorId, events: [pageView('/')] });
    expect(anonymous.headers.get('set-cookie')).toBeNull();
    expect((await stored()).map((r) => [r.path, r.userId])).toEqual([
      ['/my-bookings', customer.userId],
      ['/', null],
    ]);
  });

  it('never stores personal data: such a label or path refuses the event, such params are dropped', async () => {
    await t.deps.db.delete(analyticsEvents);
    const visitorId = randomUUID();
    const response = await send({
      visitorId,
      events: [
        pageView('/', { label: 'rosa@example.com' }),
        pageView('/blog/call-813-555-0123'),
        pageView('/', { value: 8135550123 }),
        {
          action: 'step_blocked',
          category: 'booking_funnel',
          label: 'address',
          occurredAt: at(1),
          params: { field: 'contactPhone', rule: 'validation.phoneInvalid', typed: '(813) 555-0123', email: 'x', note: 'mail rosa@example.com', card: '4242 4242 4242 4242', hours: 2 },
        },
      ],
    });
    const result = await response.json();
    expect(result.accepted).toBe(1);
    expect(result.rejected).toEqual([
      { index: 0, reasons: [{ field: 'label', reason: 'personal_data' }] },
      { index: 1, reasons: [{ field: 'label', reason: 'personal_data' }, { field: 'path', reason: 'personal_data' }] },
      { index: 2, reasons: [{ field: 'value', reason: 'personal_data' }] },
    ]);
    expect(result.stripped).toEqual([{ index: 3, params: ['typed', 'email', 'note', 'card'] }]);
    const rows = await stored();
    expect(rows.map((r) => r.params)).toEqual([{ field: 'contactPhone', rule: 'validation.phoneInvalid', hours: 2 }]);
    // every stored column, without the driver's metadata and the visitor's random id (it may hold "555" by chance)
    const everything = JSON.stringify(((await t.deps.db.execute(sql`select * from analytics_events`)) as unknown as { rows: unknown[] }).rows).replaceAll(visitorId, '');
    expect(everything).not.toMatch(/@|555|4242|8135550123/);
  });

  it('stores ids in paths as :id and dates an event from the future at its arrival', async () => {
    await t.deps.db.delete(analyticsEvents);
    await send({
      visitorId: randomUUID(),
      events: [pageView(`/admin/bookings/${randomUUID()}`), pageView('/book/tv-installation', { occurredAt: new Date(NOW.getTime() + 3_600_000).toISOString() })],
    });
    const rows = await stored();
    expect(rows.map((r) => r.path)).toEqual(['/admin/bookings/:id', '/book/tv-installation']);
    expect(rows[1]!.occurredAt).toEqual(NOW);
  });

  it('never takes the digits of an id in a path for a phone or card number (about 1 random UUID in 60 looked like one)', async () => {
    await t.deps.db.delete(analyticsEvents);
    const response = await send({ visitorId: randomUUID(), events: Array.from({ length: 100 }, () => pageView(`/admin/bookings/${randomUUID()}`)) });
    expect(await response.json()).toMatchObject({ accepted: 100, rejected: [] });
    expect(new Set((await stored()).map((r) => r.path))).toEqual(new Set(['/admin/bookings/:id']));
    // a phone number in a path that is not an id is still refused
    const phone = await send({ visitorId: randomUUID(), events: [pageView('/call/813-555-0123')] });
    expect(await phone.json()).toMatchObject({ accepted: 0, rejected: [{ index: 0, reasons: [{ field: 'label', reason: 'personal_data' }, { field: 'path', reason: 'personal_data' }] }] });
  });

  it('refuses a batch that is not one: no visitor id, no events, more than 100, over 64 KB', async () => {
    const bad = async (body: unknown, status: number, code: string) => {
      const response = await send(body);
      expect(response.status).toBe(status);
      const error = await response.json();
      expect(error.code).toBe(code);
      return error;
    };
    expect((await bad({ events: [pageView()] }, 400, 'validation_failed')).details).toHaveProperty('visitorId');
    expect((await bad({ visitorId: 'not-a-uuid', events: [pageView()] }, 400, 'validation_failed')).details).toHaveProperty('visitorId');
    expect((await bad({ visitorId: randomUUID(), events: [] }, 400, 'validation_failed')).details).toHaveProperty('events');
    expect((await bad({ visitorId: randomUUID(), events: Array.from({ length: 101 }, () => pageView()) }, 400, 'validation_failed')).details).toHaveProperty('events');
    await bad({ visitorId: randomUUID(), events: Array.from({ length: 100 }, () => pageView('/', { label: 'x'.repeat(200), params: { a: 'y'.repeat(200), b: 'z'.repeat(200) } })) }, 413, 'payload_too_large');
  });

  it("lets the browser's beacon in (a JSON Blob from our origin) and refuses other sites and other media types", async () => {
    const body = JSON.stringify({ visitorId: randomUUID(), events: [pageView('/beacon')] });
    const beacon = await t.app.request('/api/analytics/events', { method: 'POST', body: new Blob([body], { type: 'application/json' }), headers: { Origin: t.config.publicUrl } });
    expect(beacon.status).toBe(200);
    const sameOrigin = await t.app.request('/api/analytics/events', { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' } });
    expect(sameOrigin.status).toBe(200);
    const foreign = await t.app.request('/api/analytics/events', { method: 'POST', body, headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const textPlain = await t.app.request('/api/analytics/events', { method: 'POST', body, headers: { 'Content-Type': 'text/plain', Origin: t.config.publicUrl } });
    expect(textPlain.status).toBe(415);
  });
});

describe(`analytics events: rate limit per IP (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { ANALYTICS_RATE_LIMIT_MAX: '3', ANALYTICS_RATE_LIMIT_WINDOW_SECONDS: '60' } });
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After beyond the limit, stores nothing of the refused batch, and lets the next window in', async () => {
    const send = () => t.request('/api/analytics/events', { method: 'POST', json: { visitorId: randomUUID(), events: [pageView()] } });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.deps.db.$count(analyticsEvents)).toBe(3);

    t.setNow(new Date(NOW.getTime() + 61_000));
    expect((await send()).status).toBe(200);
    expect(await t.deps.db.$count(analyticsEvents)).toBe(4);
  });
});
