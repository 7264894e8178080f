import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, mailOutbox, userRoles } from '../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';

describe(`changing the email address (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const me = async (cookie: string) => (await t.request('/api/me', { cookie })).json();
  const changeEmail = (cookie: string | undefined, newEmail: string, language = 'en') =>
    t.request('/api/auth/change-email', { method: 'POST', cookie, headers: { 'Accept-Language': language }, json: { newEmail, callbackURL: `${t.config.publicUrl}/settings` } });
  const lastMailTo = async (to: string) => (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1))[0];

  it('switches only after the link mailed to the new address is opened; then the new email signs in', async () => {
    const { cookie, email } = await t.signUp('old-address@example.com');
    expect((await me(cookie)).user).toMatchObject({ email, email_editable: true });

    expect((await changeEmail(cookie, 'New-Address@Example.com', 'es')).status).toBe(200);
    // nothing changes before the link is opened
    expect((await me(cookie)).user.email).toBe('old-address@example.com');
    const mail = await lastMailTo('new-address@example.com');
    expect(mail).toMatchObject({ template: 'email_change', language: 'es', subject: 'Confirma tu nuevo correo electrónico' });
    const link = new URL(mail!.text.match(/(http\S+verify-email\S+)/)![1]);
    expect(link.origin + link.pathname).toBe(`${t.config.publicUrl}/api/auth/verify-email`);

    const opened = await t.request(`${link.pathname}${link.search}`, { cookie });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`${t.config.publicUrl}/settings`);
    expect((await me(cookie)).user.email).toBe('new-address@example.com');
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'new-address@example.com', password: 'correct-horse-9' } });
    expect(signIn.status).toBe(200);
    const oldSignIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'old-address@example.com', password: 'correct-horse-9' } });
    expect(oldSignIn.status).toBe(401);
  });

  it("does not reveal or take another account's email", async () => {
    await t.signUp('taken@example.com');
    const { cookie, email } = await t.signUp();
    expect((await changeEmail(cookie, 'taken@example.com')).status).toBe(200);
    expect(await lastMailTo('taken@example.com')).toBeUndefined();
    expect((await me(cookie)).user.email).toBe(email);
  });

  it.each(['worker', 'admin'] as const)('lets a %s change only their own email the same way', async (role) => {
    const { cookie, userId, email } = await t.signUp();
    await t.deps.db.insert(userRoles).values({ userId, role });
    const other = await t.signUp();
    expect((await changeEmail(cookie, `new-${role}@example.com`)).status).toBe(200);
    expect(await lastMailTo(`new-${role}@example.com`)).toMatchObject({ template: 'email_change' });
    expect((await me(cookie)).user.email).toBe(email);
    expect((await me(other.cookie)).user.email).toBe(other.email);
  });

  it('refuses a signed-out caller', async () => {
    expect((await changeEmail(undefined, 'anyone@example.com')).status).toBe(401);
  });

  it("keeps a Google account's email read-only", async () => {
    const { cookie, userId } = await t.signUp('gina@gmail.com');
    await t.deps.db.insert(account).values({ id: `google-${userId}`, accountId: 'google-sub-1', providerId: 'google', userId });
    expect((await me(cookie)).user.email_editable).toBe(false);
    const refused = await changeEmail(cookie, 'other@gmail.com', 'es');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'email_managed_by_google', message: 'Inicias sesión con Google, así que tu correo es el que tiene Google.' });
    expect(await lastMailTo('other@gmail.com')).toBeUndefined();
  });
});
