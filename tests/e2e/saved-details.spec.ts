import { expect, test, type Page } from '@playwright/test';
import { chooseTomorrowsFirstTime, next, payAndConfirm } from './support/booking-flow';

/**
 * Saved details end to end: a new customer adds an address in Settings and the booking flow
 * offers it (pre-selected, fields filled) at Address & Schedule; the card used for the first
 * booking is offered (pre-selected) at Payment on the second booking.
 */

const STREET = '4202 W Kennedy Blvd';
const ZIP = '33609'; // inside the service area (src/domain/service-area.ts: 33609-33621)
const ONE_LINE = `${STREET}, Tampa, FL ${ZIP}`;

async function chooseTvInstallation(page: Page) {
  await page.goto('/book/tv-installation');
  await next(page); // Service
  await page.getByLabel('40-55"').check();
  await page.getByLabel('Flat mount').check();
  await page.getByLabel(/drilling into walls/).check();
  await page.getByLabel(/service limitations/).check();
  await next(page);
}

/** At Address & Schedule: the saved address is offered and pre-selected, its fields filled. */
async function expectSavedAddressPreselected(page: Page) {
  await expect(page.getByRole('heading', { name: /Address & Schedule/ }).first()).toBeVisible();
  const saved = page.getByRole('group', { name: 'Saved addresses' });
  await expect(saved).toBeVisible();
  await expect(saved.getByRole('radio', { name: ONE_LINE })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Enter a new address' })).not.toBeChecked();
  await expect(page.getByLabel('Street address')).toHaveValue(STREET);
  await expect(page.getByLabel('City')).toHaveValue('Tampa');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('FL');
  await expect(page.getByLabel('ZIP code')).toHaveValue(ZIP);
}

test('an address saved in Settings is used for a booking, and the saved card is offered on the next one', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `saved-${Date.now()}@example.com`;

  await test.step('sign up a new customer at /auth', async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign up', exact: true }).or(page.getByRole('tab', { name: 'Sign up' })).first().click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-9');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  });

  await test.step('add an address in Settings > Saved Addresses', async () => {
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Saved Addresses' });
    await expect(section.getByText('You have no saved addresses yet.')).toBeVisible();
    await section.getByRole('button', { name: 'Add address' }).click();
    await section.getByLabel('Street address').fill(STREET);
    await section.getByLabel('City').fill('Tampa');
    await section.getByLabel('State', { exact: true }).fill('FL');
    await section.getByLabel('ZIP code').fill(ZIP);
    await section.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address saved.')).toBeVisible();
    await expect(section.getByText(STREET)).toBeVisible();
    await expect(section.getByText(`Tampa, FL ${ZIP}`)).toBeVisible();
    await expect(section.getByText('Default', { exact: true })).toBeVisible();
  });

  await test.step('first booking: the saved address is pre-selected; pay with a new card', async () => {
    await chooseTvInstallation(page);
    await chooseTomorrowsFirstTime(page);
    await expectSavedAddressPreselected(page);
    await page.getByLabel('Contact phone').fill('(813) 555-0123');
    await page.getByRole('button', { name: 'Schedule Service' }).click();
    // Signed in: the Sign In step is skipped. No saved card yet, so the card form shows.
    await expect(page.getByRole('heading', { name: /Payment/ }).first()).toBeVisible();
    await payAndConfirm(page);
    await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  });

  await test.step('My Bookings shows the booking at the saved address', async () => {
    await page.goto('/my-bookings');
    await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('TV installation').first()).toBeVisible();
    await expect(main.getByText(new RegExp(STREET)).first()).toBeVisible();
  });

  await test.step('second booking: saved address and saved card are both pre-selected', async () => {
    await chooseTvInstallation(page);
    await chooseTomorrowsFirstTime(page, 2);
    await expectSavedAddressPreselected(page);
    await page.getByLabel('Contact phone').fill('(813) 555-0123');
    await page.getByRole('button', { name: 'Schedule Service' }).click();

    await expect(page.getByRole('heading', { name: /Payment/ }).first()).toBeVisible();
    const cards = page.getByRole('group', { name: 'Saved cards' });
    await expect(cards).toBeVisible();
    await expect(cards.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Use a new card' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm & Book' }).click();
    await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  });

  await test.step('My Bookings lists both bookings', async () => {
    await page.goto('/my-bookings');
    await expect(page.getByRole('main').getByText(new RegExp(STREET))).toHaveCount(2);
  });
});
