import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

const HOME = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
const WORK = { street: '2 Bay Blvd', unit: 'Suite 4', city: 'Tampa', state: 'fl', zip: '33606' };

describe(`/api/account/addresses (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, cookie?: string, json?: unknown) =>
    t.request(`/api/account/addresses${path}`, { method, cookie, json });

  it('needs a signed-in user', async () => {
    expect((await call('GET', '')).status).toBe(401);
    expect((await call('POST', '', undefined, HOME)).status).toBe(401);
  });

  it('adds, edits, sets the default and deletes; the first address is the default', async () => {
    const { cookie } = await t.signUp();
    const home = await call('POST', '', cookie, HOME);
    expect(home.status).toBe(201);
    const homeBody = await home.json();
    expect(homeBody).toMatchObject({ ...HOME, unit: null, is_default: true });

    const work = await (await call('POST', '', cookie, WORK)).json();
    expect(work).toMatchObject({ state: 'FL', unit: 'Suite 4', is_default: false });

    const promoted = await call('PATCH', `/${work.id}`, cookie, { is_default: true, street: '3 Bay Blvd' });
    expect(await promoted.json()).toMatchObject({ street: '3 Bay Blvd', is_default: true });
    const list = await (await call('GET', '', cookie)).json();
    expect(list.map((a: { id: string; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [work.id, true],
      [homeBody.id, false],
    ]);

    const afterDelete = await (await call('DELETE', `/${work.id}`, cookie)).json();
    expect(afterDelete).toEqual([expect.objectContaining({ id: homeBody.id, is_default: true })]);
  });

  it('refuses a ZIP outside the service area and bad fields', async () => {
    const { cookie } = await t.signUp();
    const outside = await call('POST', '', cookie, { ...HOME, zip: '90210' });
    expect(outside.status).toBe(422);
    expect(await outside.json()).toMatchObject({ code: 'outside_service_area', details: { zip: expect.stringContaining('90210') } });
    const bad = await call('POST', '', cookie, { street: '', city: 'Tampa', state: 'FL', zip: 'abc' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).details).sort()).toEqual(['street', 'zip']);
  });

  it("keeps another customer's addresses out of reach", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const address = await (await call('POST', '', owner.cookie, HOME)).json();
    expect(await (await call('GET', '', other.cookie)).json()).toEqual([]);
    expect((await call('PATCH', `/${address.id}`, other.cookie, { street: '9 Elsewhere St' })).status).toBe(404);
    expect((await call('DELETE', `/${address.id}`, other.cookie)).status).toBe(404);
    expect(await (await call('GET', '', owner.cookie)).json()).toEqual([expect.objectContaining({ street: HOME.street })]);
  });
});

describe(`/api/account/preferences (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('starts with both notifications on, saves the choice per user, and needs a signed-in user', async () => {
    expect((await t.request('/api/account/preferences')).status).toBe(401);
    const ana = await t.signUp();
    const ben = await t.signUp();
    expect(await (await t.request('/api/account/preferences', { cookie: ana.cookie })).json()).toEqual({ email: true, sms: true });
    const saved = await t.request('/api/account/preferences', { method: 'PUT', cookie: ana.cookie, json: { email: true, sms: false } });
    expect(await saved.json()).toEqual({ email: true, sms: false });
    await t.request('/api/account/preferences', { method: 'PUT', cookie: ana.cookie, json: { email: false, sms: false } });
    expect(await (await t.request('/api/account/preferences', { cookie: ana.cookie })).json()).toEqual({ email: false, sms: false });
    expect(await (await t.request('/api/account/preferences', { cookie: ben.cookie })).json()).toEqual({ email: true, sms: true });
    expect((await t.request('/api/account/preferences', { method: 'PUT', cookie: ana.cookie, json: { email: 'yes' } })).status).toBe(400);
  });
});
