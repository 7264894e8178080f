/**
 * Images in chats through the API (issue #13), on both databases: a message carries an upload of
 * its sender (someone else's, or none: 422 with a translated message), answers it as
 * `attachment: { id, url, contentType }`, and the url serves the image to the conversation's
 * participants only (an internal note's image to admins only; anyone else 404). A retried send
 * compares the image too, and the upload cleanup never removes an image a message refers to.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { seedBooking } from '../../realtime/testing/booking-fixtures';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { removeAbandonedUploads } from '../uploads/upload-cleanup';
import { makeWorker } from '../workers/worker-defaults';

const NOW = new Date('2026-11-21T15:00:00Z');
const HOUR = 3600_000;

interface Caller {
  cookie: string;
  userId: string;
}

describe(`chat attachments (${databaseKind})`, () => {
  let t: TestApp;
  let customer: Caller;
  let other: Caller;
  let worker: Caller;
  let admin: Caller;
  let chatId: string;
  let photo: Buffer;
  let n = 0;

  const ok = async (response: Response | Promise<Response>, status = 200) => {
    const r = await response;
    const text = await r.text();
    expect(r.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const send = (cookie: string | undefined, id: string, json: unknown, key = `attach-test-${++n}`) =>
    t.request(`/api/chats/${id}/messages`, { method: 'POST', cookie, json, headers: { 'Idempotency-Key': key } });
  /** Uploads the test photo; returns its id and the upload_owner cookie a signed-out uploader gets. */
  const upload = async (cookie?: string) => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
    const response = await t.request('/api/uploads', { method: 'POST', cookie, body: form });
    const body = await ok(response, 201);
    const owner = response.headers.getSetCookie().find((c) => c.startsWith('upload_owner='))?.split(';')[0];
    return { id: body.id as string, ownerCookie: owner };
  };
  const image = (cookie: string | undefined, url: string) => t.request(url, { cookie });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2b5a8a' } }).jpeg().toBuffer();
    customer = await t.signUp();
    other = await t.signUp();
    worker = await t.signUp();
    admin = await t.signUp();
    await makeWorker(t.deps.db, worker.userId);
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const booking = await seedBooking(t.deps.db, customer.userId, { status: 'confirmed', workerId: worker.userId });
    chatId = (await ok(t.request('/api/chats', { method: 'POST', cookie: customer.cookie, json: { bookingId: booking.id } }), 201)).id;
  });
  afterAll(() => t?.close());

  it('sends an upload of the sender as an image, with or without text', async () => {
    const mine = await upload(customer.cookie);
    const message = await ok(send(customer.cookie, chatId, { attachmentId: mine.id }), 201);
    expect(message).toMatchObject({ body: '', attachment: { id: mine.id, url: `/api/chats/${chatId}/attachments/${mine.id}`, contentType: 'image/jpeg' } });
    const withText = await ok(send(customer.cookie, chatId, { body: 'This wall', attachmentId: (await upload(customer.cookie)).id }), 201);
    expect(withText.body).toBe('This wall');
    const list = await ok(t.request(`/api/chats/${chatId}/messages`, { cookie: admin.cookie }));
    expect(list.messages.find((m: { id: string }) => m.id === message.id).attachment.id).toBe(mine.id);
    const summary = (await ok(t.request('/api/chats', { cookie: customer.cookie }))).conversations.find((c: { id: string }) => c.id === chatId);
    expect(summary.lastMessage.attachment).toMatchObject({ id: withText.attachment.id, contentType: 'image/jpeg' });
  });

  it("refuses someone else's upload, or one that does not exist, with 422 in the caller's language", async () => {
    const theirs = await upload(other.cookie);
    const refused = await ok(send(customer.cookie, chatId, { body: 'Look', attachmentId: theirs.id }), 422);
    expect(refused).toMatchObject({ code: 'attachment_invalid', message: 'Please attach a photo you uploaded.' });
    const spanish = await t.request(`/api/chats/${chatId}/messages`, { method: 'POST', cookie: customer.cookie, json: { attachmentId: crypto.randomUUID() }, headers: { 'Idempotency-Key': `attach-test-${++n}`, 'Accept-Language': 'es' } });
    expect(await ok(spanish, 422)).toMatchObject({ code: 'attachment_invalid', message: 'Adjunta una foto que hayas subido.' });
    const malformed = await ok(send(customer.cookie, chatId, { attachmentId: 'not-a-uuid' }), 400);
    expect(Object.keys(malformed.details)).toEqual(['attachmentId']);
    const empty = await ok(send(customer.cookie, chatId, {}), 400);
    expect(empty.details).toEqual({ body: 'Please write a message.' });
    // a signed-out guest's photo is theirs by the upload cookie, and nobody else's
    const guestResponse = await t.request('/api/chats/guest', { method: 'POST', json: { name: 'Gus', email: 'gus@example.com' } });
    const guestChat = (await ok(guestResponse, 201)).id;
    const guestCookie = guestResponse.headers.getSetCookie().find((c) => c.startsWith('chat_guest='))!.split(';')[0]!;
    const guestPhoto = await upload();
    await ok(send(guestCookie, guestChat, { attachmentId: guestPhoto.id }), 422); // without the upload cookie it is nobody's of theirs
    const sent = await ok(send(`${guestCookie}; ${guestPhoto.ownerCookie}`, guestChat, { attachmentId: guestPhoto.id }), 201);
    expect(sent).toMatchObject({ senderRole: 'guest', attachment: { id: guestPhoto.id } });
    await ok(send(`${guestCookie}; ${guestPhoto.ownerCookie}`, guestChat, { attachmentId: theirs.id }), 422);
    const served = await image(guestCookie, sent.attachment.url);
    expect(served.status).toBe(200);
    await ok(send(customer.cookie, chatId, { attachmentId: guestPhoto.id }), 422);
  });

  it('compares the image when a send is retried with the same key', async () => {
    const a = await upload(customer.cookie);
    const b = await upload(customer.cookie);
    const first = await ok(send(customer.cookie, chatId, { body: 'Photo', attachmentId: a.id }, 'attach-retry'), 201);
    expect((await ok(send(customer.cookie, chatId, { body: 'Photo', attachmentId: a.id }, 'attach-retry'), 200)).id).toBe(first.id);
    expect((await ok(send(customer.cookie, chatId, { body: 'Photo', attachmentId: b.id }, 'attach-retry'), 422)).code).toBe('idempotency_key_reused');
    expect((await ok(send(customer.cookie, chatId, { body: 'Photo' }, 'attach-retry'), 422)).code).toBe('idempotency_key_reused');
  });

  it("serves the image to the conversation's participants only, like an upload", async () => {
    const shot = await upload(customer.cookie);
    const message = await ok(send(customer.cookie, chatId, { attachmentId: shot.id }), 201);
    for (const who of [customer, worker, admin]) {
      const response = await image(who.cookie, message.attachment.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(response.headers.get('content-disposition')).toBe('inline');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    expect((await image(other.cookie, message.attachment.url)).status).toBe(404);
    expect((await image(undefined, message.attachment.url)).status).toBe(401);
    expect((await image('chat_guest=forged-token', message.attachment.url)).status).toBe(404);
    // an upload no message of this conversation carries, even the participant's own
    const unsent = await upload(customer.cookie);
    expect((await image(customer.cookie, `/api/chats/${chatId}/attachments/${unsent.id}`)).status).toBe(404);
    // an image in an internal note: admins only
    const adminShot = await upload(admin.cookie);
    const note = await ok(send(admin.cookie, chatId, { body: 'Damage on arrival', attachmentId: adminShot.id, internal: true }), 201);
    expect((await image(admin.cookie, note.attachment.url)).status).toBe(200);
    expect((await image(customer.cookie, note.attachment.url)).status).toBe(404);
    expect((await image(worker.cookie, note.attachment.url)).status).toBe(404);
  });

  it('keeps the images messages refer to when the upload cleanup runs', async () => {
    const kept = await upload(customer.cookie);
    const unused = await upload(customer.cookie);
    const message = await ok(send(customer.cookie, chatId, { attachmentId: kept.id }), 201);
    t.setNow(new Date(NOW.getTime() + 25 * HOUR));
    try {
      await removeAbandonedUploads(t.deps);
      expect((await t.request(`/api/uploads/${unused.id}`, { cookie: customer.cookie })).status).toBe(404);
      expect((await t.request(`/api/uploads/${kept.id}`, { cookie: customer.cookie })).status).toBe(200);
      expect((await image(worker.cookie, message.attachment.url)).status).toBe(200);
    } finally {
      t.setNow(NOW);
    }
  });
});

