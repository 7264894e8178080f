import { expect, test, type Page } from '@playwright/test';
import { chooseTomorrowsFirstTime, fillAddress, next, payAndConfirm, signUpInline } from './support/booking-flow';

/**
 * Saved cards end to end (issue #14): a declined card is never saved, so it is offered neither on
 * the next booking nor in Settings; a card typed again is listed once.
 */

async function chooseTvInstallation(page: Page, dayIndex: number) {
  await page.goto('/book/tv-installation');
  await next(page); // Service
  await page.getByLabel('40-55"').check();
  await page.getByLabel(/drilling into walls/).check();
  await page.getByLabel(/service limitations/).check();
  await next(page);
  await chooseTomorrowsFirstTime(page, dayIndex);
  await fillAddress(page);
}

test('a declined card is not offered on the next booking nor in Settings, and a card typed twice is listed once', async ({ page }) => {
  test.setTimeout(120_000);

  await test.step('first booking: the declined card is refused, then a good card books', async () => {
    await chooseTvInstallation(page, 1);
    await signUpInline(page, `saved-cards-${Date.now()}@example.com`);
    await payAndConfirm(page, '4000 0000 0000 0002');
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Payment/ }).first()).toBeVisible();
    await payAndConfirm(page);
    await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  });

  await test.step('second booking: only the good card is offered, pre-selected; typing it again books', async () => {
    await chooseTvInstallation(page, 2);
    await expect(page.getByRole('heading', { name: /Payment/ }).first()).toBeVisible();
    const cards = page.getByRole('group', { name: 'Saved cards' });
    await expect(cards.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
    await expect(cards.getByRole('radio', { name: /ending in 0002/ })).toHaveCount(0);
    await expect(page.getByText(/ending in 0002/)).toHaveCount(0);
    await page.getByRole('radio', { name: 'Use a new card' }).check();
    await payAndConfirm(page);
    await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  });

  await test.step('Settings lists the good card once, as the default, and not the declined one', async () => {
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Payment Methods' });
    await expect(section.getByText(/ending in 4242/i)).toHaveCount(1);
    await expect(section.getByText('Default', { exact: true })).toBeVisible();
    await expect(section.getByText(/ending in 0002/i)).toHaveCount(0);
  });
});
