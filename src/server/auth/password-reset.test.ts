import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, verification } from '../db/schema';
import { createTestApp, databaseKind, sessionCookie, type TestApp } from '../test/test-app';

describe(`password reset (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const signIn = (email: string, password: string) => t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

  async function resetMailTo(email: string) {
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    return mail;
  }

  it('mails a single-use link to /reset-password; the new password works and the old one no longer does', async () => {
    const { email, cookie } = await t.signUp();
    const requested = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email } });
    expect(requested.status).toBe(200);

    const mail = await resetMailTo(email);
    expect(mail).toMatchObject({ template: 'password_reset', language: 'en', subject: 'Reset your password' });
    const link = mail!.text.match(/(http\S+\/reset-password\?token=\S+)/)?.[1];
    expect(link).toBeDefined();
    expect(link!.startsWith(`${t.config.publicUrl}/reset-password?token=`)).toBe(true);
    const token = new URL(link!).searchParams.get('token')!;

    const reset = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'brand-new-pass-7' } });
    expect(reset.status).toBe(200);
    expect((await signIn(email, 'correct-horse-9')).status).toBe(401);
    const fresh = await signIn(email, 'brand-new-pass-7');
    expect(fresh.status).toBe(200);
    expect(sessionCookie(fresh)).toBeTruthy();
    // the sessions from before the reset have ended
    expect((await (await t.request('/api/me', { cookie })).json()).user).toBeNull();

    const again = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'another-pass-8' } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'invalid_token', message: 'This reset link is invalid or has expired. Please ask for a new one.' });
    expect((await signIn(email, 'another-pass-8')).status).toBe(401);
  });

  it('refuses a new password shorter than 8 characters, and answers an unknown email the same as a known one', async () => {
    const { email } = await t.signUp();
    await t.request('/api/auth/request-password-reset', { method: 'POST', headers: { 'Accept-Language': 'es' }, json: { email } });
    const mail = await resetMailTo(email);
    expect(mail).toMatchObject({ language: 'es', subject: 'Restablezca su contraseña' });
    const token = new URL(mail!.text.match(/(http\S+)/)![1]).searchParams.get('token')!;
    const short = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'short' } });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('Your password must be at least 8 characters.');

    const unknown = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'nobody-here@example.com' } });
    expect(unknown.status).toBe(200);
    expect(await resetMailTo('nobody-here@example.com')).toBeUndefined();
  });

  it('expires the link after one hour', async () => {
    const { email } = await t.signUp();
    await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email } });
    const token = new URL((await resetMailTo(email))!.text.match(/(http\S+)/)![1]).searchParams.get('token')!;
    const [stored] = await t.deps.db.select().from(verification).where(eq(verification.identifier, `reset-password:${token}`));
    expect(Math.abs(stored!.expiresAt.getTime() - Date.now() - 3600_000)).toBeLessThan(60_000);
    // Better Auth reads the real clock: move the token's expiry into the past instead
    await t.deps.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.identifier, `reset-password:${token}`));
    const late = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'too-late-pass-1' } });
    expect(late.status).toBe(400);
    expect((await late.json()).code).toBe('invalid_token');
  });
});
