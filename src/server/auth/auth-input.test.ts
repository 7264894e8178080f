/**
 * Issue #10, finding 4: bodies found by fuzzing that Better Auth passed to the database, which
 * answered 500 with an empty body or stored a 1 MB name. Each is now a 400 with our error body.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';

const BAD_CHARACTER = 'This contains a character we can\'t accept.';
const refused = (details: Record<string, string>) => ({ message: 'Please correct the highlighted fields.', code: 'validation_failed', details, hint: null });

describe(`Better Auth input checks (issue #10, ${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const post = (path: string, json: unknown, cookie?: string, language = 'en') =>
    t.request(`/api/auth/${path}`, { method: 'POST', cookie, headers: { 'Accept-Language': language }, json });
  const storedName = async (userId: string) => (await t.deps.db.select({ name: user.name, image: user.image }).from(user).where(eq(user.id, userId)))[0];

  it.each([
    ['name: null', { name: null }, { name: 'Please enter your full name.' }],
    ['a NUL in the name', { name: 'Ana\u0000Lopez' }, { name: BAD_CHARACTER }],
    ['a NUL in the image', { image: 'https://example.com/a\u0000.png' }, { image: BAD_CHARACTER }],
    ['a name that is not text', { name: 42 }, { name: 'Please enter your full name.' }],
    ['a blank name', { name: '   ' }, { name: 'Please enter your full name.' }],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, { name: 'This is too long.' }],
    ['a field Better Auth would not expect', { name: 'Ana', emailVerified: true }, { _: 'Please check this field.' }],
  ])('update-user with %s is a 400, and the user is unchanged', async (_, body, details) => {
    const { cookie, userId } = await t.signUp();
    const response = await post('update-user', body, cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refused(details));
    expect(await storedName(userId)).toEqual({ name: 'Test Customer', image: null });
  });

  it('still updates a good name and image', async () => {
    const { cookie, userId } = await t.signUp();
    const response = await post('update-user', { name: 'n'.repeat(100), image: 'https://example.com/me.png' }, cookie);
    expect(response.status).toBe(200);
    expect(await storedName(userId)).toEqual({ name: 'n'.repeat(100), image: 'https://example.com/me.png' });
  });

  it('refuses a NUL in the token of reset-password and revoke-session, in the caller\'s language', async () => {
    const reset = await post('reset-password', { token: 'abc\u0000def', newPassword: 'brand-new-pass-1' });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toEqual(refused({ token: BAD_CHARACTER }));

    const { cookie } = await t.signUp();
    const revoke = await post('revoke-session', { token: 'abc\u0000def' }, cookie, 'es');
    expect(revoke.status).toBe(400);
    expect(await revoke.json()).toEqual({
      message: 'Por favor, corrija los campos señalados.',
      code: 'validation_failed',
      details: { token: 'Contiene un carácter que no podemos aceptar.' },
      hint: null,
    });
    // the caller's session is still there
    expect((await (await t.request('/api/me', { cookie })).json()).user).not.toBeNull();
  });

  it('refuses a NUL in a query parameter', async () => {
    const response = await t.request('/api/auth/verify-email?token=abc%00def');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refused({ 'query.token': BAD_CHARACTER }));
  });

  it('refuses a sign-up with a 1 MB name or a NUL in the name, and creates no account', async () => {
    // A 1 MB body is refused whole (src/server/lib/input-guard.ts); a long name in a small body by the name rule.
    const huge = await post('sign-up/email', { email: 'huge-name@example.com', password: 'correct-horse-9', name: 'x'.repeat(1_000_000) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe('payload_too_large');
    const long = await post('sign-up/email', { email: 'long-name@example.com', password: 'correct-horse-9', name: 'x'.repeat(101) });
    expect(await long.json()).toEqual(refused({ name: 'This is too long.' }));
    const nul = await post('sign-up/email', { email: 'nul-name@example.com', password: 'correct-horse-9', name: 'Ana\u0000' });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual(refused({ name: BAD_CHARACTER }));
    const image = await post('sign-up/email', { email: 'nul-image@example.com', password: 'correct-horse-9', name: 'Ana', image: '\u0000' });
    expect(await image.json()).toEqual(refused({ image: BAD_CHARACTER }));
    const emails = (await t.deps.db.select({ email: user.email }).from(user)).map((a) => a.email);
    for (const refusedEmail of ['huge-name@example.com', 'long-name@example.com', 'nul-name@example.com', 'nul-image@example.com']) expect(emails).not.toContain(refusedEmail);

    // 100 characters still sign up; an empty name still falls back to the email
    expect((await t.signUp('hundred-name@example.com', { name: 'n'.repeat(100) })).userId).toBeTruthy();
  });
});
