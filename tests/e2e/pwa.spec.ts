/**
 * The installable web app (issue #15): the manifest and its icons, the service worker taking
 * control, the app shell offline, the offline page for what cannot work offline (in the app's
 * language), the API never answered from or kept in Cache Storage, a new deploy's worker taking
 * over without waiting and dropping the old files, and push messages shown as notifications.
 * Lighthouse's own installability audits run in scripts/check-pwa.mjs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpCustomerByApi } from './support/api-auth';

/** Waits until the service worker is active and controls the page (it registers after load). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL in the page's Cache Storage. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** Width and height of a PNG (its IHDR chunk). */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('the manifest is linked, says how the app installs, and its icons are PNGs of their stated sizes', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await request.get(href!);
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Tampa Handyman', start_url: '/', scope: '/', display: 'standalone', lang: 'en' });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.description).toMatch(/Tampa Bay/);
  expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const icons: Array<{ src: string; sizes: string; type: string; purpose?: string }> = manifest.icons;
  const purposes = icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const icon of [...icons, { src: appleTouchIcon!, sizes: '180x180', type: 'image/png' }]) {
    const file = await request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await file.body()), icon.src).toEqual({ width, height });
  }
});

test('the service worker registers after load and controls the page after a reload', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.reload();
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { controller: navigator.serviceWorker.controller?.scriptURL ?? null, scope: registration?.scope ?? null, state: registration?.active?.state ?? null };
  });
  expect(worker.controller).toMatch(/\/sw\.js$/);
  expect(worker.scope).toMatch(/\/$/);
  expect(worker.state).toBe('activated');
});

test('offline, app routes open from the cached shell and other pages show the offline page', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    // A page never visited online: its code comes from the precache.
    const terms = await page.goto('/terms');
    expect(terms?.status()).toBe(200);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("We couldn't reach our servers");

    // The API reference is rendered by the server: it cannot work offline.
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't reach our servers" })).toBeVisible();
    await expect(page.getByText('Check your connection and try again.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Again' })).toBeVisible();
    await expect(page).toHaveTitle(/We couldn't reach our servers/);

    // Go Home leads back into the app, which still opens offline.
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('the offline page speaks the language chosen in the app', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('lang', 'es'));
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.goto('/sitemap.xml');
    await expect(page.getByRole('heading', { level: 1, name: 'No pudimos conectar con nuestros servidores' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Intentar de nuevo' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByText("We couldn't reach our servers")).toBeHidden();
  } finally {
    await context.setOffline(false);
  }
});

test('API answers never reach Cache Storage, and offline the API is not answered from a cache', async ({ page, context, baseURL }) => {
  await signUpCustomerByApi(context.request, baseURL!, { name: 'Petra Pwa', emailPrefix: 'pwa', password: 'pwa-password-1' });
  await page.goto('/');
  await waitForServiceWorker(page);
  // Signed in, through pages that read the customer's own data from the API.
  for (const route of ['/my-bookings', '/settings', '/book/tv-installation']) {
    const apiRead = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/') && response.ok());
    await page.goto(route);
    await apiRead;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const me = await page.evaluate(() => fetch('/api/me').then((r) => r.status));
  expect(me).toBe(200);

  const urls = await cachedUrls(page);
  console.log(`Cache Storage after using the app signed in: ${urls.length} entries, e.g.\n  ${urls.slice(0, 5).join('\n  ')}`);
  expect(urls.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
  expect(urls.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);

  await context.setOffline(true);
  try {
    const offline = await page.evaluate(async () => {
      const results: Record<string, string> = {};
      for (const path of ['/api/me', '/api/settings/public']) {
        results[path] = await fetch(path).then(
          (response) => `answered ${response.status}`,
          (error: Error) => `failed: ${error.name}`,
        );
      }
      return results;
    });
    expect(offline).toEqual({ '/api/me': 'failed: TypeError', '/api/settings/public': 'failed: TypeError' });
  } finally {
    await context.setOffline(false);
  }
});

test("a new deploy's worker takes over without waiting, and the next visit runs on it without the old files", async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const oldShell = (await cachedUrls(page)).find((url) => new URL(url).pathname === '/index.html');
  expect(oldShell).toBeTruthy();

  // The deploy: the served build (WEB_DIST_DIR, default dist/ as for the server) gets a new
  // worker whose app shell has a new revision. Put back afterwards for the other tests.
  const workerFile = path.resolve(process.env.WEB_DIST_DIR ?? 'dist', 'sw.js');
  const built = fs.readFileSync(workerFile, 'utf8');
  const deployed = built.replace(/"revision":"[0-9a-f]+","url":"index\.html"/, '"revision":"next-deploy","url":"index.html"');
  expect(deployed).not.toBe(built);
  // The build's Brotli/gzip copies (scripts/precompress.mjs) are the old worker: a deploy replaces them too.
  const copies = ['.br', '.gz'].map((suffix) => `${workerFile}${suffix}`).filter((file) => fs.existsSync(file));
  const copied = copies.map((file) => [file, fs.readFileSync(file)] as const);
  for (const file of copies) fs.unlinkSync(file);
  fs.writeFileSync(workerFile, deployed);
  try {
    const takenOver = page.evaluate(() => new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true })));
    // What the browser does by itself on every navigation: look for a new worker.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration!.update()));
    await takenOver;
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();

    await page.reload();
    await waitForServiceWorker(page);
    const urls = await cachedUrls(page);
    expect(urls.filter((url) => new URL(url).pathname === '/index.html')).toEqual([expect.stringContaining('__WB_REVISION__=next-deploy')]);
    expect(urls).not.toContain(oldShell);
  } finally {
    fs.writeFileSync(workerFile, built);
    for (const [file, bytes] of copied) fs.writeFileSync(file, bytes);
  }
});

