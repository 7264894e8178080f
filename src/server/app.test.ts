import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createTestApp, databaseKind, type TestApp } from './test/test-app';

describe(`app (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('reports health with the database reachable', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown API routes with a JSON 404 in the error shape', async () => {
    const response = await t.request('/api/does-not-exist', { headers: { 'Accept-Language': 'es' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No existe esa ruta de la API.', code: 'route_not_found', details: null, hint: null });
  });

  it('sends security headers', async () => {
    const response = await t.request('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('keeps the Google Maps script out of the CSP while no Maps key is set', async () => {
    const csp = (await t.request('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('maps.googleapis.com');
    expect(csp).not.toContain('maps.gstatic.com');
  });

  it('serves the public settings with the seeded services, tax rate and test-mode payments', async () => {
    const body = await (await t.request('/api/settings/public')).json();
    expect(body.services).toEqual([
      { slug: 'tv-installation', pricingModel: 'per_job', unitPriceCents: 4500, active: true },
      { slug: 'furniture-assembly', pricingModel: 'per_hour', unitPriceCents: 3500, active: true },
      { slug: 'painting', pricingModel: 'per_room', unitPriceCents: 25000, active: true },
    ]);
    expect(body.taxRateBps).toBe(750);
    expect(body.serviceAreaZips).toContain('33602');
    expect(body.payments).toEqual({ gateway: 'simulated', testMode: true });
  });

  it('refuses a malformed JSON body with a 400', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/bookings', { method: 'POST', cookie, headers: { 'Idempotency-Key': 'malformed-1', 'Content-Type': 'application/json' }, body: '{not json' });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('validation_failed');
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  let web: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp();
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tampa handyman</title><script type="module" src="/assets/index-NEWHASH.js"></script>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-NEWHASH.js'), 'console.log("app");');
    web = createApp(t.deps, { staticRoot: dist });
  });
  afterAll(async () => {
    await t?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets cached for a year', async () => {
    const response = await web.request('/assets/index-NEWHASH.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("answers an asset this build doesn't have (an old tab after a deploy) 404, not the page, and not kept", async () => {
    for (const asset of ['/assets/index-OLDHASH.js', '/assets/index-OLDHASH.css', '/assets/nested/chunk-OLD.js']) {
      const response = await web.request(asset);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('still answers app routes with the page, revalidated each time', async () => {
    const response = await web.request('/my-bookings');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // the built page (its head tags are the page's own: src/server/modules/seo/seo.test.ts)
    expect(await response.text()).toContain('<script type="module" src="/assets/index-NEWHASH.js"></script>');
  });
});

describe('address autocomplete with a Google Maps key', () => {
  it('lets the browser load the Maps script and reach its APIs and images', async () => {
    const withMaps = await createTestApp({ env: { VITE_GOOGLE_MAPS_API_KEY: 'maps-test-key' } });
    try {
      const csp = (await withMaps.request('/api/health')).headers.get('content-security-policy') ?? '';
      const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('script-src')).toBe("script-src 'self' https://maps.googleapis.com");
      expect(directive('connect-src')).toContain('https://maps.googleapis.com https://maps.gstatic.com');
      expect(directive('img-src')).toContain('https://maps.googleapis.com https://maps.gstatic.com');
      expect(csp).not.toContain('maps-test-key');
    } finally {
      await withMaps.close();
    }
  });
});

describe('configuration', () => {
  it('names each bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SUPPORT_EMAIL');
  });

  it('requires an auth secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BETTER_AUTH_SECRET/);
  });

  it('has safe local defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.google).toBeNull();
  });
});

describe('a fresh database in development', () => {
  it('offers time slots thanks to the demo technician, and none without one', async () => {
    const withDemo = await createTestApp({ now: new Date('2026-11-21T15:00:00Z'), env: { SEED_DEMO_WORKER: 'true' } });
    const without = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
    try {
      const starts = async (t: TestApp) => (await (await t.request('/api/services/tv-installation/slots?date=2026-11-23&durationMinutes=60')).json()).starts;
      expect((await starts(withDemo)).length).toBe(23); // 8:00 to 19:00 every half hour
      expect(await starts(without)).toEqual([]);
    } finally {
      await withDemo.close();
      await without.close();
    }
  });

  it('never seeds the demo technician in production', () => {
    expect(loadConfig({}).seedDemoWorker).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoWorker).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'k7Qm2vX9pL4wR8tZ1nB6cY3hJ5dF0sGa', SEED_DEMO_WORKER: 'true' }).seedDemoWorker).toBe(false);
  });
});
