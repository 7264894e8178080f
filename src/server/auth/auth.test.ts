import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../db/schema';
import { createTestApp, databaseKind, sessionCookie, type TestApp } from '../test/test-app';

describe(`accounts (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const me = async (cookie?: string) => (await t.request('/api/me', { cookie })).json();

  it('signs up with a full name, saves terms acceptance on the profile and answers /api/me', async () => {
    const { cookie } = await t.signUp('maria@example.com', { name: 'María López', termsAccepted: true });
    expect(await me(cookie)).toMatchObject({
      user: { email: 'maria@example.com', name: 'María López' },
      profile: { full_name: 'María López', terms_accepted: true, phone: null },
      role: 'user',
    });
  });

  it('falls back to the email when no name is given, and leaves terms unaccepted without the flag', async () => {
    const { cookie } = await t.signUp('noname@example.com', { name: '' });
    expect(await me(cookie)).toMatchObject({ profile: { full_name: 'noname@example.com', terms_accepted: false } });
  });

  it('answers nulls to a signed-out caller', async () => {
    expect(await me()).toEqual({ user: null, profile: null, role: null });
  });

  it('signs in, and signs out so the session no longer works', async () => {
    await t.signUp('sam@example.com');
    const wrong = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'sam@example.com', password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid email or password.', code: 'invalid_email_or_password' });

    const ok = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'sam@example.com', password: 'correct-horse-9' } });
    expect(ok.status).toBe(200);
    const cookie = sessionCookie(ok);
    expect(ok.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    expect(ok.headers.getSetCookie().join()).toMatch(/SameSite=Lax/i);
    expect((await me(cookie)).user.email).toBe('sam@example.com');

    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await me(cookie)).user).toBeNull();
  });

  it('refuses a short password and a taken email with translated messages', async () => {
    const short = await t.request('/api/auth/sign-up/email', { method: 'POST', headers: { 'Accept-Language': 'es' }, json: { email: 'short@example.com', password: 'abc', name: 'x' } });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('Su contraseña debe tener al menos 8 caracteres.');
    await t.signUp('taken@example.com');
    const again = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email: 'taken@example.com', password: 'another-pass-1', name: 'x' } });
    expect(again.status).toBe(422);
    expect((await again.json()).details.email).toMatch(/already exists/);
  });

  it('uses the strongest role a user holds (first in enum order admin, worker, user)', async () => {
    const { cookie, userId } = await t.signUp();
    await t.deps.db.insert(userRoles).values([{ userId, role: 'user' }, { userId, role: 'worker' }]);
    expect((await me(cookie)).role).toBe('worker');
    await t.deps.db.insert(userRoles).values({ userId, role: 'admin' });
    expect((await me(cookie)).role).toBe('admin');
  });
});

describe(`sign-in rate limit (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => t?.close());

  it('answers 429 with a message after too many attempts', async () => {
    const attempt = () => t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'x@example.com', password: 'whatever-123' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt();
    expect(await limited.json()).toMatchObject({ code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' });
  });
});
