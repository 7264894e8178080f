import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, sessionCookie, type TestApp } from '../test/test-app';

describe(`account security through /api/auth (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('changes the password, lists the sessions and signs out the other ones', async () => {
    const { email, cookie } = await t.signUp();
    const second = sessionCookie(await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'correct-horse-9' } }));

    const sessions = await (await t.request('/api/auth/list-sessions', { cookie })).json();
    expect(sessions).toHaveLength(2);

    const wrong = await t.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword: 'not-it-1234', newPassword: 'new-password-1' } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Your current password is not correct.', details: { currentPassword: 'Your current password is not correct.' } });
    const short = await t.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword: 'correct-horse-9', newPassword: 'short' } });
    expect((await short.json()).message).toBe('Your password must be at least 8 characters.');
    const changed = await t.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword: 'correct-horse-9', newPassword: 'new-password-1' } });
    expect(changed.status).toBe(200);
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'new-password-1' } })).status).toBe(200);

    const revoked = await t.request('/api/auth/revoke-other-sessions', { method: 'POST', cookie, json: {} });
    expect(revoked.status).toBe(200);
    expect((await (await t.request('/api/me', { cookie: second })).json()).user).toBeNull();
    expect((await (await t.request('/api/me', { cookie })).json()).user.email).toBe(email);
    expect(await (await t.request('/api/auth/list-sessions', { cookie })).json()).toHaveLength(1);
  });

  it('refuses the security calls to a signed-out caller', async () => {
    expect((await t.request('/api/auth/list-sessions')).status).toBe(401);
    expect((await t.request('/api/auth/revoke-other-sessions', { method: 'POST', json: {} })).status).toBe(401);
  });
});
