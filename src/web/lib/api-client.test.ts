/**
 * What the server's cross-site check (src/server/lib/cross-site-guard.ts, issue #10) needs from
 * every call the web makes: JSON bodies labelled `application/json`, uploads as multipart
 * (the browser sets the boundary), and actions without a body sent without one. The browser adds
 * `Origin` to these requests by itself.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-client';

function stubFetch() {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

const contentTypeOf = (init: RequestInit) => (init.headers as Record<string, string>)['Content-Type'];

describe('apiFetch request bodies', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a body as JSON labelled application/json, for every writing method', async () => {
    const calls = stubFetch();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) await apiFetch('/api/x', { method, body: { a: 1 } });
    for (const { init } of calls) {
      expect(contentTypeOf(init)).toBe('application/json');
      expect(init.body).toBe('{"a":1}');
      expect(init.credentials).toBe('same-origin');
    }
  });

  it('sends an action without a body with neither a body nor a content type', async () => {
    const calls = stubFetch();
    await apiFetch('/api/admin/bookings/b1/no-show', { method: 'POST' });
    expect(calls[0]!.init.body).toBeUndefined();
    expect(contentTypeOf(calls[0]!.init)).toBeUndefined();
  });

  it('leaves the multipart content type of an upload to the browser', async () => {
    const calls = stubFetch();
    const form = new FormData();
    form.set('file', new File(['x'], 'photo.png', { type: 'image/png' }));
    await apiFetch('/api/uploads', { method: 'POST', body: form });
    expect(calls[0]!.init.body).toBe(form);
    expect(contentTypeOf(calls[0]!.init)).toBeUndefined();
  });
});
