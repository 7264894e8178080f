/**
 * Chat response times on /admin/analytics (issue #13), on both databases: waits answered through
 * the real chat API over three Tampa days (internal notes never end a wait), then the report is
 * compared with the hand count: answered waits, the share within 10 minutes, the median response
 * time and the median first response time (medians as src/domain/percentile.ts computes them),
 * in total and by day; a period without chats is empty; admins only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, tampaToday } from '../../../domain/analytics-range';
import { median } from '../../../domain/percentile';
import { businessTime } from '../../../domain/slots';
import { chatResponses, userRoles } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

const TODAY = tampaToday(new Date());
const D1 = shiftDate(TODAY, -1);
const D2 = shiftDate(TODAY, -2);
/** A Tampa wall-clock time on a date, e.g. tampa(D1, '23:30'). */
const tampa = (date: string, hhmm: string) => businessTime(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));

interface Caller {
  cookie: string;
  userId: string;
}

describe(`chat response times report (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  let customer: Caller;

  const report = async (query: string, cookie = admin.cookie) => {
    const response = await t.request(`/api/admin/analytics/chat-responses?${query}`, { cookie });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text);
  };
  const start = async (who: Caller) => ((await (await t.request('/api/chats', { method: 'POST', cookie: who.cookie, json: {} })).json()) as { id: string }).id;
  const send = async (who: Caller, id: string, at: Date, body: string, internal = false) => {
    t.setNow(at);
    const r = await t.request(`/api/chats/${id}/messages`, { method: 'POST', cookie: who.cookie, json: { body, internal }, headers: { 'Idempotency-Key': randomUUID() } });
    expect(r.status, await r.clone().text()).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: tampa(D2, '08:00') });
    admin = await t.signUp();
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    customer = await t.signUp();
    const others = [await t.signUp(), await t.signUp()];

    // A, two days ago: answered after 4 min (first), then after 15 min
    const a = await start(customer);
    await send(customer, a, tampa(D2, '09:00'), 'Hello');
    await send(customer, a, tampa(D2, '09:01'), 'Anyone?'); // the same wait
    await send(admin, a, tampa(D2, '09:04'), 'Hi!');
    await send(admin, a, tampa(D2, '09:05'), 'Anything else?'); // nothing was waiting
    await send(customer, a, tampa(D2, '09:10'), 'Yes, a second TV');
    await send(admin, a, tampa(D2, '09:25'), 'Sure');
    // B, yesterday: 2 min (first), then a note that does not answer, then 12 min
    const b = await start(others[0]!);
    await send(others[0]!, b, tampa(D1, '10:00'), 'Hi');
    await send(admin, b, tampa(D1, '10:02'), 'Hello');
    await send(others[0]!, b, tampa(D1, '10:05'), 'When?');
    await send(admin, b, tampa(D1, '10:06'), 'Ask Walt', true);
    await send(admin, b, tampa(D1, '10:17'), 'At noon');
    // C, today: exactly 10 minutes (within)
    const c = await start(others[1]!);
    await send(others[1]!, c, tampa(TODAY, '08:00'), 'Hi');
    await send(admin, c, tampa(TODAY, '08:10'), 'Hello');
    t.setNow(tampa(TODAY, '12:00'));
  });
  afterAll(() => t?.close());

  it('writes one row per answered wait, the first of each conversation marked', async () => {
    const rows = await t.deps.db.select().from(chatResponses);
    expect(rows.map((r) => [r.responseSeconds, r.first, r.responderId]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [120, true, admin.userId],
      [240, true, admin.userId],
      [600, true, admin.userId],
      [720, false, admin.userId],
      [900, false, admin.userId],
    ]);
  });

  it('equals the hand count: answered waits, within 10 minutes, medians, by day', async () => {
    const r = await report('range=7d');
    const all = [240, 900, 120, 720, 600];
    expect(r.withinMinutes).toBe(10);
    expect(r.totals).toEqual({ answered: 5, within: 3, shareWithin: 0.6, medianSeconds: median(all), medianFirstSeconds: median([240, 120, 600]), conversations: 3 });
    expect(r.totals.medianSeconds).toBe(600);
    expect(r.totals.medianFirstSeconds).toBe(240);
    const byDay = Object.fromEntries((r.byDay as { date: string }[]).map((d) => [d.date, d]));
    expect(r.byDay).toHaveLength(7);
    expect(byDay[D2]).toEqual({ date: D2, answered: 2, within: 1, medianSeconds: median([240, 900]) });
    expect(byDay[D1]).toEqual({ date: D1, answered: 2, within: 1, medianSeconds: median([120, 720]) });
    expect(byDay[TODAY]).toEqual({ date: TODAY, answered: 1, within: 1, medianSeconds: 600 });
    expect(byDay[shiftDate(TODAY, -3)]).toEqual({ date: shiftDate(TODAY, -3), answered: 0, within: 0, medianSeconds: null });

    const today = await report('range=today');
    expect(today.totals).toEqual({ answered: 1, within: 1, shareWithin: 1, medianSeconds: 600, medianFirstSeconds: 600, conversations: 1 });
  });

  it('is empty for a period without chats', async () => {
    const r = await report(`range=custom&from=${shiftDate(TODAY, -40)}&to=${shiftDate(TODAY, -35)}`);
    expect(r.totals).toEqual({ answered: 0, within: 0, shareWithin: null, medianSeconds: null, medianFirstSeconds: null, conversations: 0 });
    expect(r.byDay.every((d: { answered: number }) => d.answered === 0)).toBe(true);
  });

  it('is for admins only', async () => {
    expect((await t.request('/api/admin/analytics/chat-responses?range=7d', { cookie: customer.cookie })).status).toBe(403);
    expect((await t.request('/api/admin/analytics/chat-responses?range=7d')).status).toBe(401);
  });
});
