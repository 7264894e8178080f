import { expect, test, type Page } from '@playwright/test';
import { signUpCustomerByApi } from './support/api-auth';
import { seriousViolations } from './support/axe';
import { chooseTomorrowsFirstTime, next, payAndConfirm } from './support/booking-flow';

/**
 * Issue #14, the everyday details: an address saved from the booking flow (and the phone kept
 * on the profile) is offered on the next booking; toasts never cover the header's Call Now; the
 * chosen date stays in sight in its row on a phone; /worker/enroll invites anonymous
 * applicants; the network-failure screen tells the truth under the site header. No serious or
 * critical axe violation on any page visited.
 */

const STREET = '2202 N Westshore Blvd';
const ZIP = '33607';

async function chooseTvOptions(page: Page) {
  await page.goto('/book/tv-installation');
  await next(page); // Service
  await page.getByLabel('40-55"').check();
  await page.getByLabel('Flat mount').check();
  await page.getByLabel(/drilling into walls/).check();
  await page.getByLabel(/service limitations/).check();
  await next(page);
}

/** The box and the header's Call Now never overlap (both visible). */
async function expectApart(page: Page, toastText: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: toastText });
  await expect(toast).toBeVisible();
  const callNow = page.getByRole('banner').getByRole('link', { name: /Call/ }).first();
  // measured where it rests: sonner slides a toast in, so wait until it stops moving
  let previous = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await toast.boundingBox());
      const settled = now === previous;
      previous = now;
      return settled;
    }, { intervals: [150] })
    .toBe(true);
  const [a, b] = [await toast.boundingBox(), await callNow.boundingBox()];
  expect(a && b).toBeTruthy();
  const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap, `toast ${JSON.stringify(a)} covers Call Now ${JSON.stringify(b)}`).toBe(false);
}

test('saving an address from the flow: the next booking offers it and the phone', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `save-address-${Date.now()}@example.com`;

  await test.step('sign up (the success toast stays clear of Call Now)', async () => {
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-9');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
    await expectApart(page, 'Your account is ready.');
  });

  await test.step('first booking: "Save this address" is offered, checked, for a first address', async () => {
    await chooseTvOptions(page);
    await chooseTomorrowsFirstTime(page);
    await expect(page.getByRole('heading', { name: /Address & Schedule/ }).first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Saved addresses' })).toHaveCount(0);
    const save = page.getByRole('checkbox', { name: 'Save this address for next time' });
    await expect(save).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Street address').fill(STREET);
    await page.getByLabel('City').fill('Tampa');
    await page.getByLabel('ZIP code').fill(ZIP);
    await page.getByLabel('Contact phone').fill('(813) 555-0142');
    await page.getByRole('button', { name: 'Schedule Service' }).click();
    await payAndConfirm(page);
    await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  });

  await test.step('second booking: the address is preselected, the phone filled in', async () => {
    await chooseTvOptions(page);
    await chooseTomorrowsFirstTime(page, 2);
    const saved = page.getByRole('group', { name: 'Saved addresses' });
    await expect(saved.getByRole('radio', { name: new RegExp(`^${STREET}, Tampa, FL ${ZIP}`) })).toBeChecked();
    await expect(page.getByLabel('Street address')).toHaveValue(STREET);
    await expect(page.getByLabel('ZIP code')).toHaveValue(ZIP);
    await expect(page.getByLabel('Contact phone')).toHaveValue(/813.*555.*0142/);
    // already saved: nothing more to save
    await expect(page.getByRole('checkbox', { name: 'Save this address for next time' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('Settings lists it once, as the default, and the profile keeps the phone', async () => {
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Saved Addresses' });
    await expect(section.getByText(STREET)).toHaveCount(1);
    await expect(section.getByText('Default', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Personal Information' }).getByLabel('Phone', { exact: true })).toHaveValue(/813.*555.*0142/);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the chosen date stays in sight in its row, which shows that it scrolls', async ({ page }) => {
    await chooseTvOptions(page);
    const row = page.getByRole('group', { name: 'Date' });
    await expect(row.getByRole('button').first()).toBeVisible();
    // more dates lie to the right, and the row says so
    await expect(page.getByRole('button', { name: 'Scroll right' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const last = row.getByRole('button').last();
    await last.click();
    await page.getByRole('radiogroup', { name: /Start times/ }).getByRole('radio').first().click();
    await next(page);
    // back at Date & Time (as after "that time was just taken"), the chosen date is in view
    await page.getByRole('button', { name: 'Change time' }).click();
    const chosen = row.locator('[aria-pressed="true"]');
    await expect(chosen).toBeVisible();
    const [rowBox, chipBox] = [await row.boundingBox(), await chosen.boundingBox()];
    expect(chipBox!.x).toBeGreaterThanOrEqual(rowBox!.x - 1);
    expect(chipBox!.x + chipBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width + 1);
    await expect(page.getByRole('button', { name: 'Scroll left' })).toBeVisible();
  });

  test('/worker/enroll invites an anonymous applicant to sign up and apply', async ({ page }) => {
    await page.goto('/worker/enroll');
    await expect(page.getByRole('heading', { level: 1, name: 'Work with us' })).toBeVisible();
    await expect(page.getByText('This page is for our team', { exact: false })).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign up to apply' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup&redirect=%2Fworker%2Fenroll/);
    await expect(page.getByRole('button', { name: 'Create Account', exact: true })).toBeVisible();
    await page.goBack();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('before the service worker has the page', () => {
    // What a visitor sees when a page's code did not download: the first visit before the
    // service worker installed (or a browser without one). Once the worker has precached the
    // app (tests/e2e/pwa.spec.ts), /about opens offline, so it is kept out of this test.
    test.use({ serviceWorkers: 'block' });

    test('a page that fails to load offline: the truth, the header, and unwrapped buttons', async ({ page, context }) => {
      await page.goto('/');
      await expect(page.getByRole('banner')).toBeVisible();
      await context.setOffline(true);
      // a page whose code is not loaded yet: the router has to download it
      await page.evaluate(() => {
        window.history.pushState({}, '', '/about');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page.getByRole('heading', { level: 1, name: "We couldn't reach our servers" })).toBeVisible();
      await expect(page.getByText(/Check your connection and try again/)).toBeVisible();
      await expect(page.getByText(/Our team has been notified/)).toHaveCount(0);
      await expect(page.getByRole('banner')).toBeVisible();
      for (const action of [page.getByRole('button', { name: 'Try Again' }), page.getByRole('link', { name: 'Go Home' }), page.getByRole('link', { name: 'Report Bug' })]) {
        const box = await action.boundingBox();
        // one line of text: the button keeps its 48 px height
        expect(box!.height).toBeLessThanOrEqual(50);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await context.setOffline(false);
    });
  });

  test('a toast stays clear of Call Now on a phone', async ({ page, baseURL }) => {
    await signUpCustomerByApi(page.context().request, baseURL!, { name: 'Tina Toast', emailPrefix: 'toast', password: 'toast-password-1' });
    await page.goto('/settings');
    const personal = page.getByRole('region', { name: 'Personal Information' });
    await personal.getByLabel('Full name').fill('Tina Toast-Ruiz');
    await personal.getByRole('button', { name: 'Save changes' }).click();
    await expectApart(page, 'Your changes have been saved.');
  });
});
