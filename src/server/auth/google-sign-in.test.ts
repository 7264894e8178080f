import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { disabledUsers, user } from '../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Plays Google's token endpoint (https://oauth2.googleapis.com/token) for one code exchange:
 * answers an ID token for `profile`. Better Auth reads the profile from that token, so no
 * other Google call happens. Everything else still goes to the real fetch.
 */
function stubGoogleTokenEndpoint(profile: { sub: string; email: string; name: string }) {
  const realFetch = globalThis.fetch;
  const exchanges: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith('https://oauth2.googleapis.com/token')) return realFetch(input, init);
    exchanges.push(String(init?.body ?? ''));
    const now = Math.floor(Date.now() / 1000);
    const idToken = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({
      iss: 'https://accounts.google.com',
      aud: 'test-client-id.apps.googleusercontent.com',
      iat: now,
      exp: now + 3600,
      email_verified: true,
      ...profile,
    })}.signature`;
    return Response.json({ access_token: 'google-access-token', id_token: idToken, expires_in: 3599, token_type: 'Bearer', scope: 'openid email profile' });
  });
  return exchanges;
}

/** The cookies a response sets, as one Cookie header (name=value pairs). */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

describe(`Google sign-in (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'test-client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'test-secret' } });
  });
  afterAll(() => t?.close());

  it('is announced in the public settings', async () => {
    expect((await (await t.request('/api/settings/public')).json()).googleSignIn).toBe(true);
  });

  it('answers a Google authorization URL with our client id and callback, keeping where the user came from', async () => {
    const callbackURL = `${t.config.publicUrl}/book/tv-mounting`;
    const response = await t.request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; redirect: boolean };
    const url = new URL(body.url);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('test-client-id.apps.googleusercontent.com');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/auth/callback/google`);
    expect(url.searchParams.get('state')).toBeTruthy();
    // the state cookie ties the callback to this browser
    expect(response.headers.getSetCookie().join()).toMatch(/state/i);
  });

  it('sends a callback without a valid state back with an error instead of signing anyone in', async () => {
    const response = await t.request('/api/auth/callback/google?code=abc&state=forged');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/error=/);
    expect(response.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]+/);
  });

  describe('the callback from Google', () => {
    afterEach(() => vi.unstubAllGlobals());

    /** Starts Google sign-in from `path`, comes back from Google with a code, and returns the callback's answer. */
    async function signInWithGoogle(profile: { sub: string; email: string; name: string }, path = '/book/tv-installation') {
      const start = await t.request('/api/auth/sign-in/social', {
        method: 'POST',
        json: { provider: 'google', callbackURL: `${t.config.publicUrl}${path}`, errorCallbackURL: `${t.config.publicUrl}/auth` },
      });
      const state = new URL(((await start.json()) as { url: string }).url).searchParams.get('state')!;
      const exchanges = stubGoogleTokenEndpoint(profile);
      const callback = await t.request(`/api/auth/callback/google?code=code-from-google&state=${encodeURIComponent(state)}`, { cookie: cookiesOf(start) });
      return { callback, exchanges };
    }

    it('signs a new customer in and sends them back to the page they came from', async () => {
      const { callback, exchanges } = await signInWithGoogle({ sub: 'google-1001', email: 'gina@gmail.com', name: 'Gina Google' });
      expect(exchanges).toHaveLength(1);
      expect(exchanges[0]).toContain('code=code-from-google');
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe(`${t.config.publicUrl}/book/tv-installation`);
      const me = await (await t.request('/api/me', { cookie: cookiesOf(callback) })).json();
      expect(me).toMatchObject({ user: { email: 'gina@gmail.com', name: 'Gina Google' }, profile: { full_name: 'Gina Google' }, role: 'user' });
    });

    it('refuses a disabled account: back to the error page, no session', async () => {
      await signInWithGoogle({ sub: 'google-2002', email: 'dora@gmail.com', name: 'Dora Disabled' });
      const [dora] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, 'dora@gmail.com'));
      await t.deps.db.insert(disabledUsers).values({ userId: dora.id });

      const { callback } = await signInWithGoogle({ sub: 'google-2002', email: 'dora@gmail.com', name: 'Dora Disabled' });
      expect(callback.status).toBe(302);
      const location = new URL(callback.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(`${t.config.publicUrl}/auth`);
      expect(location.searchParams.get('error')).toBe('ACCOUNT_DISABLED');
      expect(callback.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]+/);
    });
  });
});
