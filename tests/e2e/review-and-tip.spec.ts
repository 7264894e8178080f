import { expect, test } from '@playwright/test';
import { assignAsAdmin, completeAsAdmin, workerIdByName } from './support/api-admin';
import { signInByApi, signUpCustomerByApi } from './support/api-auth';
import { bookTvByApi } from './support/api-booking';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN, E2E_WORKER } from './support/e2e-admin';

/**
 * Issue #14, reviews and tips: a customer's job is completed through the admin path; from the
 * receipt email's link (/my-bookings?booking=ID&review=1) the customer rates it with the keyboard
 * (a star radio group), adds a tip (nothing pre-selected), and sees both on the booking: their
 * review, the tip on the receipt and the technician's rating; the admin sees the rating in
 * /admin/workers and hides the review. No serious or critical axe finding.
 */

test('after the job is completed the customer rates it and adds a tip in My Bookings', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const customerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  await signUpCustomerByApi(customerContext.request, origin, { name: 'Rita Review', emailPrefix: 'review', password: 'review-password-1' });
  await signInByApi(adminContext.request, origin, E2E_ADMIN);

  // Booked for tomorrow's first free start, assigned to Wes, and completed by the admin on his behalf.
  const booking = await bookTvByApi(customerContext.request, origin, { dayIndex: 1, keyPrefix: 'e2e-review' });
  await assignAsAdmin(adminContext.request, origin, booking.id, await workerIdByName(adminContext.request, E2E_WORKER.name));
  await completeAsAdmin(adminContext.request, origin, booking.id);

  // The receipt email's link opens My Bookings on this booking's review, the first star focused.
  const page = await customerContext.newPage();
  await page.goto(`/my-bookings?booking=${booking.id}&review=1`);
  const card = page.getByRole('article').filter({ hasText: booking.reference });
  await expect(card.getByRole('heading', { name: 'Rate this job' })).toBeVisible();
  await expect(card).toBeVisible();
  const stars = card.getByRole('group', { name: /Choose 1 to 5 stars/ });
  await expect(stars.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // Arrow keys move along the stars: four stars, a comment, sent.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await card.getByLabel('Comment (optional)').fill('Neat job, cables hidden.');
  await card.getByRole('button', { name: 'Send review' }).click();
  await expect(card.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(card.getByText('4 stars')).toBeVisible();
  await expect(card.getByText('Neat job, cables hidden.')).toBeVisible();
  await expect(card.getByText(/Rated 4 of 5 \(1 review\)/)).toBeVisible();

  // The tip: suggestions, none chosen until the customer picks one.
  const tip = card.getByRole('region', { name: `Add a tip for ${E2E_WORKER.name}` });
  await expect(tip).toBeVisible();
  const choices = tip.getByRole('radio');
  await expect(choices).toHaveCount(4);
  for (const choice of await choices.all()) await expect(choice).not.toBeChecked();
  await tip.getByRole('button', { name: 'Add tip' }).click();
  await expect(tip.getByText('Choose a tip amount first.')).toBeVisible();
  const fifteen = Math.round(booking.totalCents * 0.15);
  const amount = `$${(fifteen / 100).toFixed(2)}`;
  await tip.getByRole('radio', { name: `15% (${amount})` }).check();
  await tip.getByRole('button', { name: `Add tip of ${amount}` }).click();

  await expect(card.getByRole('heading', { name: `Tip: ${amount}` })).toBeVisible();
  await expect(card.getByText(`Thank you! ${E2E_WORKER.name} gets all of it.`)).toBeVisible();
  const receipt = card.getByRole('region', { name: /receipt/i });
  await expect(receipt.getByText('Tip', { exact: true })).toBeVisible();
  await expect(receipt.getByRole('definition').filter({ hasText: amount })).toBeVisible();

  // Still there after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Tip: ${amount}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The admin sees Wes's rating in /admin/workers and hides the review with a reason.
  const admin = await adminContext.newPage();
  await admin.goto('/admin/workers');
  const wesCard = admin.getByRole('article', { name: E2E_WORKER.name });
  await expect(wesCard.getByText('1 review', { exact: true })).toBeVisible();
  await wesCard.getByText('Reviews', { exact: true }).click();
  await expect(wesCard.getByText('Neat job, cables hidden.')).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await wesCard.getByRole('button', { name: 'Hide review' }).click();
  await wesCard.getByLabel('Why hide it (staff only)').fill('Test of hiding');
  await wesCard.getByRole('button', { name: 'Hide review now' }).click();
  await expect(wesCard.getByText('Hidden: Test of hiding')).toBeVisible();
  await expect(wesCard.getByText('1 review', { exact: true })).toBeHidden();
  await customerContext.close();
  await adminContext.close();
});
