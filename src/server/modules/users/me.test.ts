import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

describe(`PATCH /api/me/profile (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const patch = (json: unknown, cookie?: string, headers?: Record<string, string>) =>
    t.request('/api/me/profile', { method: 'PATCH', cookie, json, headers });

  it('answers 401 no_user "No authenticated user" when signed out', async () => {
    const response = await patch({ full_name: 'Nobody' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'no_user', message: 'No authenticated user' });
  });

  it('updates the full name and a US phone (stored as E.164), and /api/me shows them', async () => {
    const { cookie, userId } = await t.signUp();
    const response = await patch({ full_name: '  Ana Ruiz ', phone: '(813) 555-0123' }, cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: userId, full_name: 'Ana Ruiz', terms_accepted: false, phone: '+18135550123' });
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me.profile).toMatchObject({ full_name: 'Ana Ruiz', phone: '+18135550123' });

    const cleared = await patch({ phone: '' }, cookie);
    expect((await cleared.json()).phone).toBeNull();
  });

  it('answers 400 update_error with field messages for a bad phone or an empty name', async () => {
    const { cookie } = await t.signUp();
    const response = await patch({ phone: '12345', full_name: ' ' }, cookie);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe('update_error');
    expect(body.details).toEqual({ phone: 'Please enter a valid US phone number, e.g. (813) 555-0123.', full_name: 'Please enter your full name.' });
  });

  it("changes only the caller's own profile", async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    await patch({ full_name: 'Changed' }, ana.cookie);
    const benMe = await (await t.request('/api/me', { cookie: ben.cookie })).json();
    expect(benMe.profile.full_name).toBe('Test Customer');
  });
});
