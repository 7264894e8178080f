/**
 * Issue #16: uploaded photos on disk (the default) or in S3-compatible storage (S3_BUCKET), tested
 * through the API against both, the S3 one being a local S3-compatible server (s3rver, from npm)
 * on a free port: the bytes come back as stored, with their type and length; who may see a photo
 * does not depend on where it is kept; the cleanup removes the bytes with the row; S3 down is a
 * 503 with a plain message and nothing half-written; two app instances with the same bucket serve
 * each other's uploads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { uploads, userRoles } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { seedBooking } from '../../realtime/testing/booking-fixtures';
import { startLocalS3, type LocalS3 } from '../../test/local-s3';
import { createTestApp, databaseKind, sessionCookie, type TestApp } from '../../test/test-app';
import { startTwoInstances } from '../../test/two-instances';
import { makeWorker } from '../workers/worker-defaults';
import { DiskUploadStorage } from './disk-upload-storage';
import { removeAbandonedUploads } from './upload-cleanup';
import { createUploadStorage, UploadStorageUnavailableError } from './upload-storage';

const NOW = new Date('2026-11-21T15:00:00Z');
const HOUR = 3600_000;

const STORAGE_DOWN_EN = {
  message: "We can't store or show photos right now. Please try again in a few minutes.",
  code: 'upload_storage_unavailable',
  details: null,
  hint: null,
};

/** A photo as a phone would send it. */
const photo = (background = '#8a5a2b', width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();

function photoForm(bytes: Buffer) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'sofa.jpg', { type: 'image/jpeg' }));
  return form;
}

const cookieNamed = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

async function storageKeyOf(t: TestApp, id: string): Promise<string | null> {
  const [row] = await t.deps.db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.id, id));
  return row?.key ?? null;
}

async function uploadRows(t: TestApp): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(uploads);
  return row!.n;
}

