import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { assignAsAdmin, workerIdByName } from './support/api-admin';
import { signInByApi, signUpCustomerByApi } from './support/api-auth';
import { bookTvByApi } from './support/api-booking';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN, E2E_WORKER } from './support/e2e-admin';

/**
 * Issue #15, "the worker app is a good phone tool: large touch targets, the day's jobs first,
 * one-tap call and navigate, works on a 360 px wide screen and one-handed", end to end in the
 * worker app (the e2e build's `window.__APP_CONTEXT__ = 'native'` override, as in
 * app-variants.spec.ts) on a 360x740 touch phone:
 * - the technician signs in at the app's home (the staff login) and lands on their day, the next
 *   job on top and marked, a later day's job below it;
 * - the job card's Call is `tel:` the customer's number and Navigate is driving directions to the
 *   job's address; its action bar (Call, Navigate, the next step) is on the first screen, in the
 *   thumb zone, without scrolling; every button and link on it is at least 44x44 CSS px and no
 *   label is clipped;
 * - no worker page scrolls sideways at 360 px; axe finds no serious or critical violation;
 * - the header and footer of the worker app link to no customer page;
 * - the same holds in Spanish, whose words are longer.
 * A screenshot of the day with jobs goes to APP_SCREENSHOT_DIR (default test-results/app-screens).
 */

const PHONE = { width: 360, height: 740 };
const screenshotDir = process.env.APP_SCREENSHOT_DIR ?? 'test-results/app-screens';
const MIN_TARGET = 44;

async function insideTheWorkerApp(context: BrowserContext) {
  await context.addInitScript(() => {
    window.__APP_CONTEXT__ = 'native';
    if (!localStorage.getItem('APP_TYPE')) localStorage.setItem('APP_TYPE', 'worker');
  });
}

/** The page's width beyond the viewport: 0 when nothing scrolls sideways. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Each visible button and link inside `scope` that is smaller than 44x44 or clips its text, as "name WxH". */
async function smallOrClippedTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root, min) => {
    // Links, buttons, and labels standing in for a file input's button (the job photos).
    const isFileButton = (el: Element) => el instanceof HTMLLabelElement && (el.control as HTMLInputElement | null)?.type === 'file';
    const targets = [...root.querySelectorAll<HTMLElement>('a[href], button, label')].filter((el) => (el.tagName !== 'LABEL' || isFileButton(el)) && el.getClientRects().length > 0);
    return targets
      .map((el) => {
        const box = el.getBoundingClientRect();
        const clipped = el.scrollWidth > el.clientWidth + 1;
        const name = (el.innerText || el.getAttribute('aria-label') || el.tagName).trim().replace(/\s+/g, ' ');
        return box.width < min || box.height < min || clipped ? `${name} ${Math.round(box.width)}x${Math.round(box.height)}${clipped ? ' clipped' : ''}` : null;
      })
      .filter((entry): entry is string => entry !== null);
  }, MIN_TARGET);
}

/**
 * The earliest 60-minute TV-installation start on offer (today's when the day still has one) that
 * the e2e technician can take: at least three hours from every job they already have (other specs
 * give them jobs, and a start free for some worker may be too close to one of theirs), and on a
 * Tampa date after `afterDate` when given. ISO.
 */
async function freeStartForTechnician(request: BrowserContext['request'], busy: string[], afterDate = ''): Promise<string> {
  const clear = (start: string) => busy.every((taken) => Math.abs(Date.parse(taken) - Date.parse(start)) >= 3 * 3_600_000);
  const { dates } = (await (await request.get('/api/services/tv-installation/slots?durationMinutes=60')).json()) as { dates: string[] };
  for (const date of dates.filter((d) => d > afterDate)) {
    const { starts } = (await (await request.get(`/api/services/tv-installation/slots?durationMinutes=60&date=${date}`)).json()) as { starts: string[] };
    const start = starts.find(clear);
    if (start) return start;
  }
  throw new Error('no start on offer the technician is free for');
}

const tampaDate = (iso: string | Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(iso));

