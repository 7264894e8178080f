import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page, type Response } from '@playwright/test';
import { E2E_ADMIN } from './support/e2e-admin';
import { chooseTomorrowsFirstTime, fillAddress, next, payAndConfirm, signUpInline } from './support/booking-flow';

/**
 * Issue #11 end to end in Chromium: a customer books in one browser context while an admin
 * watches /admin/analytics in another. The customer's tracker sends the funnel (by fetch, and by
 * navigator.sendBeacon when the page is hidden: the beacon must pass the API's cross-site check),
 * and after a reload the admin's funnel shows one more booked visitor, the revenue one more
 * booking, and, once the job is completed, its total as captured revenue.
 */

async function signIn(context: BrowserContext, baseURL: string, account: { email: string; password: string }) {
  const response = await context.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers: { Origin: baseURL } });
  expect(response.ok()).toBe(true);
}

/**
 * A headline number of a report, by its label ("$48.38" -> 4838 cents, "$96" -> 9600, "3" -> 3);
 * 0 when the report says there is nothing in the period.
 */
async function tile(page: Page, region: string, label: string): Promise<number> {
  const report = page.getByRole('region', { name: region });
  const empty = report.getByText('Nothing in this period yet.');
  await expect(report.locator('dl').or(empty)).toBeVisible();
  if (await empty.isVisible()) return 0;
  const text = (await report.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').textContent())!.trim();
  const number = Number(text.replace(/[$,%\s]/g, ''));
  return text.startsWith('$') ? Math.round(number * 100) : number;
}

async function reportNumbers(page: Page) {
  await page.goto('/admin/analytics?range=today');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  return {
    booked: await tile(page, 'Booking funnel', 'Booked'),
    bookings: await tile(page, 'Bookings and revenue', 'Bookings'),
    captured: await tile(page, 'Bookings and revenue', 'Captured'),
  };
}

test('a booking made in another browser context shows in the funnel and the revenue of /admin/analytics', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  await signIn(adminContext, baseURL!, E2E_ADMIN);
  const admin = await adminContext.newPage();
  const before = await reportNumbers(admin);

  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customer = await customerContext.newPage();
  // What reaches the API (Chromium does not show a beacon's body here: the server's reports are checked below).
  const sent: { status: number; type: string }[] = [];
  customerContext.on('response', (response: Response) => {
    if (response.url().endsWith('/api/analytics/events')) sent.push({ status: response.status(), type: response.request().resourceType() });
  });

  await customer.goto('/book/tv-installation');
  await next(customer);
  await next(customer); // nothing chosen: the rules that stop Options are recorded too
  await customer.getByLabel('40-55"').check();
  await customer.getByLabel(/drilling into walls/).check();
  await customer.getByLabel(/service limitations/).check();
  await next(customer);
  await chooseTomorrowsFirstTime(customer);
  await fillAddress(customer);
  await signUpInline(customer, `analytics-${Date.now()}@example.com`);
  await payAndConfirm(customer);
  await expect(customer.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  // The tab is hidden at once (the customer switches away): the tracker sends what is left by beacon.
  await customer.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const reference = (await customer.getByText(/^TB-[A-Z0-9]{6}$/).first().textContent())!;
  // A beacon (resource type "ping") went out and the API took it: the cross-site check lets our own beacons in.
  await expect.poll(() => sent.some((s) => s.type === 'ping' && s.status === 200), { timeout: 15_000 }).toBe(true);
  expect(sent.every((s) => s.status === 200), JSON.stringify(sent)).toBe(true);
  // Everything kept (and so sent) is sent, and none of it personal: no email, phone or card number.
  const stored = await customer.evaluate(() => localStorage.getItem('analytics_events') ?? '[]');
  const events = JSON.parse(stored) as { action: string; label?: string; sent?: boolean }[];
  expect(events.filter((e) => e.action === 'step_viewed').map((e) => e.label)).toEqual(expect.arrayContaining(['service', 'options', 'datetime', 'address', 'signin', 'payment', 'review', 'confirmation']));
  expect(events.every((e) => e.sent)).toBe(true);
  expect(stored).not.toMatch(/analytics-\d+@example\.com|555-0123|4242/);
  expect(await customer.evaluate(() => document.cookie)).not.toMatch(/analytics|visitor/);

  // The admin reloads: one more booked visitor in the funnel, one more booking in the revenue.
  const placed = await reportNumbers(admin);
  expect(placed.booked).toBe(before.booked + 1);
  expect(placed.bookings).toBe(before.bookings + 1);
  const blockers = admin.getByRole('table', { name: 'What stopped people' });
  await expect(blockers.getByRole('row').filter({ hasText: 'validation.screenSizeRequired' })).toBeVisible();

  // The job is done: its total is captured and shows as revenue.
  const list = await adminContext.request.get(`/api/admin/bookings?view=upcoming&q=${reference}`);
  const booking = ((await list.json()) as { bookings: { id: string; reference: string; totalCents: number }[] }).bookings.find((b) => b.reference === reference)!;
  const complete = await adminContext.request.post(`/api/admin/bookings/${booking.id}/complete`, { data: {}, headers: { Origin: baseURL!, 'Idempotency-Key': `e2e-analytics-${Date.now()}` } });
  expect(complete.status()).toBe(200);
  const done = await reportNumbers(admin);
  expect(done.captured).toBe(before.captured + booking.totalCents);

  // Every table exports as CSV; the funnel's has the step rows.
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Download "Booking funnel" as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^analytics-booking-funnel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csv).toContain('Step,Reached,Moved on,Left here,Drop-off,Of those who started');
  expect(csv).toMatch(/\r\nconfirmation,\d+,/);

  await customerContext.close();
  await adminContext.close();
});

test('/admin/analytics on a phone: no sideways page scroll, a keyboard path through the periods, no accessibility violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(context, baseURL!, E2E_ADMIN);
  const page = await context.newPage();
  await page.goto('/admin/analytics');
  await expect(page.getByRole('region', { name: 'Bookings and revenue' }).locator('dl, p').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Core Web Vitals' }).getByText(/Loading/)).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // Keyboard only: to the period buttons, choose 30 days, then custom dates.
  const thirty = page.getByRole('button', { name: '30 days' });
  for (let i = 0; i < 40 && !(await thirty.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/range=30d/);
  await expect(thirty).toHaveAttribute('aria-pressed', 'true');
  await expect(thirty).toBeFocused(); // the choice keeps the focus where it was
  await page.keyboard.press('Tab'); // 90 days
  await page.keyboard.press('Tab'); // Custom
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('From')).toBeFocused();

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await context.close();
});
