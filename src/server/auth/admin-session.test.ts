import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';

describe(`GET /api/admin/session (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const DENIED = { message: 'Access denied. Admin or worker role required.', code: 'access_denied' };

  it('refuses a signed-out caller and a customer with the admin-login message', async () => {
    const anonymous = await t.request('/api/admin/session');
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject(DENIED);

    const { cookie } = await t.signUp();
    const customer = await t.request('/api/admin/session', { cookie });
    expect(customer.status).toBe(403);
    expect(await customer.json()).toMatchObject(DENIED);
  });

  it('answers a worker and an admin with their id, email and role', async () => {
    const worker = await t.signUp();
    await t.deps.db.insert(userRoles).values({ userId: worker.userId, role: 'worker' });
    const asWorker = await t.request('/api/admin/session', { cookie: worker.cookie });
    expect(asWorker.status).toBe(200);
    expect(await asWorker.json()).toEqual({ id: worker.userId, email: worker.email, role: 'worker' });

    const admin = await t.signUp();
    await t.deps.db.insert(userRoles).values([{ userId: admin.userId, role: 'user' }, { userId: admin.userId, role: 'admin' }]);
    const asAdmin = await t.request('/api/admin/session', { cookie: admin.cookie });
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.json()).toEqual({ id: admin.userId, email: admin.email, role: 'admin' });
  });

  it('answers the refusal in Spanish too', async () => {
    const response = await t.request('/api/admin/session', { headers: { 'Accept-Language': 'es' } });
    expect((await response.json()).message).toBe('Acceso denegado. Se requiere el rol de administrador o técnico.');
  });
});
