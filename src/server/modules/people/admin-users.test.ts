import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, userRoles, workerProfiles } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

interface Caller {
  cookie: string;
  userId: string;
  email: string;
}

describe(`admin users (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  let customer: Caller;
  let other: Caller;
  let worker: Caller;

  const get = (path: string, cookie?: string) => t.request(path, { cookie });
  const send = (method: 'POST' | 'PATCH', path: string, cookie: string | undefined, json: object = {}, headers: Record<string, string> = {}) => t.request(path, { method, cookie, json, headers });
  const signIn = (email: string, headers: Record<string, string> = {}) => t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'correct-horse-9' }, headers });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signUp('boss@example.com', { name: 'Boss Admin' });
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    customer = await t.signUp('carla@example.com', { name: 'Carla Customer' });
    other = await t.signUp('olga@example.com', { name: 'Olga Other' });
    worker = await t.signUp('wes@example.com', { name: 'Wes Worker' });
    await t.deps.db.insert(userRoles).values({ userId: worker.userId, role: 'worker' });
  });
  afterAll(() => t?.close());

  it('is for admins only', async () => {
    for (const cookie of [undefined, customer.cookie, other.cookie, worker.cookie]) {
      const expected = cookie ? 403 : 401;
      expect((await get('/api/admin/users', cookie)).status).toBe(expected);
      expect((await send('PATCH', `/api/admin/users/${customer.userId}/role`, cookie, { role: 'admin' })).status).toBe(expected);
      expect((await send('POST', `/api/admin/users/${other.userId}/disable`, cookie)).status).toBe(expected);
      expect((await send('POST', `/api/admin/users/${other.userId}/enable`, cookie)).status).toBe(expected);
    }
    expect(await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, customer.userId))).toEqual([]);
  });

  it('lists users with role, join date and bookings count; searches by name or email; pages', async () => {
    const all = await (await get('/api/admin/users', admin.cookie)).json();
    expect(all.total).toBe(4);
    const wes = all.users.find((u: { id: string }) => u.id === worker.userId);
    expect(wes).toMatchObject({ name: 'Wes Worker', email: 'wes@example.com', role: 'worker', bookingsCount: 0, disabled: false });
    expect(typeof wes.joinedAt).toBe('string');
    const byName = await (await get('/api/admin/users?q=carla', admin.cookie)).json();
    expect(byName.users.map((u: { email: string }) => u.email)).toEqual(['carla@example.com']);
    const byEmail = await (await get('/api/admin/users?q=OLGA@EXAMPLE', admin.cookie)).json();
    expect(byEmail.users.map((u: { id: string }) => u.id)).toEqual([other.userId]);
    expect((await (await get('/api/admin/users?q=%25', admin.cookie)).json()).total).toBe(0);
    const page1 = await (await get('/api/admin/users?page=1&pageSize=3', admin.cookie)).json();
    const page2 = await (await get('/api/admin/users?page=2&pageSize=3', admin.cookie)).json();
    expect(page1.users).toHaveLength(3);
    expect(page2.users).toHaveLength(1);
    expect(new Set([...page1.users, ...page2.users].map((u: { id: string }) => u.id)).size).toBe(4);
    expect((await get('/api/admin/users?pageSize=1000', admin.cookie)).status).toBe(400);
  });

  it('changes roles; an admin cannot remove their own admin role', async () => {
    const own = await send('PATCH', `/api/admin/users/${admin.userId}/role`, admin.cookie, { role: 'user' }, { 'Accept-Language': 'es' });
    expect(own.status).toBe(422);
    expect((await own.json()).message).toBe('No puedes quitarte tu propio rol de administrador.');
    expect((await send('PATCH', `/api/admin/users/${customer.userId}/role`, admin.cookie, { role: 'owner' })).status).toBe(400);
    expect((await send('PATCH', '/api/admin/users/nobody/role', admin.cookie, { role: 'worker' })).status).toBe(404);

    expect((await send('PATCH', `/api/admin/users/${customer.userId}/role`, admin.cookie, { role: 'worker' })).status).toBe(200);
    const [profile] = await t.deps.db.select().from(workerProfiles).where(eq(workerProfiles.userId, customer.userId));
    expect(profile?.active).toBe(true);
    expect((await get('/api/worker/jobs', customer.cookie)).status).not.toBe(403);

    expect((await send('PATCH', `/api/admin/users/${customer.userId}/role`, admin.cookie, { role: 'user' })).status).toBe(200);
    const [after] = await t.deps.db.select().from(workerProfiles).where(eq(workerProfiles.userId, customer.userId));
    expect(after?.active).toBe(false);
    const users = await (await get('/api/admin/users?q=carla', admin.cookie)).json();
    expect(users.users[0].role).toBe('user');

    expect((await send('PATCH', `/api/admin/users/${other.userId}/role`, admin.cookie, { role: 'admin' })).status).toBe(200);
    expect((await get('/api/admin/users', other.cookie)).status).toBe(200);
    expect((await send('PATCH', `/api/admin/users/${other.userId}/role`, admin.cookie, { role: 'user' })).status).toBe(200);
    expect((await get('/api/admin/users', other.cookie)).status).toBe(403);
  });

  it('disables an account: its sessions end and it cannot sign in, until enabled', async () => {
    expect((await send('POST', `/api/admin/users/${admin.userId}/disable`, admin.cookie)).status).toBe(422);
    expect((await get('/api/me', other.cookie)).status).toBe(200);
    expect((await send('POST', `/api/admin/users/${other.userId}/disable`, admin.cookie)).status).toBe(200);
    expect(await t.deps.db.select().from(session).where(eq(session.userId, other.userId))).toEqual([]);
    expect((await get('/api/worker-applications/mine', other.cookie)).status).toBe(401);

    const refused = await signIn('olga@example.com', { 'Accept-Language': 'es' });
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body.code).toBe('account_disabled');
    expect(body.message).toBe('Esta cuenta está desactivada. Contáctanos si crees que es un error.');
    expect((await (await get('/api/admin/users?q=olga', admin.cookie)).json()).users[0].disabled).toBe(true);

    expect((await send('POST', `/api/admin/users/${other.userId}/enable`, admin.cookie)).status).toBe(200);
    expect((await signIn('olga@example.com')).status).toBe(200);
  });
});
