/**
 * Issue #14, defect 10 (the worker's side): after "Accept job" the job answers accepted; the
 * assigned worker may decline a job before heading out, with a reason: it goes back to dispatch
 * (pending, no worker), the timeline records who and why, and the dispatch board is alerted
 * through the booking_events NOTIFY. Only the assigned worker, only before "On my way"; a decline
 * racing an admin's reassignment ends with one clean outcome.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, userRoles } from '../../db/schema';
import type { BookingChange } from '../../realtime/booking-event-hub';
import { moneyActors, TV_OPTIONS, type Caller } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { makeWorker } from './worker-defaults';

// Saturday 2026-11-21 10:00 Tampa; each job at 10:00 Tampa on its own day from Monday on.
const NOW = new Date('2026-11-21T15:00:00Z');

describe(`a worker accepts or declines an assigned job (${databaseKind})`, () => {
  let t: TestApp;
  let money: ReturnType<typeof moneyActors>;
  let customer: Caller;
  let wes: Caller;
  let wanda: Caller;
  let admin: Caller;
  let day = 0;

  const post = (path: string, caller: Caller, json: unknown = {}) => t.request(path, { method: 'POST', cookie: caller.cookie, json });
  const decline = (id: string, caller: Caller, json: unknown = { reason: 'schedule_conflict', note: 'Car broke down' }) => post(`/api/worker/jobs/${id}/decline`, caller, json);
  const row = async (id: string) => (await t.deps.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  // The booking's event rows, without the notifier's claim mark (set in the background, decision 043).
  const { notifiedAt: _claim, ...eventColumns } = getTableColumns(bookingEvents);
  const events = (id: string) => t.deps.db.select(eventColumns).from(bookingEvents).where(eq(bookingEvents.bookingId, id));

  async function jobFor(worker: Caller): Promise<string> {
    t.setNow(NOW);
    const booking = await money.booked(customer.cookie, TV_OPTIONS, new Date(Date.UTC(2026, 10, 23 + day++, 15)).toISOString());
    const r = await post(`/api/admin/bookings/${booking.id}/assign`, admin, { workerId: worker.userId });
    expect(r.status, await r.clone().text()).toBe(200);
    return booking.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    money = moneyActors(t);
    customer = await t.signUp('decline-customer@example.com');
    wes = await t.signUp('decline-wes@example.com', { name: 'Wes Decline' });
    wanda = await t.signUp('decline-wanda@example.com', { name: 'Wanda Other' });
    await makeWorker(t.deps.db, wes.userId, { skills: ['tv-installation'] });
    await makeWorker(t.deps.db, wanda.userId, { skills: ['tv-installation'] });
    admin = await t.signUp('decline-admin@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
  });
  beforeEach(() => t.setNow(NOW));
  afterAll(() => t?.close());

  it('answers an accepted job after "Accept job", and lists it so', async () => {
    const id = await jobFor(wes);
    const accepted = await post(`/api/worker/jobs/${id}/accept`, wes);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ id, status: 'confirmed', acceptedAt: NOW.toISOString() });
    const { jobs } = (await (await t.request('/api/worker/jobs', { cookie: wes.cookie })).json()) as { jobs: { id: string; acceptedAt: string | null }[] };
    expect(jobs.find((j) => j.id === id)?.acceptedAt).toBe(NOW.toISOString());
  });

  it('sends a declined job back to dispatch with who and why, and alerts the board', async () => {
    const id = await jobFor(wes);
    await post(`/api/worker/jobs/${id}/accept`, wes);
    const seen: BookingChange[] = [];
    const stop = t.deps.bookingEvents.subscribe((change) => seen.push(change));
    try {
      const r = await decline(id, wes);
      expect(r.status, await r.clone().text()).toBe(204);
      await expect.poll(() => seen.some((c) => c.bookingId === id && c.type === 'worker_declined'), { timeout: 5000 }).toBe(true);
    } finally {
      stop();
    }
    expect(await row(id)).toMatchObject({ status: 'pending', workerId: null, acceptedAt: null, etaAt: null, assignedAt: null });

    const detail = (await (await t.request(`/api/admin/bookings/${id}`, { cookie: admin.cookie })).json()) as { events: { type: string; data: unknown; note: string; actorRole: string; workerName: string; fromStatus: string; toStatus: string }[] };
    expect(detail.events.find((e) => e.type === 'worker_declined')).toMatchObject({
      data: { workerId: wes.userId, reason: 'schedule_conflict' },
      note: 'Car broke down',
      actorRole: 'worker',
      workerName: 'Wes Decline',
      fromStatus: 'confirmed',
      toStatus: 'pending',
    });
    const unassigned = (await (await t.request('/api/admin/bookings?view=unassigned', { cookie: admin.cookie })).json()) as { bookings: { id: string }[] };
    expect(unassigned.bookings.map((b) => b.id)).toContain(id);
    // gone from the worker's day, and the office can give it to someone else
    const { jobs } = (await (await t.request('/api/worker/jobs', { cookie: wes.cookie })).json()) as { jobs: { id: string }[] };
    expect(jobs.map((j) => j.id)).not.toContain(id);
    expect((await post(`/api/admin/bookings/${id}/assign`, admin, { workerId: wanda.userId })).status).toBe(200);
  });

  it('needs a reason, and words for "other"', async () => {
    const id = await jobFor(wes);
    expect((await decline(id, wes, {})).status).toBe(400);
    expect((await decline(id, wes, { reason: 'bored' })).status).toBe(400);
    const other = await decline(id, wes, { reason: 'other', note: '   ' });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { details: Record<string, string> }).details.note).toMatch(/reason/);
    expect((await decline(id, wes, { reason: 'too_far', note: 'x'.repeat(301) })).status).toBe(400);
    expect((await row(id)).workerId).toBe(wes.userId);
    expect((await decline(id, wes, { reason: 'other', note: 'Family emergency' })).status).toBe(204);
  });

  it('lets only the assigned worker decline, and only before heading out', async () => {
    const id = await jobFor(wes);
    const before = await events(id);
    expect((await decline(id, wanda)).status).toBe(404);
    expect((await decline(id, customer)).status).toBe(403);
    expect((await decline(id, admin)).status).toBe(403);
    expect(await events(id)).toEqual(before);

    t.setNow(new Date(Date.UTC(2026, 10, 23 + day - 1, 14))); // on the job's day, within the window
    expect((await post(`/api/worker/jobs/${id}/on-my-way`, wes, { etaMinutes: 20 })).status).toBe(200);
    const late = await decline(id, wes);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'transition_not_allowed', details: { status: 'en_route' } });
    expect(await row(id)).toMatchObject({ status: 'en_route', workerId: wes.userId });
  });

  it('ends cleanly when a decline races an admin reassigning the job', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await jobFor(wes);
      const [declined, reassigned] = await Promise.all([decline(id, wes), post(`/api/admin/bookings/${id}/assign`, admin, { workerId: wanda.userId })]);
      expect([204, 404]).toContain(declined.status);
      expect(reassigned.status).toBe(200);
      // either the decline came first and the admin then assigned Wanda, or the admin did and Wes's decline found the job no longer his
      expect(await row(id)).toMatchObject({ status: 'confirmed', workerId: wanda.userId });
      const types = (await events(id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((e) => e.type);
      expect(types.filter((type) => type === 'worker_declined').length).toBe(declined.status === 204 ? 1 : 0);
      expect(types.at(-1)).toBe('assigned');
    }
  });
});
