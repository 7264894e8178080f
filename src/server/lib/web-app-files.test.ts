/**
 * The installable web app's files as the server hands them out (issue #15): the service worker,
 * the manifest and the pages revalidated on every use (so the next visit after a deploy sees the
 * new worker), the manifest with its own content type, icons as images, and hashed assets still
 * immutable. Through HTTP on the real app serving a small built folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';

// The smallest valid PNG (1x1), standing in for the built icons.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe(`the installable web app's files (${databaseKind})`, () => {
  let t: TestApp;
  let dist: string;
  let web: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp();
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-pwa-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'icons'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tampa handyman</title><link rel="manifest" href="/manifest.webmanifest"><script type="module" src="/assets/index-HASH.js"></script>');
    fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>Offline</title>');
    fs.writeFileSync(path.join(dist, 'offline.js'), 'void 0;');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Tampa Handyman', start_url: '/' }));
    fs.writeFileSync(path.join(dist, 'icons', 'icon-192.png'), PNG);
    fs.writeFileSync(path.join(dist, 'assets', 'index-HASH.js'), 'console.log("app");');
    web = createApp(t.deps, { staticRoot: dist });
  });
  afterAll(async () => {
    await t?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the service worker as JavaScript, revalidated on every use', async () => {
    const response = await web.request('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the web manifest as application/manifest+json, revalidated on every use', async () => {
    const response = await web.request('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect((await response.json()).name).toBe('Tampa Handyman');
  });

  it('revalidates the bare shell, the offline page and its script, which the worker precaches', async () => {
    for (const [file, type] of [
      ['/index.html', /text\/html/],
      ['/offline.html', /text\/html/],
      ['/offline.js', /javascript/],
    ] as const) {
      const response = await web.request(file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toMatch(type);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
  });

  it('serves icons as images, and hashed assets still immutable for a year', async () => {
    const icon = await web.request('/icons/icon-192.png');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('cache-control')).not.toBe('no-cache');
    const asset = await web.request('/assets/index-HASH.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a build without a worker (the mobile apps\' builds) 404, so no browser installs a page as one', async () => {
    fs.renameSync(path.join(dist, 'sw.js'), path.join(dist, 'sw.js.gone'));
    try {
      const response = await web.request('/sw.js');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type') ?? '').not.toMatch(/javascript/);
    } finally {
      fs.renameSync(path.join(dist, 'sw.js.gone'), path.join(dist, 'sw.js'));
    }
  });
});
