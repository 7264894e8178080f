/**
 * Issue #10: state-changing requests to our own routes come from our pages with JSON bodies.
 * A foreign page can make a browser send a POST with the user's cookie, an `Origin` of its own
 * and a text/plain body without asking first; those are refused before anything runs. Requests
 * are sent with `t.app.request` and exactly the headers given (`t.request` adds our Origin).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';
import { moneyActors, TV_OPTIONS, type Caller } from '../test/money-actors';

// Saturday 2026-11-21 10:00 Tampa; the booking is for Monday 10:00.
const NOW = new Date('2026-11-21T15:00:00Z');
const EVIL = 'https://evil.example';

describe(`cross-site requests to our API (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  let customer: Caller & { email: string };
  let bookingId: string;

  /** A request with exactly these headers (cookie aside). */
  const send = (path: string, init: { method: string; cookie?: string; headers?: Record<string, string>; body?: BodyInit }) =>
    t.app.request(path, { method: init.method, headers: { ...(init.cookie ? { Cookie: init.cookie } : {}), ...init.headers }, body: init.body });
  const roleOf = async (userId: string) => {
    const { users } = await (await t.request(`/api/admin/users?q=${encodeURIComponent(customer.email)}`, { cookie: admin.cookie })).json();
    return users.find((u: { id: string }) => u.id === userId).role as string;
  };
  const profile = async () => (await (await t.request('/api/me', { cookie: customer.cookie })).json()).profile;
  const preferences = async () => (await t.request('/api/account/preferences', { cookie: customer.cookie })).json();
  const bookingStatus = async () => (await (await t.request(`/api/bookings/${bookingId}`, { cookie: customer.cookie })).json()).status as string;

  async function expectRefused(response: Response, status: 403 | 415, lang: 'en' | 'es' = 'en') {
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body.code).toBe(status === 403 ? 'cross_site_request' : 'unsupported_media_type');
    expect(body.message).toBe(
      status === 403
        ? lang === 'es'
          ? 'Esta solicitud no vino de nuestro sitio web, así que se rechazó. Vuelva a cargar la página e inténtelo de nuevo.'
          : "This request didn't come from our website, so it was refused. Please reload the page and try again."
        : 'This request must be sent as JSON.',
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.addWorkers(1);
    const money = moneyActors(t);
    admin = await money.admin();
    customer = await t.signUp('carla@example.com');
    bookingId = (await money.booked(customer.cookie, TV_OPTIONS, '2026-11-23T15:00:00.000Z')).id;
  });
  afterAll(() => t?.close());

  describe('a foreign Origin is 403 and changes nothing', () => {
    it('PATCH /api/admin/users/{id}/role with text/plain JSON from another site', async () => {
      const response = await send(`/api/admin/users/${customer.userId}/role`, {
        method: 'PATCH',
        cookie: admin.cookie,
        headers: { Origin: EVIL, 'Content-Type': 'text/plain' },
        body: JSON.stringify({ role: 'admin' }),
      });
      await expectRefused(response, 403);
      expect(await roleOf(customer.userId)).toBe('user');
    });

    it('the same with a JSON content type is still refused', async () => {
      const response = await send(`/api/admin/users/${customer.userId}/role`, {
        method: 'PATCH',
        cookie: admin.cookie,
        headers: { Origin: EVIL, 'Content-Type': 'application/json', 'Accept-Language': 'es' },
        body: JSON.stringify({ role: 'admin' }),
      });
      await expectRefused(response, 403, 'es');
      expect(await roleOf(customer.userId)).toBe('user');
    });

    it('POST /api/bookings/{id}/cancel from another site', async () => {
      const attempts: Record<string, string>[] = [{ Origin: EVIL }, { Origin: EVIL, 'Content-Type': 'text/plain' }, { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' }];
      for (const headers of attempts) {
        await expectRefused(await send(`/api/bookings/${bookingId}/cancel`, { method: 'POST', cookie: customer.cookie, headers }), 403);
      }
      expect(await bookingStatus()).toBe('pending');
    });

    it('a trusted origin on another port, or our host over another scheme, is foreign too', async () => {
      for (const origin of ['http://localhost:3001', 'https://localhost:3000', 'http://localhost:3000.evil.example']) {
        const response = await send('/api/me/profile', { method: 'PATCH', cookie: customer.cookie, headers: { Origin: origin, 'Content-Type': 'application/json' }, body: JSON.stringify({ full_name: 'Hijacked' }) });
        await expectRefused(response, 403);
      }
      expect((await profile()).full_name).not.toBe('Hijacked');
    });
  });

  describe('a missing or null Origin is 403 unless the browser says same-origin', () => {
    const json = { 'Content-Type': 'application/json' };

    it('PATCH /api/me/profile', async () => {
      const body = JSON.stringify({ full_name: 'Hijacked' });
      await expectRefused(await send('/api/me/profile', { method: 'PATCH', cookie: customer.cookie, headers: json, body }), 403);
      await expectRefused(await send('/api/me/profile', { method: 'PATCH', cookie: customer.cookie, headers: { ...json, Origin: 'null' }, body }), 403);
      await expectRefused(await send('/api/me/profile', { method: 'PATCH', cookie: customer.cookie, headers: { ...json, 'Sec-Fetch-Site': 'same-site' }, body }), 403);
      expect((await profile()).full_name).not.toBe('Hijacked');
    });

    it('PUT /api/account/preferences', async () => {
      const before = await preferences();
      const body = JSON.stringify({ email: !before.email, sms: !before.sms });
      await expectRefused(await send('/api/account/preferences', { method: 'PUT', cookie: customer.cookie, headers: json, body }), 403);
      await expectRefused(await send('/api/account/preferences', { method: 'PUT', cookie: customer.cookie, headers: { ...json, Origin: 'null' }, body }), 403);
      expect(await preferences()).toEqual(before);
    });

    it('Sec-Fetch-Site: same-origin without an Origin is our page, and works', async () => {
      const response = await send('/api/me/profile', { method: 'PATCH', cookie: customer.cookie, headers: { ...json, 'Sec-Fetch-Site': 'same-origin' }, body: JSON.stringify({ full_name: 'Carla Same-Origin' }) });
      expect(response.status).toBe(200);
      expect((await profile()).full_name).toBe('Carla Same-Origin');
    });
  });

  describe('from our origin, a body that is not JSON is 415', () => {
    const origin = () => ({ Origin: t.config.publicUrl });

    it('text/plain, a form post, multipart outside uploads, or a body with no content type', async () => {
      const body = JSON.stringify({ role: 'admin' });
      const path = `/api/admin/users/${customer.userId}/role`;
      for (const contentType of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
        await expectRefused(await send(path, { method: 'PATCH', cookie: admin.cookie, headers: { ...origin(), 'Content-Type': contentType }, body }), 415);
      }
      const form = new FormData();
      form.set('role', 'admin');
      await expectRefused(await send(path, { method: 'PATCH', cookie: admin.cookie, headers: origin(), body: form }), 415);
      // a Blob without a type is sent with no Content-Type at all
      await expectRefused(await send(path, { method: 'PATCH', cookie: admin.cookie, headers: origin(), body: new Blob([body]) }), 415);
      expect(await roleOf(customer.userId)).toBe('user');
    });

    it('multipart is accepted on POST /api/uploads (the upload itself decides on the file)', async () => {
      const form = new FormData();
      form.set('file', new File(['not an image'], 'photo.png', { type: 'image/png' }));
      const response = await send('/api/uploads', { method: 'POST', cookie: customer.cookie, headers: origin(), body: form });
      expect([403, 415]).not.toContain(response.status);
      expect((await response.json()).code).not.toMatch(/cross_site_request|unsupported_media_type/);
    });
  });

  describe('our own requests still work', () => {
    it('JSON from our origin (what the web client sends)', async () => {
      const response = await t.request('/api/account/preferences', { method: 'PUT', cookie: customer.cookie, json: { email: true, sms: false } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ email: true, sms: false });
    });

    it('an action without a body needs no content type', async () => {
      const other = await t.signUp();
      const disable = await send(`/api/admin/users/${other.userId}/disable`, { method: 'POST', cookie: admin.cookie, headers: { Origin: t.config.publicUrl } });
      expect(disable.status).toBe(200);
      const enable = await send(`/api/admin/users/${other.userId}/enable`, { method: 'POST', cookie: admin.cookie, headers: { Origin: t.config.publicUrl, 'Content-Length': '0' } });
      expect(enable.status).toBe(200);
    });

    it('an origin listed in TRUSTED_ORIGINS (a mobile app shell, say) is ours', async () => {
      const withApp = await createTestApp({ env: { TRUSTED_ORIGINS: 'capacitor://localhost' } });
      try {
        const user = await withApp.signUp();
        const response = await withApp.app.request('/api/account/preferences', {
          method: 'PUT',
          headers: { Cookie: user.cookie, Origin: 'capacitor://localhost', 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: false, sms: false }),
        });
        expect(response.status).toBe(200);
      } finally {
        await withApp.close();
      }
    });

    it('reads are not affected', async () => {
      const response = await send('/api/account/preferences', { method: 'GET', cookie: customer.cookie, headers: { Origin: EVIL } });
      expect(response.status).toBe(200);
    });

    it("the payment gateway's webhook is server-to-server: no Origin needed", async () => {
      const response = await send('/api/payments/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=bad' }, body: '{}' });
      expect([403, 415]).not.toContain(response.status);
    });

    it('/api/auth/* is left to Better Auth, which checks origins itself', async () => {
      // (Better Auth skips that check under NODE_ENV=test, so only our side is visible here.)
      const response = await send('/api/auth/sign-in/email', { method: 'POST', headers: { Origin: EVIL, 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }) });
      expect((await response.json()).code).not.toBe('cross_site_request');
    });
  });
});
