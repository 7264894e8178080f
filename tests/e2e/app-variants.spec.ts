import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInByApi, signUpCustomerByApi } from './support/api-auth';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN, E2E_WORKER } from './support/e2e-admin';

/**
 * Issue #15, spec section 2: the mobile user and worker apps' route tables. Playwright cannot run
 * inside Capacitor's native shell, so the e2e build (VITE_APP_CONTEXT_OVERRIDE=true, set by
 * scripts/test.mjs) takes `window.__APP_CONTEXT__ = 'native'` as the container; the init script
 * below sets it before the app starts. Each allowed route shows its page, each route of the
 * other app is the not-found page, and an `appType` parameter naming the other app sends the page
 * to `/` of that app. Screenshots of the main customer and worker screens at 360x740 go to
 * APP_SCREENSHOT_DIR (default test-results/app-screens).
 */

const screenshotDir = process.env.APP_SCREENSHOT_DIR ?? 'test-results/app-screens';
const PHONE = { width: 360, height: 740 };

/** Makes every page of the context run "inside the app container", with APP_TYPE set once if given. */
async function insideTheApp(context: BrowserContext, appType?: 'user' | 'worker') {
  await context.addInitScript((type) => {
    window.__APP_CONTEXT__ = 'native';
    if (type && !localStorage.getItem('APP_TYPE')) localStorage.setItem('APP_TYPE', type);
  }, appType);
}

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

const notFound = (page: Page) => page.getByRole('heading', { level: 1, name: /Oops! Page not found/ });

/** The paths the visible header (with the phone menu opened) and footer link to. */
async function chromeLinks(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const hrefs = await page.locator('header a[href], footer a[href]').evaluateAll((links) =>
    links.filter((link) => link.getClientRects().length > 0).map((link) => link.getAttribute('href') ?? ''),
  );
  await page.getByRole('button', { name: 'Close menu' }).click();
  return hrefs.filter((href) => href.startsWith('/'));
}

/** Visits `path` and expects its page to stay there (no redirect, not the not-found page), with no serious axe finding. */
async function expectPage(page: Page, pathname: string, heading?: string | RegExp) {
  await page.goto(pathname);
  await expect(page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first()).toBeVisible();
  await expect(notFound(page)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(pathname);
  expect(await seriousViolations(page), pathname).toEqual([]);
}

async function expectNotFound(page: Page, pathname: string) {
  await page.goto(pathname);
  await expect(notFound(page)).toBeVisible();
}

test.describe('the customer app (APP_TYPE user)', () => {
  test('shows its routes, leaves staff pages to not-found, and keeps the public pages', async ({ page, context, baseURL }) => {
    await insideTheApp(context);
    await page.setViewportSize(PHONE);
    await signUpCustomerByApi(context.request, baseURL!, { name: 'Ana App', emailPrefix: 'app-user', password: 'app-user-password-1' });

    await expectPage(page, '/', /./);
    expect(await page.evaluate(() => localStorage.getItem('APP_TYPE'))).toBeNull(); // the default, user, is not written
    await screenshot(page, 'customer-home-360x740');
    // Issue #15: the chrome links only to the customer app's routes (no Team sign-in, no staff areas); the policies stay.
    const links = await chromeLinks(page);
    expect(links.filter((href) => /^\/(admin|worker)\b/.test(href)), 'staff links in the customer app').toEqual([]);
    expect(links).toEqual(expect.arrayContaining(['/my-bookings', '/settings', '/terms', '/privacy', '/blog']));
    await expectPage(page, '/my-bookings', 'My Bookings');
    await screenshot(page, 'customer-my-bookings-360x740');
    await expectPage(page, '/settings', 'Settings');
    await expectPage(page, '/auth');
    await expectPage(page, '/services/tv-installation/book');
    await screenshot(page, 'customer-booking-360x740');
    await expectPage(page, '/book/tv-installation');
    await expectPage(page, '/about');
    await expectPage(page, '/terms');

    for (const staffPath of ['/admin', '/admin/login', '/worker', '/worker/availability', '/admin/worker-applications', '/no-such-page']) await expectNotFound(page, staffPath);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an appType=worker parameter turns it into the worker app at /', async ({ page, context }) => {
    await insideTheApp(context);
    await page.goto('/my-bookings?appType=worker');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('APP_TYPE'))).toBe('worker');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('the worker app (APP_TYPE worker)', () => {
  test('shows the admin login at / and /admin/login, and the worker pages to a worker', async ({ page, context, baseURL }) => {
    await insideTheApp(context, 'worker');
    await page.setViewportSize(PHONE);

    await expectPage(page, '/', 'Admin Login');
    await screenshot(page, 'worker-login-360x740');
    await expectPage(page, '/admin/login', 'Admin Login');
    await expectPage(page, '/auth');
    await expectPage(page, '/privacy');

    for (const customerPath of ['/my-bookings', '/settings', '/book/tv-installation', '/services/tv-installation/book', '/admin/worker-applications', '/worker/enroll', '/no-such-page']) {
      await expectNotFound(page, customerPath);
    }

    await signInByApi(context.request, baseURL!, E2E_WORKER);
    await expectPage(page, '/worker', 'My day');
    await screenshot(page, 'worker-day-360x740');
    await expectPage(page, '/worker/availability', 'My availability');
    await screenshot(page, 'worker-availability-360x740');
    await expectPage(page, '/worker/settings', 'My settings');
  });

  test('shows the admin routes except worker applications to an admin', async ({ page, context, baseURL }) => {
    await insideTheApp(context, 'worker');
    await signInByApi(context.request, baseURL!, E2E_ADMIN);
    for (const adminPath of ['/admin', '/admin/chats', '/admin/analytics', '/admin/users', '/admin/workers', '/admin/settings', '/admin/errors', '/admin/calendar']) {
      await expectPage(page, adminPath);
    }
    await expectNotFound(page, '/admin/worker-applications');
  });

  test('an appType=user parameter turns it into the customer app at /', async ({ page, context }) => {
    await insideTheApp(context, 'worker');
    await page.goto('/worker/settings?appType=user');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toHaveCount(0);
    await expect(page.locator('#home-title')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('APP_TYPE'))).toBe('user');
    expect(await seriousViolations(page)).toEqual([]);

    // Back to the worker app from the customer app's home page.
    await page.goto('/?appType=worker');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('on the web (no app container) the web table applies and appType is ignored', async ({ page }) => {
  await page.goto('/admin/worker-applications?appType=user');
  await expect(notFound(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/worker-applications/);
  expect(await page.evaluate(() => localStorage.getItem('APP_TYPE'))).toBeNull();
  await page.goto('/my-bookings');
  await expect(notFound(page)).toHaveCount(0);
});
