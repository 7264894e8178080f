import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 Tampa; slots asked for Monday 2026-11-23.
const NOW = new Date('2026-11-21T15:00:00Z');

describe(`admin workers: active toggle (${databaseKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  let customer: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };
  let workerCaller: { cookie: string; userId: string };
  let workerId: string;

  const patch = (id: string, cookie: string | undefined, json: object) => t.request(`/api/admin/workers/${id}`, { method: 'PATCH', cookie, json });
  const slots = async () => ((await (await t.request('/api/services/painting/slots?date=2026-11-23&durationMinutes=240', { cookie: customer.cookie })).json()).starts as string[]);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await t.signUp('boss@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    customer = await t.signUp('carla@example.com');
    other = await t.signUp('olga@example.com');
    workerCaller = await t.signUp('wes@example.com');
    await t.deps.db.insert(userRoles).values({ userId: workerCaller.userId, role: 'worker' });
    [workerId] = (await t.addWorkers(1, { skills: ['painting'] })) as [string];
  });
  afterAll(() => t?.close());

  it('lets only admins toggle a worker', async () => {
    for (const cookie of [undefined, customer.cookie, other.cookie, workerCaller.cookie]) {
      expect((await patch(workerId, cookie, { active: false })).status).toBe(cookie ? 403 : 401);
    }
    expect((await patch(workerId, admin.cookie, { active: 'no' })).status).toBe(400);
    expect((await patch('nobody', admin.cookie, { active: false })).status).toBe(404);
  });

  it('an inactive worker offers no capacity; the list shows active and no rating', async () => {
    expect((await slots()).length).toBeGreaterThan(0);
    const off = await patch(workerId, admin.cookie, { active: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ id: workerId, active: false });
    expect(await slots()).toEqual([]);
    const list = await (await t.request('/api/admin/workers', { cookie: admin.cookie })).json();
    expect(list.workers.find((w: { id: string }) => w.id === workerId)).toMatchObject({ active: false, rating: null, skills: ['painting'] });
    expect((await patch(workerId, admin.cookie, { active: true })).status).toBe(200);
    expect((await slots()).length).toBeGreaterThan(0);
  });
});
