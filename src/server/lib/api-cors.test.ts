/**
 * The mobile apps reach the API on another origin (issue #15, docs/decisions/025): CORS for the
 * apps' origins only with MOBILE_APP_ORIGINS=true, and a session cookie the WebView sends across
 * sites (SameSite=None; Secure). Through the real app, as the apps' WebViews would call it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_APP_ORIGIN_LIST } from '../config';
import { createTestApp, databaseKind, sessionCookie, type TestApp } from '../test/test-app';

const PASSWORD = 'correct-horse-9';

/** A request as a page on `origin` sends it (the test app's own helper always sends our origin). */
function fromOrigin(t: TestApp, origin: string, path: string, init: { method?: string; headers?: Record<string, string>; json?: unknown; cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Origin', origin);
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  return t.app.request(path, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
}

/** The preflight a browser sends before a JSON POST with an idempotency key. */
const preflight = (t: TestApp, origin: string, path = '/api/bookings') =>
  fromOrigin(t, origin, path, {
    method: 'OPTIONS',
    headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,accept-language,idempotency-key' },
  });

const corsHeadersOf = (response: Response) => [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));

describe(`API CORS and cookies for the mobile apps (${databaseKind})`, () => {
  describe('with MOBILE_APP_ORIGINS=true', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { MOBILE_APP_ORIGINS: 'true' } });
    });
    afterAll(() => t?.close());

    for (const origin of MOBILE_APP_ORIGIN_LIST) {
      it(`answers a preflight from ${origin} with that origin, credentials, the client's methods and headers`, async () => {
        const response = await preflight(t, origin);
        expect(response.status).toBe(204);
        expect(response.headers.get('access-control-allow-origin')).toBe(origin);
        expect(response.headers.get('access-control-allow-credentials')).toBe('true');
        const methods = response.headers.get('access-control-allow-methods')!.split(',');
        expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
        const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase().split(',');
        expect(allowed).toEqual(expect.arrayContaining(['content-type', 'accept', 'accept-language', 'idempotency-key', 'last-event-id']));
        expect(response.headers.get('vary')).toMatch(/origin/i);
      });
    }

    it('adds the CORS headers to the answer itself, never "*"', async () => {
      const response = await fromOrigin(t, 'capacitor://localhost', '/api/settings/public');
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      expect(response.headers.get('vary')).toMatch(/origin/i);
    });

    it('gives an untrusted origin no CORS headers, and still refuses its writes', async () => {
      const pre = await preflight(t, 'https://evil.example');
      expect(corsHeadersOf(pre)).toEqual([]);
      const read = await fromOrigin(t, 'https://evil.example', '/api/settings/public');
      expect(read.status).toBe(200);
      expect(corsHeadersOf(read)).toEqual([]);
      const { cookie } = await t.signUp();
      const write = await fromOrigin(t, 'https://evil.example', '/api/account/preferences', { method: 'PUT', cookie, json: { email: false, sms: true } });
      expect(write.status).toBe(403);
      expect((await write.json()).code).toBe('cross_site_request');
    });

    for (const origin of MOBILE_APP_ORIGIN_LIST) {
      it(`signs in from ${origin} with a SameSite=None; Secure cookie that then works on cross-origin calls`, async () => {
        const { email } = await t.signUp();
        const signIn = await fromOrigin(t, origin, '/api/auth/sign-in/email', { method: 'POST', json: { email, password: PASSWORD } });
        expect(signIn.status).toBe(200);
        expect(signIn.headers.get('access-control-allow-origin')).toBe(origin);
        const session = signIn.headers.getSetCookie().find((c) => /session_token=/.test(c));
        expect(session).toMatch(/;\s*SameSite=None/i);
        expect(session).toMatch(/;\s*Secure/i);
        expect(session).toMatch(/;\s*HttpOnly/i);

        const cookie = sessionCookie(signIn);
        const me = await fromOrigin(t, origin, '/api/me', { cookie });
        expect(me.headers.get('access-control-allow-origin')).toBe(origin);
        expect((await me.json()).user.email).toBe(email);

        // a write from the app passes the cross-site check with this cookie
        const saved = await fromOrigin(t, origin, '/api/account/preferences', { method: 'PUT', cookie, json: { email: false, sms: true } });
        expect(saved.status).toBe(200);
      });
    }

    it('sets the guest upload cookie SameSite=None; Secure too, and lets the apps show photos (CORP cross-origin)', async () => {
      const form = new FormData();
      form.append('file', new File([PNG], 'photo.png', { type: 'image/png' }));
      const upload = await t.app.request('/api/uploads', { method: 'POST', headers: { Origin: 'capacitor://localhost' }, body: form });
      expect(upload.status).toBe(201);
      expect(upload.headers.getSetCookie().join('\n')).toMatch(/SameSite=None[^\n]*Secure|Secure[^\n]*SameSite=None/i);
      const { id } = (await upload.json()) as { id: string };
      const photo = await t.app.request(`/api/uploads/${id}`, { headers: { Cookie: sessionCookie(upload) } });
      expect(photo.status).toBe(200);
      expect(photo.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    });
  });

  describe('without MOBILE_APP_ORIGINS', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    for (const origin of MOBILE_APP_ORIGIN_LIST) {
      it(`gives ${origin} no CORS headers and refuses its signed-in writes`, async () => {
        expect(corsHeadersOf(await preflight(t, origin))).toEqual([]);
        expect(corsHeadersOf(await fromOrigin(t, origin, '/api/settings/public'))).toEqual([]);
        const { cookie } = await t.signUp();
        const write = await fromOrigin(t, origin, '/api/account/preferences', { method: 'PUT', cookie, json: { email: false, sms: true } });
        expect(write.status).toBe(403);
        expect(corsHeadersOf(write)).toEqual([]);
      });
    }

    it('keeps the web app\'s session cookie SameSite=Lax and photos same-origin', async () => {
      const { email } = await t.signUp();
      const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: PASSWORD } });
      const session = signIn.headers.getSetCookie().find((c) => /session_token=/.test(c));
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).not.toMatch(/SameSite=None/i);
      expect((await t.request('/api/settings/public')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
    });
  });
});

/** A 1x1 transparent PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));
