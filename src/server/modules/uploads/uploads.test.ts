import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { removeAbandonedUploads } from './upload-cleanup';
import { UPLOAD_LIMITS } from './upload-quota';

// Saturday 2026-11-21 10:00 in Tampa (EST, UTC-5); Sunday 10:00 is an offered start.
const NOW = new Date('2026-11-21T15:00:00Z');
const START = '2026-11-22T15:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };

/** A plain photo, as a phone would send it (JPEG by default). */
function photo(width = 64, height = 48, format: 'jpeg' | 'png' = 'jpeg') {
  const image = sharp({ create: { width, height, channels: 3, background: '#8a5a2b' } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** Only the magic bytes of a PNG and its header chunk, no pixels: 37 bytes. */
const PNG_MAGIC_ONLY = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c489' + '00000000', 'hex');

const draftCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith('upload_owner='))
    ?.split(';')[0];

/** The HTTP helpers every describe block here uses, on its own app. */
function uploadClient(getApp: () => TestApp) {
  let addressCounter = 0;
  return {
    /** A fresh IP address (TRUST_PROXY is on), so guest quotas of different tests do not meet. */
    newAddress: () => `203.0.113.${++addressCounter}`,
    upload(bytes: Buffer | string, options: { cookie?: string; ip?: string; lang?: string; name?: string; type?: string } = {}) {
      const form = new FormData();
      form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], options.name ?? 'photo.jpg', { type: options.type ?? 'image/jpeg' }));
      const headers: Record<string, string> = { 'X-Forwarded-For': options.ip ?? '198.51.100.1', 'Accept-Language': options.lang ?? 'en' };
      return getApp().request('/api/uploads', { method: 'POST', body: form, cookie: options.cookie, headers });
    },
    async storedBytes(id: string, cookie: string) {
      const response = await getApp().request(`/api/uploads/${id}`, { cookie });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    },
    async addCard(cookie: string) {
      const response = await getApp().request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie, json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    },
    bookFurniture(photoUploadId: string, cookie: string, paymentMethodId: string) {
      return getApp().request('/api/bookings', {
        method: 'POST',
        cookie,
        headers: { 'Idempotency-Key': `uploads-test-${photoUploadId}` },
        json: { options: { service: 'furniture-assembly', photoUploadId, estimatedHours: 1 }, address, contactPhone: '(813) 555-0123', startAt: START, paymentMethodId },
      });
    },
  };
}

