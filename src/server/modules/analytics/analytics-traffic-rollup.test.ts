/**
 * Issue #11: the traffic report's roll-ups (migration 0017) stay exact when many batches arrive at
 * once. 36 batches of page views from 12 visitors (3 batches each, sent together, on overlapping
 * days, routes and languages) race through `POST /api/analytics/events`; the report then equals a
 * count made here from what was sent, both for the presets (read from the roll-ups) and for a
 * custom period that ended before the latest views (read from the raw events), on both databases.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tampaToday } from '../../../domain/analytics-range';
import { moneyActors, type Caller } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Monday 2026-11-23 at 8 PM Tampa.
const NOW = new Date('2026-11-24T01:00:00Z');
const HOUR = 3_600_000;
const PATHS = ['/', '/book/tv-installation', '/book/painting', '/my-bookings', '/auth'];
const LANGUAGES = ['en', 'es', undefined];

interface Sent {
  visitorId: string;
  day: string;
  path: string;
  language: string;
}

/** A fixed pseudo-random sequence, so a failure can be replayed. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}

/** What the report should say about `sent` for Tampa dates from..to, counted here. */
function handCount(sent: Sent[], from: string, to: string) {
  const inside = sent.filter((s) => s.day >= from && s.day <= to);
  const count = (rows: Sent[]) => ({ pageViews: rows.length, visitors: new Set(rows.map((r) => r.visitorId)).size });
  const by = (key: (s: Sent) => string) => {
    const groups = new Map<string, Sent[]>();
    for (const s of inside) groups.set(key(s), [...(groups.get(key(s)) ?? []), s]);
    return new Map([...groups].map(([k, rows]) => [k, count(rows)]));
  };
  return { totals: count(inside), byDay: by((s) => s.day), byPath: by((s) => s.path), byLanguage: by((s) => s.language) };
}

describe(`traffic roll-ups under concurrent batches (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  const sent: Sent[] = [];
  const report = async (query: string) => {
    const response = await t.request(`/api/admin/analytics/traffic?${query}`, { cookie: admin.cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { ANALYTICS_RATE_LIMIT_MAX: '1000' } });
    admin = await moneyActors(t).admin();
    const next = sequence(7);
    const batches = Array.from({ length: 12 }, () => randomUUID()).flatMap((visitorId) =>
      Array.from({ length: 3 }, () =>
        Array.from({ length: 40 }, () => {
          const occurredAt = new Date(NOW.getTime() - next(6 * 24) * HOUR - next(60) * 60_000);
          const path = PATHS[next(PATHS.length)]!;
          const language = LANGUAGES[next(LANGUAGES.length)];
          sent.push({ visitorId, day: tampaToday(occurredAt), path, language: language ?? 'unknown' });
          return { action: 'page_view', category: 'navigation', label: path, path, occurredAt: occurredAt.toISOString(), ...(language ? { language } : {}) };
        }),
      ).map((events) => ({ visitorId, events })),
    );
    const responses = await Promise.all(batches.map((json) => t.request('/api/analytics/events', { method: 'POST', json })));
    const results = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status)).toEqual(batches.map(() => 200));
    expect(results.every((r) => r.accepted === 40 && r.rejected.length === 0), JSON.stringify(results)).toBe(true);
  }, 120_000);
  afterAll(() => t?.close());

  const expectReport = (r: { totals: unknown; byDay: { date: string }[]; topPages: { path: string }[]; languages: { language: string }[] }, from: string, to: string) => {
    const expected = handCount(sent, from, to);
    expect(r.totals).toEqual(expected.totals);
    for (const day of r.byDay) expect(day, day.date).toEqual({ date: day.date, ...(expected.byDay.get(day.date) ?? { pageViews: 0, visitors: 0 }) });
    expect(Object.fromEntries(r.topPages.map(({ path, ...counts }) => [path, counts]))).toEqual(Object.fromEntries(expected.byPath));
    expect(Object.fromEntries(r.languages.map(({ language, ...counts }) => [language, counts]))).toEqual(Object.fromEntries(expected.byLanguage));
  };

  it('every preset equals the hand count of what was sent (from the roll-ups)', async () => {
    expect(sent).toHaveLength(12 * 3 * 40);
    for (const [range, days] of [['today', 1], ['7d', 7], ['30d', 30]] as const) {
      const r = await report(`range=${range}`);
      expect(r.byDay).toHaveLength(days);
      expectReport(r, r.period.from, r.period.to);
    }
  });

  it('a custom period ending before the latest views equals the hand count too (from the raw events), as does one ending today', async () => {
    const today = tampaToday(NOW);
    const days = [...new Set(sent.map((s) => s.day))].sort();
    const [from, to] = [days[1]!, days.at(-3)!];
    expect(to < today).toBe(true);
    expectReport(await report(`range=custom&from=${from}&to=${to}`), from, to);
    expectReport(await report(`range=custom&from=${from}&to=${today}`), from, today);
  });
});
