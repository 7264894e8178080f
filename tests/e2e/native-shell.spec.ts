import { expect, test, type Page } from '@playwright/test';

/**
 * Issue #15, the apps' native shell (src/web/lib/native/native-shell.tsx): main.tsx loads its
 * chunk, with the Capacitor plugins, only inside the app container, so the web app never
 * downloads it; inside the app (the e2e build's `window.__APP_CONTEXT__ = 'native'`, as in
 * app-variants.spec.ts) it loads and, in a browser where the plugins have no native side, stays
 * quiet: no page error, nothing sent to the error log.
 */

const nativeShellChunk = /\/assets\/native-shell-[^/]+\.js$/;

/** Records the requests and page errors of a page from now on. */
function watch(page: Page) {
  const requests: string[] = [];
  const errorLogs: string[] = [];
  const pageErrors: string[] = [];
  page.on('request', (request) => {
    requests.push(request.url());
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/errors') errorLogs.push(request.postData() ?? '');
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { requests, errorLogs, pageErrors };
}

test('the web app never downloads the native shell', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/book/tv-installation');
  await expect(page.getByRole('heading', { level: 2, name: 'Service' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.requests.filter((url) => nativeShellChunk.test(new URL(url).pathname))).toEqual([]);
  expect(seen.pageErrors).toEqual([]);
});

test('inside the app the native shell loads and stays quiet where the plugins have no native side', async ({ page, context }) => {
  await context.addInitScript(() => {
    window.__APP_CONTEXT__ = 'native';
  });
  const seen = watch(page);
  const shell = page.waitForResponse((response) => nativeShellChunk.test(new URL(response.url()).pathname));
  await page.goto('/book/tv-installation');
  expect((await shell).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2, name: 'Service' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Options & Details' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.pageErrors).toEqual([]);
  expect(seen.errorLogs).toEqual([]);
});
