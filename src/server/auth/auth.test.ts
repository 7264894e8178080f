import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { user, userRoles } from '../db/schema';
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
    expect(await me()).toEqual({ user: null, profile: null, role: null, session: null });
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

  describe('session clock (Unix seconds) and refresh before expiry', () => {
    afterEach(() => vi.useRealTimers());
    const DAY = 24 * 60 * 60;

    it('tells the browser when the session ends and from when to renew it; only get-session renews it, with a new cookie', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00Z') });
      const { cookie } = await t.signUp();
      const start = Math.floor(Date.now() / 1000);
      const first = (await me(cookie)).session;
      expect(first.expires_at).toBeGreaterThanOrEqual(start + 7 * DAY - 5);
      expect(first.expires_at).toBeLessThanOrEqual(start + 7 * DAY);
      expect(first.refresh_at).toBe(first.expires_at - 7 * DAY + DAY);

      // two days later: /api/me alone does not move the expiry (the cookie could not follow)
      vi.setSystemTime(new Date('2026-11-23T15:00:00Z'));
      expect((await me(cookie)).session).toEqual(first);

      const renewed = await t.request('/api/auth/get-session', { cookie });
      expect(renewed.status).toBe(200);
      const setCookie = renewed.headers.getSetCookie().join();
      expect(setCookie).toMatch(/session_token=[^;]+/);
      expect(setCookie).toMatch(/Max-Age=604800/);
      const after = (await me(cookie)).session;
      expect(after.expires_at).toBeGreaterThanOrEqual(first.expires_at + 2 * DAY - 5);

      // past the expiry the session is gone: signed out, no error
      vi.setSystemTime(new Date(after.expires_at * 1000 + 1000));
      const response = await t.request('/api/me', { cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ user: null, profile: null, role: null, session: null });
    });
  });

  it('uses the strongest role a user holds (first in enum order admin, worker, user)', async () => {
    const { cookie, userId } = await t.signUp();
    await t.deps.db.insert(userRoles).values([{ userId, role: 'user' }, { userId, role: 'worker' }]);
    expect((await me(cookie)).role).toBe('worker');
    await t.deps.db.insert(userRoles).values({ userId, role: 'admin' });
    expect((await me(cookie)).role).toBe('admin');
  });

  describe('role in user metadata (spec section 6: user_roles first, then the metadata, default user)', () => {
    const adminSession = async (cookie: string) => t.request('/api/admin/session', { cookie });
    const setMetadata = (userId: string, metadata: Record<string, string>) => t.deps.db.update(user).set({ userMetadata: metadata }).where(eq(user.id, userId));

    it('uses the metadata role when the user has no user_roles row, and the admin side accepts it', async () => {
      const { cookie, userId } = await t.signUp();
      await setMetadata(userId, { full_name: 'Imported Worker', role: 'worker' });
      expect((await me(cookie)).role).toBe('worker');
      const staff = await adminSession(cookie);
      expect(staff.status).toBe(200);
      expect(await staff.json()).toMatchObject({ id: userId, role: 'worker' });
    });

    it('lets a user_roles row win over the metadata, even a weaker one', async () => {
      const { cookie, userId } = await t.signUp();
      await setMetadata(userId, { role: 'admin' });
      await t.deps.db.insert(userRoles).values({ userId, role: 'user' });
      expect((await me(cookie)).role).toBe('user');
      expect((await adminSession(cookie)).status).toBe(403);
    });

    it('ignores an unknown metadata role', async () => {
      const { cookie, userId } = await t.signUp();
      await setMetadata(userId, { role: 'superuser' });
      expect((await me(cookie)).role).toBe('user');
      expect((await adminSession(cookie)).status).toBe(403);
    });

    it('cannot be set by the person signing up, and holds the full name they gave', async () => {
      const response = await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email: 'sneaky@example.com', password: 'correct-horse-9', name: 'Sneaky Pete', role: 'admin', userMetadata: { role: 'admin' }, user_metadata: { role: 'admin' } },
      });
      expect(response.status).toBe(200);
      const cookie = sessionCookie(response);
      expect((await me(cookie)).role).toBe('user');
      expect((await adminSession(cookie)).status).toBe(403);
      const [row] = await t.deps.db.select({ metadata: user.userMetadata }).from(user).where(eq(user.email, 'sneaky@example.com'));
      expect(row.metadata).toEqual({ full_name: 'Sneaky Pete' });
    });
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