test('a push message becomes a notification with its title, text and tag, opening its page', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/');
  await waitForServiceWorker(page);
  // Chromium's DevTools protocol hands a push message to the worker as a push service would.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted && registration.scopeURL === `${baseURL}/`);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const deliver = async (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: await registrationId, data });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: string }).url, icon: n.icon, badge: (n as Notification & { badge?: string }).badge })),
    );
  /**
   * Delivers a push message until the notifications read as `expected`. A message handed over by
   * the DevTools protocol is shown within ~0.2 s, but now and then Chromium drops one (about one
   * run in three here: never shown, even after 40 s); one not seen within 3 s is delivered again,
   * as a push service retries a message it could not deliver.
   */
  async function push<T>(data: string, read: () => Promise<T>, expected: T) {
    for (let attempt = 1; ; attempt++) {
      await deliver(data);
      try {
        await expect.poll(read, { timeout: attempt < 3 ? 3_000 : 10_000 }).toEqual(expected);
        return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }

  await push(JSON.stringify({ event: 'assignment', title: 'New job assigned', body: 'TV installation today, 2:00 PM', url: '/worker', tag: 'booking-1' }), shown, [
    { title: 'New job assigned', body: 'TV installation today, 2:00 PM', tag: 'booking-1', url: '/worker', icon: `${baseURL}/icons/icon-192.png`, badge: `${baseURL}/icons/badge-96.png` },
  ]);

  // The same tag replaces the older notification instead of piling up.
  await push(JSON.stringify({ event: 'assignment', title: 'Job updated', body: 'Now at 3:00 PM', url: '/worker', tag: 'booking-1' }), async () => (await shown()).map((n) => n.title), ['Job updated']);

  // A message that is not a valid payload still shows something (browsers require it), leading home.
  await push('not a payload', async () => (await shown()).map((n) => `${n.title} -> ${n.url}`).sort(), ['Job updated -> /worker', 'Tampa Handyman -> /']);
});
