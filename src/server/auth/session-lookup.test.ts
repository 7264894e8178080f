import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { session } from '../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';
import { authTablesAdapter } from './auth';
import { withSessionLookup } from './session-lookup';

/** Better Auth's own read of a session by its token, with the user (internalAdapter.findSession). */
const sessionRead = (token: string) => ({ model: 'session', where: [{ value: token, field: 'token' }], join: { user: true } as const });

describe(`the session read built once (${databaseKind})`, () => {
  let t: TestApp;
  let theirs: ReturnType<ReturnType<typeof authTablesAdapter>>;
  let ours: ReturnType<ReturnType<typeof authTablesAdapter>>;
  beforeAll(async () => {
    t = await createTestApp();
    const { db, auth } = t.deps;
    const adapter = authTablesAdapter(db);
    theirs = adapter(auth.options);
    ours = withSessionLookup(adapter, db)(auth.options);
  });
  afterAll(() => t?.close());

  const tokenOf = async (userId: string) => (await t.deps.db.select({ token: session.token }).from(session).where(eq(session.userId, userId)))[0]!.token;

  it("answers Better Auth's read of a session with its user exactly as Better Auth's adapter does", async () => {
    const { userId } = await t.signUp('lookup@example.com', { name: 'Ana Ruiz' });
    await t.deps.db.update(session).set({ ipAddress: '203.0.113.9', userAgent: 'Mozilla/5.0 (iPhone)' }).where(eq(session.userId, userId));
    const token = await tokenOf(userId);

    const answer = await ours.findOne<Record<string, unknown>>(sessionRead(token));
    expect(answer).toEqual(await theirs.findOne(sessionRead(token)));
    expect(answer).toMatchObject({ token, userId, ipAddress: '203.0.113.9', user: { id: userId, email: 'lookup@example.com', name: 'Ana Ruiz', emailVerified: false } });
    expect(answer!.expiresAt).toBeInstanceOf(Date);
  });

  it('answers null for a token no session has, as Better Auth does', async () => {
    expect(await ours.findOne(sessionRead('no-such-token'))).toBeNull();
    expect(await theirs.findOne(sessionRead('no-such-token'))).toBeNull();
  });

  it("leaves Better Auth's other reads to its adapter", async () => {
    const { userId } = await t.signUp();
    const token = await tokenOf(userId);
    const bySession = { model: 'session', where: [{ value: token, field: 'token' }] };
    expect(await ours.findOne(bySession)).toEqual(await theirs.findOne(bySession));
    expect(await ours.findOne(bySession)).not.toHaveProperty('user');
    const byUser = { model: 'user', where: [{ value: userId, field: 'id' }] };
    expect(await ours.findOne(byUser)).toEqual(await theirs.findOne(byUser));
  });

  it('signs a request in, and out once its session is deleted', async () => {
    const { cookie, userId } = await t.signUp();
    expect((await (await t.request('/api/me', { cookie })).json()).user.id).toBe(userId);
    await t.deps.db.delete(session).where(eq(session.userId, userId));
    expect((await (await t.request('/api/me', { cookie })).json()).user).toBeNull();
  });
});
