import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_WORKER } from './support/e2e-admin';

/**
 * Issue #14, reviews and tips: a customer's job is completed through the admin path; from the
 * receipt email's link (/my-bookings?booking=ID&review=1) the customer rates it with the keyboard
 * (a star radio group), adds a tip (nothing pre-selected), and sees both on the booking: their
 * review, the tip on the receipt and the technician's rating; the admin sees the rating in
 * /admin/workers and hides the review. No serious or critical axe finding.
 */

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
}

/** Books a TV installation for the customer through the API, at tomorrow's first free start. */
async function bookTv(request: APIRequestContext, origin: string): Promise<{ id: string; reference: string; totalCents: number }> {
  const headers = { Origin: origin };
  const card = await request.post('/api/payments/test-mode/payment-methods', { data: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }, headers });
  expect(card.status()).toBe(201);
  const paymentMethodId = ((await card.json()) as { id: string }).id;
  const today = (await (await request.get('/api/services/tv-installation/slots?durationMinutes=60')).json()) as { dates: string[] };
  const slots = (await (await request.get(`/api/services/tv-installation/slots?durationMinutes=60&date=${today.dates[1]}`)).json()) as { starts: string[] };
  const booking = await request.post('/api/bookings', {
    data: {
      options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
      address: { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' },
      contactPhone: '8135550123',
      startAt: slots.starts[0],
      paymentMethodId,
    },
    headers: { ...headers, 'Idempotency-Key': `e2e-review-${Date.now()}` },
  });
  expect(booking.status()).toBe(201);
  return (await booking.json()) as { id: string; reference: string; totalCents: number };
}

test('after the job is completed the customer rates it and adds a tip in My Bookings', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const customerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const signUp = await customerContext.request.post('/api/auth/sign-up/email', {
    data: { email: `review-${Date.now()}@example.com`, password: 'review-password-1', name: 'Rita Review', termsAccepted: true },
    headers: { Origin: origin },
  });
  expect(signUp.ok()).toBe(true);
  const signIn = await adminContext.request.post('/api/auth/sign-in/email', { data: E2E_ADMIN, headers: { Origin: origin } });
  expect(signIn.ok()).toBe(true);

  // Booked, assigned to Wes, and completed by the admin on his behalf.
  const booking = await bookTv(customerContext.request, origin);
  const workers = (await (await adminContext.request.get('/api/admin/workers')).json()) as { workers: { id: string; name: string }[] };
  const wes = workers.workers.find((w) => w.name === E2E_WORKER.name)!;
  expect((await adminContext.request.post(`/api/admin/bookings/${booking.id}/assign`, { data: { workerId: wes.id }, headers: { Origin: origin } })).status()).toBe(200);
  const completed = await adminContext.request.post(`/api/admin/bookings/${booking.id}/complete`, { data: {}, headers: { Origin: origin, 'Idempotency-Key': `e2e-complete-${Date.now()}` } });
  expect(completed.status()).toBe(200);

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
