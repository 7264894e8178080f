import { expect, type Page } from '@playwright/test';

/** Steps of the booking flow, as a customer does them, shared by the end-to-end specs. */

export const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

export async function chooseTomorrowsFirstTime(page: Page, dayIndex = 1) {
  await expect(page.getByRole('heading', { name: /Date & Time/ }).first()).toBeVisible();
  const dates = page.getByRole('group', { name: 'Date' }).getByRole('button');
  await dates.nth(dayIndex).click();
  const times = page.getByRole('radiogroup', { name: /Start times/ }).getByRole('radio');
  await times.first().click();
  await next(page);
}

export async function fillAddress(page: Page, zip = '33602') {
  await page.getByLabel('Street address').fill('100 N Tampa St');
  await page.getByLabel('City').fill('Tampa');
  await page.getByLabel('ZIP code').fill(zip);
  await page.getByLabel('Contact phone').fill('(813) 555-0123');
  await page.getByRole('button', { name: 'Schedule Service' }).click();
}

export async function signUpInline(page: Page, email: string) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please sign in to continue with your booking.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.getByLabel('Full name (optional)').fill('Rosa Díaz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-9');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
}

export async function payAndConfirm(page: Page, card = '4242 4242 4242 4242') {
  await expect(page.getByText('Test mode').first()).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm & Book' }).click();
}


/** At the Payment step of a customer with saved cards: the default card is checked; book with it. */
export async function confirmWithSavedCard(page: Page, card: RegExp = /Visa ending in 4242/) {
  const saved = page.getByRole('group', { name: 'Saved cards' });
  await expect(saved.getByRole('radio', { name: card })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm & Book' }).click();
}
