/**
 * Optional Sentry (issue #11): nothing loads and the Content-Security-Policy opens nothing without
 * a DSN; with VITE_SENTRY_DSN the browser may send to the DSN's host and start replay workers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { startServerSentry } from '../../lib/sentry';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

const csp = async (t: TestApp) => (await t.request('/api/health')).headers.get('content-security-policy') ?? '';

describe(`optional Sentry (${databaseKind})`, () => {
  let plain: TestApp;
  let withDsn: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    withDsn = await createTestApp({ env: { VITE_SENTRY_DSN: 'https://public@o123.ingest.us.sentry.io/456' } });
  });
  afterAll(async () => {
    await plain?.close();
    await withDsn?.close();
  });

  it('opens nothing in the Content-Security-Policy without a DSN, the ingest host and blob: workers with one', async () => {
    expect(await csp(plain)).not.toContain('sentry.io');
    expect(await csp(plain)).not.toContain('worker-src');
    const policy = await csp(withDsn);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/o123\.ingest\.us\.sentry\.io/);
    expect(policy).toContain("worker-src 'self' blob:");
  });

  it('does not load the SDK without SENTRY_DSN', async () => {
    await expect(startServerSentry({ sentry: { serverDsn: null, browserDsn: null }, publicUrl: 'http://localhost:3000' }, createLogger('silent'))).resolves.toBe(false);
  });

  it('answers every request with its X-Request-Id', async () => {
    const first = (await plain.request('/api/health')).headers.get('x-request-id');
    const second = (await plain.request('/api/health')).headers.get('x-request-id');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    // a client's own id is not taken without TRUST_PROXY
    expect((await plain.request('/api/health', { headers: { 'X-Request-Id': 'client-chosen-id-1234' } })).headers.get('x-request-id')).not.toBe('client-chosen-id-1234');
  });
});
