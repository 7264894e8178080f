/**
 * Issue #14, defect 2: a worker heads out for, starts and completes a job only within its time
 * window (src/domain/job-timing.ts: the job's Tampa day, from `jobRules.startWindowMinutes`
 * before its start; Complete `jobRules.minJobMinutes` after the start). Outside it the worker is
 * refused with a 422 saying from when (in their language, Tampa time) and nothing changes; an
 * admin may still complete, and the timeline flags what was unusual. Also under concurrency:
 * ten "start" requests at once make one transition and one event; a start racing a complete
 * never completes a job that was not started long enough.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, userRoles } from '../../db/schema';
import { moneyActors, TV_OPTIONS, type Caller } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { makeWorker } from './worker-defaults';

// Saturday 2026-11-21 10:00 Tampa (EST = UTC-5); each test's job is at 10:00 Tampa on its own day from Monday 2026-11-23.
const NOW = new Date('2026-11-21T15:00:00Z');
/** `minutes` after (before, when negative) an instant. */
const plus = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe(`the worker's time window for a job (${databaseKind})`, () => {
  let t: TestApp;
  let money: ReturnType<typeof moneyActors>;
  let customer: Caller;
  let worker: Caller;
  let admin: Caller;
  let slot = 0;

  const post = (path: string, caller: Caller, json: unknown = {}, headers: Record<string, string> = {}) => t.request(path, { method: 'POST', cookie: caller.cookie, json, headers });
  const step = (id: string, move: string, json: unknown = {}, headers: Record<string, string> = {}) => post(`/api/worker/jobs/${id}/${move}`, worker, json, headers);
  const complete = (id: string, key: string) => step(id, 'complete', {}, { 'Idempotency-Key': key });
  const row = async (id: string) => (await t.deps.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const events = (id: string) => t.deps.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
  const timeline = async (id: string) => ((await (await t.request(`/api/admin/bookings/${id}`, { cookie: admin.cookie })).json()) as { events: { type: string; data: unknown }[] }).events;

  /** A job at 10:00 Tampa (each on its own day from Monday on) assigned to the worker; the clock back at NOW. */
  async function assignedJob(): Promise<{ id: string; start: Date }> {
    t.setNow(NOW);
    const start = new Date(Date.UTC(2026, 10, 23 + slot++, 15));
    const booking = await money.booked(customer.cookie, TV_OPTIONS, start.toISOString());
    const r = await post(`/api/admin/bookings/${booking.id}/assign`, admin, { workerId: worker.userId });
    expect(r.status, await r.clone().text()).toBe(200);
    return { id: booking.id, start };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    money = moneyActors(t);
    customer = await t.signUp('window-customer@example.com');
    worker = await t.signUp('window-worker@example.com', { name: 'Wes Window' });
    await makeWorker(t.deps.db, worker.userId, { skills: ['tv-installation'] });
    admin = await t.signUp('window-admin@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
  });
  beforeEach(() => t.setNow(NOW));
  afterAll(() => t?.close());

  it('refuses On my way and Start the day before with a 422 saying from when, in the caller\'s language, and changes nothing', async () => {
    const { id, start } = await assignedJob(); // Monday 10:00 Tampa
    t.setNow(plus(start, -24 * 60)); // Sunday 10:00 Tampa: the same clock time, a day early
    expect((await step(id, 'accept')).status).toBe(200);
    const before = { row: await row(id), events: (await events(id)).length };

    const english = await step(id, 'on-my-way', { etaMinutes: 20 });
    expect(english.status).toBe(422);
    const body = (await english.json()) as { code: string; message: string; details: { opensAt: string } };
    expect(body.code).toBe('outside_job_window');
    expect(body.details.opensAt).toBe('2026-11-23T13:00:00.000Z'); // Monday 8:00 Tampa, two hours before
    expect(body.message).toContain('8:00');
    expect(body.message).toContain('Nov 23');

    const spanish = await t.request(`/api/worker/jobs/${id}/start`, { method: 'POST', cookie: worker.cookie, json: {}, headers: { 'Accept-Language': 'es' } });
    expect(spanish.status).toBe(422);
    const message = ((await spanish.json()) as { message: string }).message;
    expect(message).toMatch(/Iniciar trabajo se abren el .*23 nov.*8:00/);

    expect(await row(id)).toEqual(before.row);
    expect((await events(id)).length).toBe(before.events);
  });

  it('refuses earlier than the window on the job\'s day, and follows the setting an admin changes', async () => {
    const { id, start } = await assignedJob();
    t.setNow(plus(start, -121)); // 2 h 1 min before
    expect((await step(id, 'start')).status).toBe(422);

    const saveRules = async (startWindowMinutes: number) => {
      const { version } = ((await (await t.request('/api/admin/settings', { cookie: admin.cookie })).json()) as { sections: { jobRules: { version: number } } }).sections.jobRules;
      const value = { startWindowMinutes, minJobMinutes: 15, arrivalWindowMinutes: 60, workerSharePercent: 70 };
      const saved = await t.request('/api/admin/settings/job-rules', { method: 'PUT', cookie: admin.cookie, json: { version, value } });
      expect(saved.status, await saved.clone().text()).toBe(200);
    };
    await saveRules(180);
    try {
      const r = await step(id, 'on-my-way', { etaMinutes: 30 });
      expect(r.status, await r.clone().text()).toBe(200);
    } finally {
      await saveRules(120);
    }
  });

  it('lets the worker head out within the window with an ETA after now, start, and complete only after the minimum duration', async () => {
    const { id, start } = await assignedJob();
    t.setNow(plus(start, -120));
    const onMyWay = await step(id, 'on-my-way', { etaMinutes: 25 });
    expect(onMyWay.status).toBe(200);
    const job = (await onMyWay.json()) as { status: string; etaAt: string };
    expect(job.status).toBe('en_route');
    expect(new Date(job.etaAt).getTime()).toBeGreaterThanOrEqual(plus(start, -120).getTime());

    t.setNow(plus(start, -90));
    expect((await step(id, 'start')).status).toBe(200);

    t.setNow(plus(start, -76));
    const early = await complete(id, 'window-complete-early');
    expect(early.status).toBe(422);
    expect(((await early.json()) as { details: { opensAt: string } }).details.opensAt).toBe(plus(start, -75).toISOString());
    expect((await row(id)).status).toBe('in_progress');

    t.setNow(plus(start, -75));
    const done = await complete(id, 'window-complete');
    expect(done.status, await done.clone().text()).toBe(200);
    expect((await row(id)).status).toBe('completed');
    // a start 90 minutes early, inside the window, is nothing unusual
    expect((await timeline(id)).filter((e) => e.type === 'unusual_timing')).toEqual([]);
  });

  it('refuses the start once the job\'s Tampa day is over', async () => {
    const { id, start } = await assignedJob();
    t.setNow(plus(start, 14 * 60)); // midnight Tampa after the job's day
    const r = await step(id, 'start');
    expect(r.status).toBe(422);
    expect(((await r.json()) as { code: string }).code).toBe('outside_job_window');
  });

  it('flags on the timeline a start two hours late, and an admin completing a job early and too short', async () => {
    const { id, start } = await assignedJob();
    t.setNow(plus(start, 125));
    expect((await step(id, 'start')).status).toBe(200);
    t.setNow(plus(start, 127));
    expect((await complete(id, 'window-too-short')).status).toBe(422);
    const r = await post(`/api/admin/bookings/${id}/complete`, admin, {}, { 'Idempotency-Key': 'window-admin-complete' });
    expect(r.status, await r.clone().text()).toBe(200);

    const flagged = (await timeline(id)).filter((e) => e.type === 'unusual_timing').map((e) => e.data);
    expect(flagged).toEqual([
      { move: 'start', flags: ['late_start'], scheduledStart: start.toISOString(), startedAt: null },
      { move: 'complete', flags: ['admin_override', 'short_job'], scheduledStart: start.toISOString(), startedAt: plus(start, 125).toISOString() },
    ]);
  });

  it('lets an admin complete a job a day early, and flags it', async () => {
    const { id, start } = await assignedJob();
    t.setNow(plus(start, -24 * 60));
    const r = await post(`/api/admin/bookings/${id}/complete`, admin, {}, { 'Idempotency-Key': 'window-admin-early' });
    expect(r.status, await r.clone().text()).toBe(200);
    const flagged = (await timeline(id)).filter((e) => e.type === 'unusual_timing').map((e) => e.data);
    expect(flagged).toMatchObject([{ move: 'complete', flags: ['early'] }]);
  });

  it('makes one transition and one event out of ten "start" requests at once', async () => {
    const { id, start } = await assignedJob();
    t.setNow(plus(start, -60));
    const answers = await Promise.all(Array.from({ length: 10 }, () => step(id, 'start')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    expect((await t.deps.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.type, 'started')))).length).toBe(1);
    expect((await row(id)).status).toBe('in_progress');
  });

  it('never completes a job without its start or before the minimum duration when start and complete race', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, start } = await assignedJob();
      t.setNow(plus(start, -60));
      const answers = await Promise.all([step(id, 'start'), complete(id, `race-${round}-a`), complete(id, `race-${round}-b`), step(id, 'start')]);
      for (const a of answers) expect(a.status).toBeLessThan(500);
      const after = await row(id);
      expect(after.status).toBe('in_progress');
      expect(after.completedAt).toBeNull();
      expect(answers.filter((a) => a.status === 200).length).toBe(1);
    }
  });
});
