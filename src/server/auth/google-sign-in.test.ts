import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';

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
});
