import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/e2e-admin';
import { chooseTomorrowsFirstTime, fillAddress, next, payAndConfirm, signUpInline } from './support/booking-flow';

/**
 * Payments on the simulated gateway: a customer cancels free of charge and sees "no charge";
 * a job completed through the admin API shows the receipt with the captured amount.
 */

async function bookTv(page: import('@playwright/test').Page, email: string, dayIndex: number) {
  await page.goto('/book/tv-installation');
  await next(page);
  await page.getByLabel('40-55"').check();
  await page.getByLabel(/drilling into walls/).check();
  await page.getByLabel(/service limitations/).check();
  await next(page);
  await chooseTomorrowsFirstTime(page, dayIndex);
  await fillAddress(page);
  await signUpInline(page, email);
  await payAndConfirm(page);
  await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  return (await page.getByText(/^TB-[A-Z0-9]{6}$/).first().textContent())!;
}

test('a customer cancels free of charge and sees "no charge"', async ({ page }) => {
  await bookTv(page, `cancel-${Date.now()}@example.com`, 3);
  await page.goto('/my-bookings');
  await page.getByRole('button', { name: 'Cancel booking' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('No charge')).toBeVisible();
  await expect(dialog.getByText(/3-5 business days/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Cancelled — no charge').first()).toBeVisible();
  await expect(page.getByText(/Hold released/).first()).toBeVisible();
});

test('a completed job shows the receipt with the captured amount', async ({ page, playwright, baseURL }) => {
  const reference = await bookTv(page, `complete-${Date.now()}@example.com`, 1);
  const bookings = await (await page.request.get('/api/bookings')).json();
  const booking = bookings.bookings.find((b: { reference: string }) => b.reference === reference);
  expect(booking.payment.status).toBe('authorized');

  // The operator completes the job on the worker's behalf through the admin API.
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  expect((await admin.post('/api/auth/sign-in/email', { data: E2E_ADMIN })).ok()).toBe(true);
  const completed = await admin.post(`/api/admin/bookings/${booking.id}/complete`, { data: {} });
  expect(completed.status()).toBe(200);
  await admin.dispose();

  await page.goto('/my-bookings');
  const card = page.getByRole('article').filter({ hasText: reference });
  await expect(card.getByText('Completed').first()).toBeVisible();
  await expect(card.getByText('Charged to your card').first()).toBeVisible();
  await expect(card.getByText('$48.38').first()).toBeVisible();
  await expect(card.getByText('Paid in total')).toBeVisible();
});
