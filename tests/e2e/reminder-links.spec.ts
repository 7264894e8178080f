import { expect, test } from '@playwright/test';
import { signInByApi, signUpCustomerByApi } from './support/api-auth';
import { bookTvByApi } from './support/api-booking';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN } from './support/e2e-admin';

/**
 * Issue #14, reminders and the arrival window: the link of a reminder mail
 * (/my-bookings?booking=ID&action=reschedule|cancel) opens that booking's dialog; the card shows the
 * arrival window, and an admin's new "Arrival window (minutes)" on /admin/settings widens it. No
 * serious or critical axe finding on either page.
 */

const tampaTime = (instant: number) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(instant);

test('a reminder’s links open the booking’s dialogs; the arrival window follows the admin’s setting', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const customer = await browser.newContext();
  const admin = await browser.newContext();
  await signUpCustomerByApi(customer.request, origin, { name: 'Rosa Reminder', emailPrefix: 'reminder', password: 'reminder-password-1' });
  await signInByApi(admin.request, origin, E2E_ADMIN);
  // The first free start three days ahead (free to reschedule).
  const booking = await bookTvByApi(customer.request, origin, { dayIndex: 3, keyPrefix: 'e2e-reminder' });
  const start = Date.parse(booking.scheduledStart);

  const page = await customer.newPage();
  await page.goto(`/my-bookings?booking=${booking.id}&action=reschedule`);
  const reschedule = page.getByRole('dialog', { name: 'Reschedule your booking' });
  await expect(reschedule).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(reschedule).toBeHidden();
  const card = page.getByRole('article');
  await expect(card).toContainText(`Arrival window (Tampa time)${tampaTime(start)} – ${tampaTime(start + 60 * 60_000)}`);

  await page.goto(`/my-bookings?booking=${booking.id}&action=cancel`);
  await expect(page.getByRole('dialog', { name: 'Cancel this booking?' })).toBeVisible();

  // The admin widens the window to 90 minutes in "Jobs and workers".
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin/settings#job-rules');
  const section = adminPage.getByRole('region', { name: 'Jobs and workers' });
  await expect(section.getByLabel('Arrival window (minutes)')).toHaveValue('60');
  expect(await seriousViolations(adminPage)).toEqual([]);
  await section.getByLabel('Arrival window (minutes)').fill('90');
  await section.getByRole('button', { name: 'Save Jobs and workers' }).click();
  await expect(adminPage.getByText('Jobs and workers saved.')).toBeVisible();

  await page.goto('/my-bookings');
  await expect(page.getByRole('article')).toContainText(`${tampaTime(start)} – ${tampaTime(start + 90 * 60_000)}`);

  // Back to the default for the other specs.
  await section.getByLabel('Arrival window (minutes)').fill('60');
  await section.getByRole('button', { name: 'Save Jobs and workers' }).click();
  await expect(adminPage.getByText('Jobs and workers saved.').first()).toBeVisible();
  await customer.close();
  await admin.close();
});