describe.each(['disk', 's3'] as const)(`uploads kept in %s storage (${databaseKind})`, (backend) => {
  let t: TestApp;
  let s3: LocalS3 | null = null;
  let customer: { cookie: string; userId: string };
  let stranger: { cookie: string; userId: string };
  let admin: { cookie: string; userId: string };

  /** What the store holds for an upload, read without the app's code (the bucket's object, or the file under DATA_DIR). */
  async function heldBytes(id: string, key?: string): Promise<Buffer | null> {
    const storageKey = key ?? (await storageKeyOf(t, id));
    if (!storageKey) return null;
    if (s3) return s3.objectBytes(`uploads/${storageKey}`);
    const file = path.join(t.config.dataDir, 'uploads', storageKey);
    return fs.existsSync(file) ? fs.readFileSync(file) : null;
  }

  const send = async (cookie?: string, bytes?: Buffer) => {
    const response = await t.request('/api/uploads', { method: 'POST', cookie, body: photoForm(bytes ?? (await photo())) });
    expect(response.status, await response.clone().text()).toBe(201);
    return { ...((await response.json()) as { id: string; contentType: string; sizeBytes: number }), draftCookie: cookieNamed(response, 'upload_owner') };
  };

  beforeAll(async () => {
    if (backend === 's3') s3 = await startLocalS3();
    t = await createTestApp({ now: NOW, env: s3?.env ?? {} });
    customer = await t.signUp();
    stranger = await t.signUp();
    admin = await t.signUp();
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores a photo and serves it back byte for byte, with its type and length', async () => {
    expect(t.deps.uploadStorage.kind).toBe(backend);
    const sent = await send(customer.cookie, await photo('#123456', 300, 200));
    const held = await heldBytes(sent.id);
    expect(held).not.toBeNull();
    expect(held!.length).toBe(sent.sizeBytes);

    const served = await t.request(`/api/uploads/${sent.id}`, { cookie: customer.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-length')).toBe(String(sent.sizeBytes));
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(held!)).toBe(true);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 200 });

    // the object's name is our random key under uploads/, nothing of the uploader's file name
    const key = (await storageKeyOf(t, sent.id))!;
    expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/);
    if (s3) {
      expect(await s3.keys()).toContain(`uploads/${key}`);
      expect((await s3.keys()).some((k) => k.includes('sofa'))).toBe(false);
      // nothing of it on this server's disk
      expect(fs.existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);
    }
  });

  it("serves a photo to its uploader and admins only, wherever it is kept; anyone else gets 404", async () => {
    const mine = await send(customer.cookie);
    expect((await t.request(`/api/uploads/${mine.id}`, { cookie: customer.cookie })).status).toBe(200);
    expect((await t.request(`/api/uploads/${mine.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(`/api/uploads/${mine.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`/api/uploads/${mine.id}`)).status).toBe(404);

    const guest = await send(undefined);
    expect(guest.draftCookie).toBeDefined();
    expect((await t.request(`/api/uploads/${guest.id}`, { cookie: guest.draftCookie })).status).toBe(200);
    const otherGuest = (await send(undefined)).draftCookie;
    expect((await t.request(`/api/uploads/${guest.id}`, { cookie: otherGuest })).status).toBe(404);
    expect((await t.request(`/api/uploads/${guest.id}`, { cookie: stranger.cookie })).status).toBe(404);
  });

  it("serves a chat message's image to the conversation's participants only", async () => {
    const worker = await t.signUp();
    await makeWorker(t.deps.db, worker.userId);
    const booking = await seedBooking(t.deps.db, customer.userId, { status: 'confirmed', workerId: worker.userId });
    const chat = await t.request('/api/chats', { method: 'POST', cookie: customer.cookie, json: { bookingId: booking.id } });
    expect(chat.status).toBe(201);
    const chatId = ((await chat.json()) as { id: string }).id;
    const image = await send(customer.cookie, await photo('#2b5a8a'));
    const sent = await t.request(`/api/chats/${chatId}/messages`, { method: 'POST', cookie: customer.cookie, json: { attachmentId: image.id }, headers: { 'Idempotency-Key': `storage-${backend}-${image.id}` } });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const url = ((await sent.json()) as { attachment: { url: string } }).attachment.url;

    const seen = await t.request(url, { cookie: worker.cookie });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await seen.arrayBuffer()).equals((await heldBytes(image.id))!)).toBe(true);
    expect((await t.request(url, { cookie: stranger.cookie })).status).toBe(404);
  });

  it('removes the stored bytes with the row once nobody used the upload for 24 hours', async () => {
    t.setNow(NOW);
    const abandoned = await send(stranger.cookie);
    const key = (await storageKeyOf(t, abandoned.id))!;
    expect(await heldBytes(abandoned.id)).not.toBeNull();
    try {
      t.setNow(new Date(NOW.getTime() + 24 * HOUR + 60_000));
      expect(await removeAbandonedUploads(t.deps)).toBeGreaterThanOrEqual(1);
      expect(await storageKeyOf(t, abandoned.id)).toBeNull();
      expect(await heldBytes(abandoned.id, key)).toBeNull();
      expect((await t.request(`/api/uploads/${abandoned.id}`, { cookie: stranger.cookie })).status).toBe(404);
    } finally {
      t.setNow(NOW);
    }
  });

  it('answers 404, not 500, for a row whose bytes are gone (a restored backup, another machine)', async () => {
    const sent = await send(customer.cookie);
    await t.deps.uploadStorage.delete((await storageKeyOf(t, sent.id))!);
    const response = await t.request(`/api/uploads/${sent.id}`, { cookie: customer.cookie });
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
  });
});