test('the worker app on a 360 px phone: sign in, the next job on top with one-tap Call and Navigate, big targets, no sideways scroll', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await browser.newContext();
  const office = await browser.newContext();
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await insideTheWorkerApp(phone);

  // A customer books two TV installations: the earliest free time on offer, and a later day's; both go to the e2e technician.
  await signUpCustomerByApi(customer.request, baseURL!, { name: 'Phoebe Phone', emailPrefix: 'worker-app', password: 'worker-app-password-1' });
  const technician = await browser.newContext();
  await signInByApi(technician.request, baseURL!, E2E_WORKER);
  const busy = ((await (await technician.request.get('/api/worker/jobs')).json()) as { jobs: { status: string; scheduledStart: string }[] }).jobs
    .filter((job) => !['completed', 'cancelled', 'no_show'].includes(job.status))
    .map((job) => job.scheduledStart);
  await technician.close();
  const soon = await bookTvByApi(customer.request, baseURL!, { startAt: await freeStartForTechnician(customer.request, busy), keyPrefix: 'worker-app' });
  const later = await bookTvByApi(customer.request, baseURL!, { startAt: await freeStartForTechnician(customer.request, busy, tampaDate(soon.scheduledStart)), keyPrefix: 'worker-app' });
  await signInByApi(office.request, baseURL!, E2E_ADMIN);
  const workerId = await workerIdByName(office.request, E2E_WORKER.name);
  for (const job of [soon, later]) await assignAsAdmin(office.request, baseURL!, job.id, workerId);

  // The app opens on the staff login; signing in lands on the day.
  const page = await phone.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.getByLabel('Email', { exact: true }).fill(E2E_WORKER.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_WORKER.password);
  await page.getByRole('button', { name: 'Sign In' }).tap();
  await expect(page).toHaveURL(/\/worker$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My day' })).toBeVisible();

  // The next job is on top: the earliest one still to do of all the technician's jobs (other specs may have given them some).
  const { jobs } = (await (await phone.request.get('/api/worker/jobs')).json()) as { jobs: { reference: string; status: string; scheduledStart: string }[] };
  const toDo = jobs.filter((job) => ['confirmed', 'en_route', 'in_progress'].includes(job.status)).sort((a, b) => Date.parse(a.scheduledStart) - Date.parse(b.scheduledStart));
  const cards = page.getByRole('article');
  const first = cards.first();
  await expect(first).toContainText(`Booking ${toDo[0]!.reference}`);
  await expect(first).toContainText(/^Next job/);
  await expect(page.getByRole('article').filter({ hasText: 'Next job' })).toHaveCount(1);
  const texts = await cards.allTextContents();
  const position = (reference: string) => texts.findIndex((text) => text.includes(`Booking ${reference}`));
  expect(position(soon.reference)).toBeGreaterThanOrEqual(0);
  expect(position(soon.reference)).toBeLessThan(position(later.reference));
  if (tampaDate(soon.scheduledStart) === tampaDate(new Date())) {
    // Booked for today (the day still has free times): it sits under Today.
    await expect(page.getByRole('region', { name: /^Today,/ }).getByRole('article').filter({ hasText: soon.reference })).toBeVisible();
  }

  // One-tap Call and Navigate on the job's card.
  const card = cards.filter({ hasText: soon.reference });
  await expect(card.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', 'tel:+18135550123');
  await expect(card.getByRole('link', { name: /^Navigate/ })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=100%20N%20Tampa%20St%2C%20Tampa%2C%20FL%2033602&travelmode=driving',
  );

  // The next job's action bar is on the first screen, without scrolling, in the lower half (the thumb zone).
  const bar = first.getByTestId('job-actions');
  await expect(bar.getByRole('link', { name: /^Call/ })).toBeInViewport({ ratio: 1 });
  await expect(bar.getByRole('link', { name: /^Navigate/ })).toBeInViewport({ ratio: 1 });
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(PHONE.height + 1);
  expect(barBox.y).toBeGreaterThan(PHONE.height / 2);

  // Every target of the cards and the worker tabs is at least 44x44, with its words whole.
  expect(await smallOrClippedTargets(card)).toEqual([]);
  expect(await smallOrClippedTargets(first)).toEqual([]);
  expect(await smallOrClippedTargets(page.getByRole('navigation', { name: 'Technician' }))).toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, 'worker-day-jobs-360x740.png') });

  // The technician accepts the job from the bar; the bar offers the next step, still big.
  await card.getByRole('button', { name: 'Accept job' }).tap();
  await expect(card.getByText('Status: Accepted')).toBeVisible();
  await expect(card.getByRole('button', { name: 'On my way' })).toBeVisible();
  expect(await smallOrClippedTargets(card)).toEqual([]);

  // The worker app's chrome: no customer places, in the header's menu or the footer.
  await page.getByRole('button', { name: 'Open menu' }).tap();
  const menuLinks = await page.locator('header').getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const footerLinks = await page.locator('footer').getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  for (const href of [...menuLinks, ...footerLinks]) expect(href ?? '', 'a link of the worker app').not.toMatch(/^\/(my-bookings|settings|book|services|auth)\b/);
  expect(menuLinks).toContain('/worker');
  expect(await sidewaysOverflow(page)).toBe(0);

  // The other worker pages fit the phone too.
  for (const [pathname, heading] of [['/worker/availability', 'My availability'], ['/worker/settings', 'My settings']] as const) {
    await page.goto(pathname);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await sidewaysOverflow(page), pathname).toBe(0);
    expect(await smallOrClippedTargets(page.getByRole('main')), pathname).toEqual([]);
  }

  // Opening the app again goes straight to the day, not the login.
  await page.goto('/');
  await expect(page).toHaveURL(/\/worker$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My day' })).toBeVisible();

  // In Spanish (longer words) the day still fits, with whole labels and big targets.
  await page.evaluate(() => localStorage.setItem('lang', 'es'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi día' })).toBeVisible();
  const tarjeta = page.getByRole('article').filter({ hasText: soon.reference });
  await expect(tarjeta.getByRole('link', { name: /^Llamar/ })).toBeVisible();
  expect(await smallOrClippedTargets(tarjeta)).toEqual([]);
  expect(await smallOrClippedTargets(page.getByRole('navigation', { name: 'Técnico' }))).toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);

  await Promise.all([customer.close(), office.close(), phone.close()]);
});
