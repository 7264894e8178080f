import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/e2e-admin';

/**
 * Issue #14, reminders and the arrival window: the link of a reminder mail
 * (/my-bookings?booking=ID&action=reschedule|cancel) opens that booking's dialog; the card shows the
 * arrival window, and an admin's new "Arrival window (minutes)" on /admin/settings widens it. No
 * serious or critical axe finding on either page.
 */

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
}

/** Books a TV installation through the API at the first free start three days ahead (free to reschedule). */
async function bookTv(request: APIRequestContext, origin: string): Promise<{ id: string; scheduledStart: string }> {
  const headers = { Origin: origin };
  const card = await request.post('/api/payments/test-mode/payment-methods', { data: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }, headers });
  expect(card.status()).toBe(201);
  const paymentMethodId = ((await card.json()) as { id: string }).id;
  const today = (await (await request.get('/api/services/tv-installation/slots?durationMinutes=60')).json()) as { dates: string[] };
  const slots = (await (await request.get(`/api/services/tv-installation/slots?durationMinutes=60&date=${today.dates[3]}`)).json()) as { starts: string[] };
  const booking = await request.post('/api/bookings', {
    data: {
      options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
      address: { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' },
      contactPhone: '8135550123',
      startAt: slots.starts[0],
      paymentMethodId,
    },
    headers: { ...headers, 'Idempotency-Key': `e2e-reminder-${Date.now()}` },
  });
  expect(booking.status()).toBe(201);
  return (await booking.json()) as { id: string; scheduledStart: string };
}

const tampaTime = (instant: number) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(instant);

test('a reminder’s links open the booking’s dialogs; the arrival window follows the admin’s setting', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const customer = await browser.newContext();
  const admin = await browser.newContext();
  const signUp = await customer.request.post('/api/auth/sign-up/email', {
    data: { email: `reminder-${Date.now()}@example.com`, password: 'reminder-password-1', name: 'Rosa Reminder', termsAccepted: true },
    headers: { Origin: origin },
  });
  expect(signUp.ok()).toBe(true);
  expect((await admin.request.post('/api/auth/sign-in/email', { data: E2E_ADMIN, headers: { Origin: origin } })).ok()).toBe(true);
  const booking = await bookTv(customer.request, origin);
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