describe(`uploads in S3 while S3 is down (${databaseKind})`, () => {
  let t: TestApp;
  let s3: LocalS3;
  let customer: { cookie: string; userId: string };

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApp({ now: NOW, env: s3.env });
    customer = await t.signUp();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = async (cookie?: string, lang = 'en') => t.request('/api/uploads', { method: 'POST', cookie, body: photoForm(await photo()), headers: { 'Accept-Language': lang } });

  it('refuses an upload with a 503 in plain words, naming nothing of the store, and writes no row', async () => {
    const kept = await upload(customer.cookie);
    expect(kept.status).toBe(201);
    const rowsBefore = await uploadRows(t);
    const objectsBefore = await s3.keys();

    await s3.stop();
    try {
      const refused = await upload(customer.cookie);
      expect(refused.status).toBe(503);
      const text = await refused.text();
      expect(JSON.parse(text)).toEqual(STORAGE_DOWN_EN);
      for (const internal of [s3.bucket, s3.endpoint, String(new URL(s3.endpoint).port), 'ECONNREFUSED', 'S3', 'uploads/']) expect(text).not.toContain(internal);
      const spanish = await upload(undefined, 'es');
      expect(spanish.status).toBe(503);
      expect((await spanish.json()).message).toBe('No podemos guardar ni mostrar fotos en este momento. Inténtelo de nuevo en unos minutos.');
      expect(await uploadRows(t)).toBe(rowsBefore);
    } finally {
      await s3.start();
    }
    expect(await s3.keys()).toEqual(objectsBefore);
    expect((await upload(customer.cookie)).status).toBe(201);
  });

  it('answers 503 for a photo while S3 is down, and serves it again once S3 is back', async () => {
    const sent = await upload(customer.cookie);
    const { id } = (await sent.json()) as { id: string };
    await s3.stop();
    try {
      const response = await t.request(`/api/uploads/${id}`, { cookie: customer.cookie });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual(STORAGE_DOWN_EN);
    } finally {
      await s3.start();
    }
    expect((await t.request(`/api/uploads/${id}`, { cookie: customer.cookie })).status).toBe(200);
  });

  it('keeps abandoned uploads, rows and objects, while S3 is down, and removes both once it is back', async () => {
    t.setNow(NOW);
    const { id } = (await (await upload(customer.cookie)).json()) as { id: string };
    const key = `uploads/${(await storageKeyOf(t, id))!}`;
    t.setNow(new Date(NOW.getTime() + 48 * HOUR));
    try {
      await s3.stop();
      try {
        await expect(removeAbandonedUploads(t.deps)).rejects.toBeInstanceOf(UploadStorageUnavailableError);
      } finally {
        await s3.start();
      }
      expect(await storageKeyOf(t, id)).not.toBeNull();
      expect(await s3.objectExists(key)).toBe(true);

      expect(await removeAbandonedUploads(t.deps)).toBeGreaterThanOrEqual(1);
      expect(await storageKeyOf(t, id)).toBeNull();
      expect(await s3.objectExists(key)).toBe(false);
    } finally {
      t.setNow(NOW);
    }
  });
});

