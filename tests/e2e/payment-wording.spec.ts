import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { completeAsAdmin } from './support/api-admin';
import { signInByApi, signUpCustomerByApi } from './support/api-auth';
import { bookTvByApi } from './support/api-booking';
import { seriousViolations } from './support/axe';
import { chooseTomorrowsFirstTime, fillAddress, next } from './support/booking-flow';
import { E2E_ADMIN } from './support/e2e-admin';

/**
 * Issue #14, defect 1 and "Receipts": every screen tells the same payment truth, decided by one
 * domain function (paymentTimingNotice): a job a week or more out saves the card and places the
 * hold about 24 hours before; a same-week job holds the amount now. And a completed job's PDF
 * receipt downloads from My Bookings and names the right total. No serious or critical axe
 * finding on any page visited.
 */

const FAR = /Your card is saved now; we place the hold of \$48\.38 about 24 hours before the job/;
const NEAR = "We place a hold of $48.38 on your card now; you're charged only after the job is done.";
const HELD = "$48.38 held on your card, not charged yet – you're charged only after the job is done.";

/** A 40-55" flat-mounted TV ($45 + 7.5% tax = $48.38) up to the Payment step, on the `dayIndex`-th offered date. */
async function toPayment(page: Page, dayIndex: number) {
  await page.goto('/book/tv-installation');
  await next(page);
  await page.getByLabel('40-55"').check();
  await page.getByLabel('Flat mount').check();
  await page.getByLabel(/drilling into walls/).check();
  await page.getByLabel(/service limitations/).check();
  await next(page);
  await chooseTomorrowsFirstTime(page, dayIndex);
  await fillAddress(page);
  await expect(page.getByRole('heading', { name: /Payment/ }).first()).toBeVisible();
}

async function enterCardAndReview(page: Page) {
  const newCard = page.getByRole('radio', { name: 'Use a new card' });
  if (await newCard.isVisible()) await newCard.check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Confirm & Book' })).toBeVisible();
}

test('the far-future hold wording on every screen', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUpCustomerByApi(page.context().request, baseURL!, { name: 'Farah', emailPrefix: 'farah', password: 'wording-password-1' });

  // A week or more out: the card is saved now, the hold comes about 24 hours before the job.
  await toPayment(page, 7);
  await expect(page.getByText(FAR)).toBeVisible();
  await expect(page.getByText(/hold of \$48\.38 on your card now/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await enterCardAndReview(page);
  await expect(page.getByText(FAR)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm & Book' }).click();
  await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  await expect(page.getByText(FAR)).toBeVisible();
  await expect(page.getByText('$0.00')).toHaveCount(0);
  const farReference = (await page.getByText(/^TB-[A-Z0-9]+$/).first().textContent())!;
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/my-bookings');
  const farCard = page.getByRole('article').filter({ hasText: farReference });
  await expect(farCard.getByText(FAR)).toBeVisible();
  await expect(farCard.getByText('Held on your card', { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The same week: the amount is held now, and every screen says so.
  await toPayment(page, 1);
  await expect(page.getByText(NEAR)).toBeVisible();
  await expect(page.getByText(FAR)).toHaveCount(0);
  await enterCardAndReview(page);
  await expect(page.getByText(NEAR)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm & Book' }).click();
  await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  await expect(page.getByText(HELD)).toBeVisible();
  const nearReference = (await page.getByText(/^TB-[A-Z0-9]+$/).first().textContent())!;
  await page.goto('/my-bookings');
  const nearCard = page.getByRole('article').filter({ hasText: nearReference });
  await expect(nearCard.getByText(HELD)).toBeVisible();
  await expect(nearCard.getByText('Held on your card', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the PDF receipt downloads and names the right total', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const customer = await browser.newContext();
  const admin = await browser.newContext();
  await signUpCustomerByApi(customer.request, origin, { name: 'Pedro', emailPrefix: 'pedro', password: 'wording-password-1' });
  await signInByApi(admin.request, origin, E2E_ADMIN);

  // Booked through the API for the second offered day's last start, then completed by the admin.
  const booking = await bookTvByApi(customer.request, origin, { dayIndex: 1, slot: 'last', keyPrefix: 'e2e-pdf' });
  expect(booking.totalCents).toBe(4838);
  await completeAsAdmin(admin.request, origin, booking.id, 'e2e-pdf-complete');

  const page = await customer.newPage();
  await page.goto('/my-bookings');
  const bookingCard = page.getByRole('article').filter({ hasText: booking.reference });
  await expect(bookingCard.getByText('Charged to your card: $48.38.')).toBeVisible();
  await expect(bookingCard.getByText('Held on your card', { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), bookingCard.getByRole('link', { name: /Download receipt \(PDF\)/ }).click()]);
  expect(download.suggestedFilename()).toBe(`receipt-${booking.reference}.pdf`);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain(`Receipt ${booking.reference}`);
  expect(flat).toMatch(/Total \$48\.38/);
  expect(flat).toMatch(/Paid in total \$48\.38/);
  await customer.close();
  await admin.close();
});
