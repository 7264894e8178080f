/**
 * Issue #11: the Content-Security-Policy names Google Analytics' hosts only when the browser is
 * built to load the tag (VITE_GA_MEASUREMENT_ID); a malformed id stops the start.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';

const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe('the Google Analytics tag and the CSP', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('names no Google analytics host without a measurement id', async () => {
    t = await createTestApp();
    const csp = (await t.request('/api/health')).headers.get('content-security-policy')!;
    expect(csp).not.toMatch(/googletagmanager|google-analytics|analytics\.google/);
  });

  it('lets the tag script and its measurement requests in when one is set', async () => {
    t = await createTestApp({ env: { VITE_GA_MEASUREMENT_ID: 'G-TEST12345' } });
    const csp = directives((await t.request('/api/health')).headers.get('content-security-policy')!);
    expect(csp['script-src']).toContain('https://*.googletagmanager.com');
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']));
    expect(csp['img-src']).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://*.googletagmanager.com']));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });

  it('refuses a measurement id that is not one', () => {
    expect(() => loadConfig({ VITE_GA_MEASUREMENT_ID: 'UA-1234-1' })).toThrow(ConfigError);
    expect(loadConfig({ VITE_GA_MEASUREMENT_ID: 'G-ABC123XYZ9' }).googleAnalytics).toBe(true);
    expect(loadConfig({}).googleAnalytics).toBe(false);
  });
});
