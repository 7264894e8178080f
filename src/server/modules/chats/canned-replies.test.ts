/**
 * Canned replies through the API (issue #13), on both databases: admins list (title order), add,
 * replace and remove them; bad input is 400 with translated field details; other callers get
 * 401 (signed out) or 403 (signed in without the admin role) and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { makeWorker } from '../workers/worker-defaults';

interface Caller {
  cookie: string;
  userId: string;
}

const REPLY = { title: 'Arrival window', bodyEn: 'Your handyman arrives within the hour.', bodyEs: 'Su técnico llega dentro de la hora.' };

describe(`canned replies (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  let customer: Caller;
  let worker: Caller;

  const call = (method: string, path: string, who: Caller | null, json?: unknown, headers: Record<string, string> = {}) =>
    t.request(path, { method, cookie: who?.cookie, json, headers });
  const ok = async (response: Response | Promise<Response>, status = 200) => {
    const r = await response;
    const text = await r.text();
    expect(r.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const list = async () => (await ok(call('GET', '/api/admin/chat-replies', admin))).replies as { id: string; title: string; bodyEn: string; bodyEs: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signUp();
    customer = await t.signUp();
    worker = await t.signUp();
    await makeWorker(t.deps.db, worker.userId);
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
  });
  afterAll(() => t?.close());

  it('adds, lists by title, replaces and removes replies', async () => {
    const added = await ok(call('POST', '/api/admin/chat-replies', admin, { ...REPLY, title: '  Arrival window  ' }), 201);
    expect(added).toMatchObject({ ...REPLY, id: expect.any(String), updatedAt: expect.any(String) });
    await ok(call('POST', '/api/admin/chat-replies', admin, { ...REPLY, title: 'zip codes we serve' }), 201);
    await ok(call('POST', '/api/admin/chat-replies', admin, { ...REPLY, title: 'Booking changes' }), 201);
    expect((await list()).map((r) => r.title)).toEqual(['Arrival window', 'Booking changes', 'zip codes we serve']);

    const replaced = await ok(call('PUT', `/api/admin/chat-replies/${added.id}`, admin, { title: 'Running late', bodyEn: 'Sorry, 15 minutes late.', bodyEs: 'Perdón, 15 minutos tarde.' }));
    expect(replaced).toMatchObject({ id: added.id, title: 'Running late', bodyEn: 'Sorry, 15 minutes late.', bodyEs: 'Perdón, 15 minutos tarde.' });
    expect((await list()).map((r) => r.title)).toEqual(['Booking changes', 'Running late', 'zip codes we serve']);

    await ok(call('DELETE', `/api/admin/chat-replies/${added.id}`, admin), 204);
    expect((await list()).map((r) => r.id)).not.toContain(added.id);
    await ok(call('DELETE', `/api/admin/chat-replies/${added.id}`, admin), 404);
    await ok(call('PUT', `/api/admin/chat-replies/${added.id}`, admin, REPLY), 404);
    await ok(call('PUT', '/api/admin/chat-replies/not-a-uuid', admin, REPLY), 404);
  });

  it('answers bad input with 400 and translated field details', async () => {
    const before = await list();
    const empty = await ok(call('POST', '/api/admin/chat-replies', admin, { title: ' ', bodyEn: '', bodyEs: 'Hola' }), 400);
    expect(empty).toMatchObject({ code: 'validation_failed', details: { title: 'Please give the reply a title.', bodyEn: 'Please write the reply in English and in Spanish.' } });
    const spanish = await ok(call('POST', '/api/admin/chat-replies', admin, { title: 'x'.repeat(81), bodyEn: 'Hi', bodyEs: '' }, { 'Accept-Language': 'es' }), 400);
    expect(spanish.details).toMatchObject({ bodyEs: 'Escribe la respuesta en inglés y en español.' });
    expect(Object.keys(spanish.details).sort()).toEqual(['bodyEs', 'title']);
    const tooLong = await ok(call('POST', '/api/admin/chat-replies', admin, { ...REPLY, bodyEn: 'x'.repeat(2001) }), 400);
    expect(tooLong.details).toEqual({ bodyEn: 'A message can be at most 2,000 characters.' });
    const missing = await ok(call('PUT', `/api/admin/chat-replies/${before[0]!.id}`, admin, { title: 'Only a title' }), 400);
    expect(Object.keys(missing.details).sort()).toEqual(['bodyEn', 'bodyEs']);
    expect(await list()).toEqual(before);
  });

  it('refuses everyone but admins (401 signed out, 403 customers and workers) and changes nothing', async () => {
    const [existing] = await list();
    const before = await list();
    for (const who of [null, customer, worker]) {
      const status = who ? 403 : 401;
      await ok(call('GET', '/api/admin/chat-replies', who), status);
      await ok(call('POST', '/api/admin/chat-replies', who, REPLY), status);
      await ok(call('PUT', `/api/admin/chat-replies/${existing!.id}`, who, REPLY), status);
      await ok(call('DELETE', `/api/admin/chat-replies/${existing!.id}`, who), status);
    }
    expect(await list()).toEqual(before);
  });
});