describe(`two app instances with the same S3 settings (${databaseKind})`, () => {
  let s3: LocalS3;
  let t: TestApp;
  const dirs: string[] = [];

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApp({ now: NOW, env: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A second instance on the same database: its own configuration (its own DATA_DIR, so its own
   * disk) and its own upload storage built from it.
   */
  async function secondInstance(env: Record<string, string>) {
    const dataDir = path.join(os.tmpdir(), `handyman-second-${randomBytes(6).toString('hex')}`);
    dirs.push(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
    const uploadStorage = await createUploadStorage(config, createLogger('silent'));
    const app = createApp({ ...t.deps, config, uploadStorage });
    return {
      uploadStorage,
      request: (pathname: string, init: RequestInit & { cookie?: string } = {}) => {
        const headers = new Headers(init.headers);
        headers.set('Origin', config.publicUrl);
        if (init.cookie) headers.set('Cookie', init.cookie);
        return Promise.resolve(app.request(pathname, { ...init, headers }));
      },
    };
  }

  it("serve each other's uploads; instances keeping uploads on their own disks could not", async () => {
    const b = await secondInstance(s3.env);
    const { cookie } = await t.signUp();
    try {
      const throughA = await t.request('/api/uploads', { method: 'POST', cookie, body: photoForm(await photo('#aa3300')) });
      expect(throughA.status).toBe(201);
      const a1 = (await throughA.json()) as { id: string };
      const onA = Buffer.from(await (await t.request(`/api/uploads/${a1.id}`, { cookie })).arrayBuffer());
      const onB = await b.request(`/api/uploads/${a1.id}`, { cookie });
      expect(onB.status).toBe(200);
      expect(Buffer.from(await onB.arrayBuffer()).equals(onA)).toBe(true);

      const throughB = await b.request('/api/uploads', { method: 'POST', cookie, body: photoForm(await photo('#0033aa')) });
      expect(throughB.status).toBe(201);
      const b1 = (await throughB.json()) as { id: string };
      expect((await t.request(`/api/uploads/${b1.id}`, { cookie })).status).toBe(200);

      // the same pair on disk storage, each with its own DATA_DIR: B has no file of A's upload
      const diskB = await secondInstance({});
      expect(diskB.uploadStorage).toBeInstanceOf(DiskUploadStorage);
      expect((await diskB.request(`/api/uploads/${a1.id}`, { cookie })).status).toBe(404);
    } finally {
      b.uploadStorage.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('serve each other\'s uploads as two runtimes on one PostgreSQL', async () => {
    const two = await startTwoInstances({ now: NOW, env: s3.env });
    try {
      const signUp = await two.a.request('/api/auth/sign-up/email', { method: 'POST', json: { email: `two-${randomBytes(4).toString('hex')}@example.com`, password: 'correct-horse-9', name: 'Two Instances' } });
      expect(signUp.status).toBe(200);
      const cookie = sessionCookie(signUp);
      const sent = await two.a.request('/api/uploads', { method: 'POST', cookie, body: photoForm(await photo('#55aa00')) });
      expect(sent.status).toBe(201);
      const { id, sizeBytes } = (await sent.json()) as { id: string; sizeBytes: number };
      const served = await two.b.request(`/api/uploads/${id}`, { cookie });
      expect(served.status).toBe(200);
      expect((await served.arrayBuffer()).byteLength).toBe(sizeBytes);
      expect(fs.existsSync(path.join(two.config.dataDir, 'uploads'))).toBe(false);
    } finally {
      await two.close();
    }
  });
});

describe('S3 settings (issue #16)', () => {
  const base = { S3_BUCKET: 'tampa-handyman-uploads', S3_REGION: 'us-east-1' };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('keeps uploads on disk unless a bucket is set', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig(base).s3).toEqual({ bucket: 'tampa-handyman-uploads', region: 'us-east-1', endpoint: null, forcePathStyle: false, credentials: null });
    expect(loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'minio', S3_SECRET_ACCESS_KEY: 'minio-secret' }).s3).toEqual({
      bucket: 'tampa-handyman-uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
  });

  it('names what is missing or bad', () => {
    expect(problemsOf({ S3_BUCKET: 'uploads' })).toMatch(/S3_BUCKET \/ S3_REGION: set both or neither/);
    expect(problemsOf({ ...base, S3_ACCESS_KEY_ID: 'AKIA0000' })).toMatch(/S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: set both or neither/);
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })).toMatch(/S3_ENDPOINT \/ S3_FORCE_PATH_STYLE: only used with S3_BUCKET and S3_REGION/);
    expect(problemsOf({ ...base, S3_BUCKET: 'Uploads_Bucket' })).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(problemsOf({ ...base, S3_ENDPOINT: 'minio:9000' })).toMatch(/S3_ENDPOINT: must be an http\(s\) URL/);
    expect(problemsOf({ ...base, S3_FORCE_PATH_STYLE: 'yes' })).toMatch(/S3_FORCE_PATH_STYLE: must be true or false/);
  });
});
