/**
 * Issue #14, job photos: the assigned worker attaches before photos once the job has started and
 * after photos at completion (up to 4 per phase, their own uploads, only while in progress); the
 * booking's customer and admins see them, another customer or worker never does.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { moneyActors, TV_OPTIONS, type Caller } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { makeWorker } from './worker-defaults';

// Saturday 2026-11-21 10:00 Tampa; the job is Monday 10:00 Tampa, started at 9:30.
const NOW = new Date('2026-11-21T15:00:00Z');
const START = '2026-11-23T15:00:00.000Z';

describe(`job photos (${databaseKind})`, () => {
  let t: TestApp;
  let customer: Caller;
  let stranger: Caller;
  let wes: Caller;
  let wanda: Caller;
  let admin: Caller;
  let jobId: string;
  let photo: Buffer;

  const upload = async (caller: Caller): Promise<string> => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(photo)], 'job.jpg', { type: 'image/jpeg' }));
    const r = await t.request('/api/uploads', { method: 'POST', cookie: caller.cookie, body: form });
    expect(r.status, await r.clone().text()).toBe(201);
    return ((await r.json()) as { id: string }).id;
  };
  const attach = (caller: Caller, uploadId: string, phase: string, id = jobId) => t.request(`/api/worker/jobs/${id}/photos`, { method: 'POST', cookie: caller.cookie, json: { uploadId, phase } });
  const photosOf = (caller: Caller, id = jobId) => t.request(`/api/bookings/${id}/photos`, { cookie: caller.cookie });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const money = moneyActors(t);
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    customer = await t.signUp('photos-customer@example.com');
    stranger = await t.signUp('photos-stranger@example.com');
    wes = await t.signUp('photos-wes@example.com');
    wanda = await t.signUp('photos-wanda@example.com');
    await makeWorker(t.deps.db, wes.userId);
    await makeWorker(t.deps.db, wanda.userId);
    admin = await t.signUp('photos-admin@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    jobId = (await money.booked(customer.cookie, TV_OPTIONS, START)).id;
    expect((await t.request(`/api/admin/bookings/${jobId}/assign`, { method: 'POST', cookie: admin.cookie, json: { workerId: wes.userId } })).status).toBe(200);
  });
  afterAll(() => t?.close());

  it('refuses photos before the job has started', async () => {
    const r = await attach(wes, await upload(wes), 'before');
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ code: 'transition_not_allowed', details: { status: 'confirmed' } });
  });

  it('lets only the assigned worker attach their own uploads, up to 4 per phase, while in progress', async () => {
    t.setNow(new Date('2026-11-23T14:30:00Z'));
    expect((await t.request(`/api/worker/jobs/${jobId}/start`, { method: 'POST', cookie: wes.cookie, json: {} })).status).toBe(200);

    const before = await Promise.all(Array.from({ length: 5 }, () => upload(wes)));
    const answers = await Promise.all(before.map((id) => attach(wes, id, 'before')));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 422]);
    // Which four of the five concurrent attaches win is up to the race: reuse one that did.
    const attached = before[answers.findIndex((a) => a.status === 201)]!;
    expect((await attach(wes, attached, 'after')).status).toBe(422); // an upload is used once
    expect((await attach(wes, await upload(customer), 'after')).status).toBe(422); // not theirs
    expect((await attach(wanda, await upload(wanda), 'after')).status).toBe(404);
    expect((await attach(customer, await upload(customer), 'after')).status).toBe(403);
    expect((await attach(wes, await upload(wes), 'during')).status).toBe(400);
    expect((await attach(wes, await upload(wes), 'after')).status).toBe(201);

    t.setNow(new Date('2026-11-23T15:00:00Z'));
    expect((await t.request(`/api/worker/jobs/${jobId}/complete`, { method: 'POST', cookie: wes.cookie, json: {}, headers: { 'Idempotency-Key': 'photos-complete' } })).status).toBe(200);
    expect((await attach(wes, await upload(wes), 'after')).status).toBe(409);
  });

  it('shows them to the customer, the worker and admins, and to nobody else', async () => {
    const answer = await photosOf(customer);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const { photos } = (await answer.json()) as { photos: { phase: string; url: string }[] };
    expect(photos.map((p) => p.phase)).toEqual(['before', 'before', 'before', 'before', 'after']);
    expect((await t.request(photos[0]!.url, { cookie: customer.cookie })).status).toBe(200);
    expect((await photosOf(wes)).status).toBe(200);
    expect((await photosOf(admin)).status).toBe(200);

    expect((await photosOf(stranger)).status).toBe(404);
    expect((await photosOf(wanda)).status).toBe(404);
    expect((await t.request(photos[0]!.url, { cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`/api/bookings/${jobId}/photos`)).status).toBe(401);
  });
});
