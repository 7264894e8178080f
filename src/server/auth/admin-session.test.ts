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

describe(`sign-in rate limit per account (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' } });
  });
  afterAll(() => t?.close());

  it('limits guesses at one account even when they come from different addresses', async () => {
    const attempt = (ip: string, email = 'target@example.com') =>
      t.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'X-Forwarded-For': ip }, json: { email, password: 'whatever-123' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(`10.0.0.${i + 1}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt('10.0.0.9', 'TARGET@example.com');
    expect(await limited.json()).toMatchObject({ code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' });
    // another account from a fresh address is not affected
    expect((await attempt('10.0.0.10', 'someone-else@example.com')).status).toBe(401);
  });
});