describe(`uploads API (${databaseKind})`, () => {
  let t: TestApp;
  const client = uploadClient(() => t);
  const { upload } = client;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { TRUST_PROXY: 'true' } });
    await t.addWorkers(5);
  });
  afterAll(() => t?.close());

  describe('what is stored', () => {
    it('keeps a real photo as our own JPEG: upright, at most 2560 px, without its EXIF (camera, GPS position)', async () => {
      const original = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#8a5a2b' } })
        .withExif({ IFD0: { Make: 'AcmePhone', Model: 'Pocket 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '27/1 57/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '82/1 27/1 0/1' } })
        .withMetadata({ orientation: 6 }) // taken with the phone turned: shown upright it is 1500 x 3000
        .jpeg({ quality: 95 })
        .toBuffer();
      expect((await sharp(original).metadata()).exif).toBeDefined();

      const response = await upload(original, { ip: client.newAddress() });
      expect(response.status).toBe(201);
      const body = await response.json();
      const cookie = draftCookieOf(response)!;
      const stored = await client.storedBytes(body.id, cookie);
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 2560, space: 'srgb' });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes('AcmePhone')).toBe(false);
      expect(body).toEqual({ id: body.id, contentType: 'image/jpeg', sizeBytes: stored.length });
    });

    it('accepts a PNG screenshot and stores it as a JPEG of the same size', async () => {
      const response = await upload(await photo(40, 30, 'png'), { name: 'licence.png', type: 'image/png', ip: client.newAddress() });
      expect(response.status).toBe(201);
      const { id } = await response.json();
      const meta = await sharp(await client.storedBytes(id, draftCookieOf(response)!)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    });

    it('refuses a 37-byte file that only has the magic bytes of an image, in the caller’s language', async () => {
      expect(PNG_MAGIC_ONLY.length).toBe(37);
      const english = await upload(PNG_MAGIC_ONLY, { name: 'couch.png', type: 'image/png' });
      expect(english.status).toBe(400);
      expect(await english.json()).toEqual({
        message: 'Please upload a photo (JPEG, PNG, WebP, GIF or HEIC).',
        code: 'validation_failed',
        details: { file: 'Please upload a photo (JPEG, PNG, WebP, GIF or HEIC).' },
        hint: null,
      });
      const spanish = await upload(PNG_MAGIC_ONLY, { name: 'couch.png', type: 'image/png', lang: 'es' });
      expect((await spanish.json()).details.file).toBe('Por favor, suba una foto (JPEG, PNG, WebP, GIF o HEIC).');

      const jpegHeaderOnly = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(17)]);
      expect((await upload(jpegHeaderOnly)).status).toBe(400);
      const noisy = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg().toBuffer();
      expect((await upload(noisy.subarray(0, noisy.length / 2))).status).toBe(400);
    });

    it('refuses an image whose header claims more than 100 megapixels (a decompression bomb) without decoding it', async () => {
      const bomb = await photo(64, 48);
      const frame = bomb.indexOf(Buffer.from([0xff, 0xc0])); // start of frame: length, precision, height, width
      bomb.writeUInt16BE(20000, frame + 5);
      bomb.writeUInt16BE(20000, frame + 7);
      const response = await upload(bomb, { name: 'bomb.jpg' });
      expect(response.status).toBe(400);
      expect((await response.json()).details.file).toBe('This photo has too many pixels (over 100 megapixels). Please choose a smaller one.');
    });

    it('says so when a HEIC photo cannot be opened, instead of calling it "not a photo"', async () => {
      // an ISO-BMFF "ftyp heic" header (what an iPhone's HEIC starts with) and no decodable image
      const ftyp = Buffer.from('00000018667479706865696300000000', 'hex');
      const heic = Buffer.concat([ftyp, Buffer.from('6d69663168656963', 'hex'), Buffer.alloc(64)]);
      const response = await upload(heic, { name: 'IMG_0001.HEIC', type: 'image/heic' });
      expect(response.status).toBe(400);
      expect((await response.json()).details.file).toBe("We can't open HEIC photos yet. Please choose a JPEG or PNG photo.");
    });

    it('answers multipart without a boundary with a 400 and the error body, not a 500', async () => {
      const response = await t.request('/api/uploads', {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data', 'X-Forwarded-For': client.newAddress() },
        body: 'not really a form',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: 'Please choose a photo to upload.',
        code: 'validation_failed',
        details: { file: 'Please choose a photo to upload.' },
        hint: null,
      });

      const broken = await t.request('/api/uploads', {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', 'X-Forwarded-For': client.newAddress() },
        body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nhalf a part',
      });
      expect(broken.status).toBe(400);
      expect((await broken.json()).code).toBe('validation_failed');
    });
  });

  describe('who may upload how much', () => {
    it("keeps a guest's photo to their browser: an HttpOnly cookie on /api that lasts 24 hours", async () => {
      const response = await upload(await photo(), { ip: client.newAddress() });
      expect(response.status).toBe(201);
      const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('upload_owner='))!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/Path=\/api/);
      expect(setCookie).toMatch(/Max-Age=86400/);
      const { id } = await response.json();
      expect((await t.request(`/api/uploads/${id}`, { cookie: draftCookieOf(response) })).status).toBe(200);
      expect((await t.request(`/api/uploads/${id}`)).status).toBe(404);
      const otherGuest = draftCookieOf(await upload(await photo(), { ip: client.newAddress() }));
      expect((await t.request(`/api/uploads/${id}`, { cookie: otherGuest })).status).toBe(404);
    });

    it(`lets a guest's booking draft send ${UPLOAD_LIMITS.draft.perHour} photos an hour, then answers 429 in their language`, async () => {
      const ip = client.newAddress();
      const first = await upload(await photo(), { ip });
      const cookie = draftCookieOf(first)!;
      for (let i = 1; i < UPLOAD_LIMITS.draft.perHour; i++) expect((await upload(await photo(), { ip, cookie })).status).toBe(201);

      const refused = await upload(await photo(), { ip, cookie, lang: 'es' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBe(3600);
      expect(await refused.json()).toEqual({
        message: 'Ha enviado muchas fotos en la última hora. Inténtelo de nuevo en 60 min.',
        code: 'upload_rate_limited',
        details: null,
        hint: null,
      });

      t.setNow(new Date(NOW.getTime() + HOUR + 1000));
      try {
        expect((await upload(await photo(), { ip, cookie })).status).toBe(201);
      } finally {
        t.setNow(NOW);
      }
    });

    it('counts all guests behind one IP address together, however many cookies they take', async () => {
      const ip = client.newAddress();
      for (let i = 0; i < UPLOAD_LIMITS.address.perHour; i++) expect((await upload(await photo(), { ip })).status).toBe(201);
      const refused = await upload(await photo(), { ip });
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toBe("You've sent a lot of photos in the last hour. Please try again in 60 min.");
      expect((await upload(await photo(), { ip: client.newAddress() })).status).toBe(201);
    });

    it(`lets a signed-in user send ${UPLOAD_LIMITS.user.perHour} photos an hour`, async () => {
      const { cookie } = await t.signUp();
      for (let i = 0; i < UPLOAD_LIMITS.user.perHour; i++) expect((await upload(await photo(), { cookie })).status).toBe(201);
      const refused = await upload(await photo(), { cookie });
      expect(refused.status).toBe(429);
      expect((await refused.json()).code).toBe('upload_rate_limited');
      // their limit is theirs: another user on the same address is not affected
      expect((await upload(await photo(), { cookie: (await t.signUp()).cookie })).status).toBe(201);
    });

    it('refuses more unused megabytes than the quota, and room comes back once a photo is used', async () => {
      const applicant = await t.signUp();
      // 40 MB waiting, sent two hours ago (outside the hourly count)
      const [waiting] = await t.deps.db
        .insert(uploads)
        .values({ ownerUserId: applicant.userId, contentType: 'image/jpeg', sizeBytes: UPLOAD_LIMITS.user.unattachedBytes - 100, storageKey: 'seeded.jpg', createdAt: new Date(NOW.getTime() - 2 * HOUR) })
        .returning();
      const refused = await upload(await photo(), { cookie: applicant.cookie });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({
        code: 'upload_quota_exceeded',
        message: "You have too many photos that aren't part of a booking or application yet. Please use the ones you sent, or try again tomorrow.",
      });
      expect(refused.headers.get('Retry-After')).toBeNull();

      const application = await t.request('/api/worker-applications', {
        method: 'POST',
        cookie: applicant.cookie,
        json: { fullName: 'Carla Díaz', phone: '(813) 555-0123', services: ['painting'], yearsExperience: 3, areasServed: 'Seminole Heights', availabilitySummary: 'Weekdays', licenceInsurance: 'Licensed and insured', uploadId: waiting!.id },
      });
      expect(application.status).toBe(201);
      const after = await upload(await photo(), { cookie: applicant.cookie });
      expect(after.status, await after.clone().text()).toBe(201);
    });

    it('lets exactly the limit through when a guest sends many photos at once', async () => {
      const ip = client.newAddress();
      const first = await upload(await photo(), { ip });
      const cookie = draftCookieOf(first)!;
      const image = await photo();
      const statuses = (await Promise.all(Array.from({ length: 14 }, () => upload(image, { ip, cookie })))).map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(UPLOAD_LIMITS.draft.perHour - 1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(14 - (UPLOAD_LIMITS.draft.perHour - 1));
    });
  });

  it('books a furniture assembly with a photo the guest sent before signing up', async () => {
    const sent = await upload(await photo(), { name: 'pax-box.jpg', ip: client.newAddress() });
    expect(sent.status).toBe(201);
    const draft = draftCookieOf(sent)!;
    const { id: photoUploadId } = await sent.json();

    // the Sign In step: a new account, then the card and the booking with the draft's cookie
    const customer = await t.signUp();
    const card = await client.addCard(customer.cookie);
    const booked = await client.bookFurniture(photoUploadId, `${customer.cookie}; ${draft}`, card);
    expect(booked.status).toBe(201);
    expect((await booked.json()).options).toMatchObject({ service: 'furniture-assembly', photoUploadId });
    expect((await t.request(`/api/uploads/${photoUploadId}`, { cookie: customer.cookie })).status).toBe(200);
  });
});

