import { expect, test } from '@playwright/test';
import { chooseTomorrowsFirstTime, confirmWithSavedCard, fillAddress, next, payAndConfirm, signUpInline } from './support/booking-flow';

/**
 * A new customer books each service from the home page to "Booking received!" and sees the
 * bookings in My Bookings; each validation message of the spec appears when its rule is broken.
 */

test('a new customer books a TV installation, furniture assembly and painting, and sees them in My Bookings', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;

  // TV installation, from the home page, signing up inline.
  await page.goto('/');
  await page.locator('a[href="/book/tv-installation"]').first().click();
  await expect(page).toHaveURL(/\/book\/tv-installation$/);
  await next(page); // Service
  await page.getByLabel('40-55"').check();
  await page.getByLabel('Flat mount').check();
  await page.getByLabel(/drilling into walls/).check();
  await page.getByLabel(/service limitations/).check();
  await expect(page.getByText('$48.38').filter({ visible: true }).first()).toBeVisible(); // $45 + 7.5% tax
  await next(page);
  await chooseTomorrowsFirstTime(page);
  await fillAddress(page);
  await signUpInline(page, email);
  await payAndConfirm(page);
  await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  await expect(page.getByText('Our team will be in touch within 5-10 minutes.')).toBeVisible();
  await expect(page.getByText(/technician and ETA will show/)).toBeVisible();

  // Furniture assembly, already signed in (the Sign In step is skipped).
  await page.goto('/book/furniture-assembly');
  await next(page);
  await page.getByLabel('Product name').fill('IKEA MALM 6-drawer dresser');
  await page.getByLabel('Estimated hours').selectOption('2');
  await next(page);
  await chooseTomorrowsFirstTime(page);
  await fillAddress(page, '33629');
  await expect(page.getByRole('heading', { name: /Payment/ }).first()).toBeVisible();
  // the card from the first booking is saved: it is offered, checked, and used
  await confirmWithSavedCard(page);
  await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();

  // Painting, through the /services/{slug}/book route.
  await page.goto('/services/painting/book');
  await next(page);
  await page.getByLabel('Rooms').selectOption('2');
  await page.getByLabel('Paint color code').fill('SW 7005 Pure White');
  await page.getByLabel("I'll provide the paint").check();
  await next(page);
  await chooseTomorrowsFirstTime(page);
  await fillAddress(page, '33647');
  await confirmWithSavedCard(page);
  await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();

  // My Bookings (through the account menu) lists all three.
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'My Bookings' }).click();
  await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Painting').first()).toBeVisible();
  await expect(main.getByText('Furniture assembly').first()).toBeVisible();
  await expect(main.getByText('TV installation').first()).toBeVisible();
  await expect(main.getByText('$48.38').filter({ visible: true }).first()).toBeVisible();
  await expect(main.getByText('$537.50').filter({ visible: true }).first()).toBeVisible();
});

test('each validation message appears when its rule is broken', async ({ page }) => {
  await page.goto('/book/tv-installation');
  await next(page);
  await next(page);
  await expect(page.getByText('Please select a screen size.')).toBeVisible();
  await expect(page.getByText('Please accept the wall risk disclaimer to continue.')).toBeVisible();
  await expect(page.getByText('Please acknowledge the service limitations.')).toBeVisible();
  await page.getByLabel('Under 40"').check();
  await page.getByLabel(/drilling into walls/).check();
  await next(page);
  await expect(page.getByText('Please select a screen size.')).toBeHidden();
  await expect(page.getByText('Please accept the wall risk disclaimer to continue.')).toBeHidden();
  await expect(page.getByText('Please acknowledge the service limitations.')).toBeVisible();

  await page.goto('/book/furniture-assembly');
  await next(page);
  await next(page);
  await expect(page.getByText('Please provide at least one: product name, URL, or photo.')).toBeVisible();

  // Outside the service area, and the sign-in requirement.
  await page.goto('/book/painting');
  await next(page);
  await page.getByLabel('Buy the paint for me').check();
  await next(page);
  await chooseTomorrowsFirstTime(page);
  await fillAddress(page, '33701');
  await expect(page.getByText(/don't serve ZIP code 33701/)).toBeVisible();
  await page.getByLabel('ZIP code').fill('33602');
  await page.getByRole('button', { name: 'Schedule Service' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please sign in to continue with your booking.')).toBeVisible();
});

test('the draft survives a reload and a declined card creates no booking', async ({ page }) => {
  await page.goto('/book/tv-installation');
  await next(page);
  await page.getByLabel('66-75"').check();
  await page.getByLabel(/drilling into walls/).check();
  await page.getByLabel(/service limitations/).check();
  await next(page);
  await chooseTomorrowsFirstTime(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Address & Schedule/ }).first()).toBeVisible();
  await fillAddress(page);
  await signUpInline(page, `declined-${Date.now()}@example.com`);
  await payAndConfirm(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Payment/ }).first()).toBeVisible();
  await page.goto('/my-bookings');
  await expect(page.getByText('You have no bookings yet.')).toBeVisible();
});
