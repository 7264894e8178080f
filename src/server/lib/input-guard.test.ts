import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';

describe(`input every API route refuses (${databaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await t.signUp()).cookie;
  });
  afterAll(() => t?.close());

  const send = (path: string, body: string, headers: Record<string, string> = {}) =>
    t.request(path, { method: 'POST', cookie, body, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `guard-${Math.random()}`, ...headers } });

  it('answers a NUL in the path with 404 and in the query with 400 naming the parameter', async () => {
    expect((await t.request('/api/bookings/abc%00def', { cookie })).status).toBe(404);
    const query = await t.request('/api/services/tv-installation/slots?date=2026-11-23%00', { cookie });
    expect(query.status).toBe(400);
    expect((await query.json()).details).toEqual({ 'query.date': "This contains a character we can't accept." });
  });

  it('refuses a NUL in any key or string of a JSON body, naming the field', async () => {
    const r = await send('/api/bookings', JSON.stringify({ options: { service: 'painting', colorCode: 'SW\u00007005' } }));
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'validation_failed', details: { 'options.colorCode': "This contains a character we can't accept." } });
  });

  it('refuses a body that is not a JSON object, too deep, or too large', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) expect((await send('/api/bookings', body)).status).toBe(400);
    let deep: unknown = 'x';
    for (let i = 0; i < 50; i++) deep = { a: deep };
    expect(Object.values((await (await send('/api/bookings', JSON.stringify(deep))).json()).details)).toEqual(['This is nested too deeply.']);
    const large = await send('/api/bookings', JSON.stringify({ notes: 'x'.repeat(70_000) }), { 'Accept-Language': 'es' });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ message: 'Esta solicitud es demasiado grande.', code: 'payload_too_large', details: null, hint: null });
  });
});