describe(`removing unused uploads (${databaseKind})`, () => {
  let t: TestApp;
  const client = uploadClient(() => t);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { TRUST_PROXY: 'true' } });
    await t.addWorkers(5);
  });
  afterAll(() => t?.close());

  const storedFile = async (id: string) => {
    const [row] = await t.deps.db.select({ storageKey: uploads.storageKey }).from(uploads).where(eq(uploads.id, id));
    return row ? path.join(t.config.dataDir, 'uploads', row.storageKey) : null;
  };

  it('removes, 24 hours on, the uploads no booking or application uses, row and file, and keeps the others', async () => {
    t.setNow(NOW);
    const abandoned = await client.upload(await photo(), { ip: client.newAddress() });
    const abandonedCookie = draftCookieOf(abandoned)!;
    const { id: abandonedId } = await abandoned.json();
    const abandonedFile = (await storedFile(abandonedId))!;
    expect(fs.existsSync(abandonedFile)).toBe(true);

    const customer = await t.signUp();
    const booked = await client.upload(await photo(), { cookie: customer.cookie });
    const { id: bookedId } = await booked.json();
    expect((await client.bookFurniture(bookedId, customer.cookie, await client.addCard(customer.cookie))).status).toBe(201);

    const applicant = await t.signUp();
    const { id: applicationUploadId } = await (await client.upload(await photo(), { cookie: applicant.cookie })).json();
    const application = await t.request('/api/worker-applications', {
      method: 'POST',
      cookie: applicant.cookie,
      json: { fullName: 'Luis Ortega', phone: '(813) 555-0199', services: ['furniture-assembly'], yearsExperience: 5, areasServed: 'Tampa', availabilitySummary: 'Weekends', licenceInsurance: 'Insured', uploadId: applicationUploadId },
    });
    expect(application.status).toBe(201);

    t.setNow(new Date(NOW.getTime() + 23 * HOUR));
    const recent = await client.upload(await photo(), { ip: client.newAddress() });
    const { id: recentId } = await recent.json();

    t.setNow(new Date(NOW.getTime() + 24 * HOUR + 60_000));
    expect(await removeAbandonedUploads(t.deps)).toBe(1);

    expect((await t.request(`/api/uploads/${abandonedId}`, { cookie: abandonedCookie })).status).toBe(404);
    expect(fs.existsSync(abandonedFile)).toBe(false);
    expect((await t.request(`/api/uploads/${bookedId}`, { cookie: customer.cookie })).status).toBe(200);
    expect((await t.request(`/api/uploads/${applicationUploadId}`, { cookie: applicant.cookie })).status).toBe(200);
    expect((await t.request(`/api/uploads/${recentId}`, { cookie: draftCookieOf(recent) })).status).toBe(200);
    expect(await removeAbandonedUploads(t.deps)).toBe(0);
  });

  it('removes each upload once when several processes clean at the same time', async () => {
    t.setNow(NOW);
    const { cookie } = await t.signUp();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await (await client.upload(await photo(), { cookie })).json()).id);
    t.setNow(new Date(NOW.getTime() + 48 * HOUR));
    const counts = await Promise.all([removeAbandonedUploads(t.deps), removeAbandonedUploads(t.deps), removeAbandonedUploads(t.deps)]);
    // the upload left by the first test (sent at +23 h) goes too
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length + 1);
    for (const id of ids) expect(await storedFile(id)).toBeNull();
  });
});
