import { expect, test, type BrowserContext } from '@playwright/test';
import { E2E_ADMIN, E2E_WORKER } from './support/e2e-admin';
import { chooseTomorrowsFirstTime, fillAddress, next, payAndConfirm, signUpInline } from './support/booking-flow';

/**
 * Issue #4 end to end, three browser contexts at once: a customer books; the admin's board shows
 * it live and assigns a technician with an ETA; the technician accepts (the job is two days ahead,
 * so On my way and Start wait for its day, issue #14) and the office completes it with 2 hours; the
 * customer's My Bookings follows every step without a reload.
 */

async function signIn(context: BrowserContext, baseURL: string, account: { email: string; password: string }) {
  const response = await context.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers: { Origin: baseURL } });
  expect(response.ok()).toBe(true);
}

test('a booking travels from the customer to dispatch to the technician and back, live', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const customerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const workerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(adminContext, baseURL!, E2E_ADMIN);
  await signIn(workerContext, baseURL!, E2E_WORKER);

  // The admin watches the unassigned bookings before anything happens.
  const admin = await adminContext.newPage();
  await admin.goto('/admin?view=unassigned');
  await expect(admin.getByRole('tab', { name: 'Unassigned' }).or(admin.getByRole('link', { name: 'Unassigned' })).first()).toBeVisible();
  const worker = await workerContext.newPage();
  await worker.goto('/worker');

  // The customer books furniture assembly (2 hours estimated).
  const customer = await customerContext.newPage();
  await customer.goto('/book/furniture-assembly');
  await next(customer);
  await customer.getByLabel('Product name').fill('Standing desk');
  await customer.getByLabel('Estimated hours').selectOption('2');
  await next(customer);
  await chooseTomorrowsFirstTime(customer, 2);
  await fillAddress(customer, '33606');
  await signUpInline(customer, `live-${Date.now()}@example.com`);
  await payAndConfirm(customer);
  await expect(customer.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
  const reference = (await customer.getByText(/^TB-[A-Z0-9]{6}$/).first().textContent())!;

  // It appears on the board without a reload, with the contact promise clock.
  const row = admin.getByRole('article').filter({ hasText: reference });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row.getByText(/min since booking/)).toBeVisible();
  await expect(row.getByText('New – call the customer')).toBeVisible();
  await row.getByRole('button', { name: 'Mark contacted' }).click();
  await expect(row.getByText(/^Contacted \d+ min after booking$/)).toBeVisible();
  // the badge follows at once (issue #14)
  await expect(row.getByText('Contacted – assign a technician')).toBeVisible();
  await expect(row.getByText('New – call the customer')).toHaveCount(0);

  // The customer keeps My Bookings open from here on.
  await customer.goto('/my-bookings');
  const card = customer.getByRole('article').filter({ hasText: reference });
  await expect(card).toBeVisible();

  // The admin assigns the technician with an ETA.
  await row.getByRole('link', { name: reference }).click();
  await admin.getByRole('button', { name: 'Assign a technician' }).click();
  const assign = admin.getByRole('dialog');
  await assign.getByLabel('Technician', { exact: true }).selectOption({ label: E2E_WORKER.name });
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assign).toBeHidden();
  await expect(card.getByText(`Technician assigned: ${E2E_WORKER.name}`)).toBeVisible({ timeout: 10_000 });

  // The technician's day shows the job live; they accept it and the card reads Accepted. The job is
  // two days ahead, so On my way and Start are not open yet (issue #14: only on the job's day, from
  // the start window): the card says when they open instead of offering them.
  const job = worker.getByRole('article').filter({ hasText: 'Standing desk' }).first();
  await expect(job).toBeVisible({ timeout: 10_000 });
  await job.getByRole('button', { name: 'Accept job' }).click();
  await expect(job.getByText('Status: Accepted')).toBeVisible();
  await expect(job.getByRole('button', { name: 'On my way' })).toBeDisabled();
  await expect(job.getByText(/On my way and Start job open at/)).toBeVisible();

  // The office completes it on the technician's behalf with 2 hours (early: the timeline flags it).
  await admin.getByRole('button', { name: 'Complete for the technician' }).click();
  const complete = admin.getByRole('dialog');
  await complete.getByLabel('Hours worked').selectOption('2');
  await complete.getByRole('button', { name: 'Complete and charge' }).click();
  await expect(complete).toBeHidden();
  await expect(admin.getByText('Unusual').first()).toBeVisible({ timeout: 10_000 });
  await expect(job.getByText('Done. Charged $75.25.')).toBeVisible({ timeout: 10_000 });

  // The customer sees it completed, with the receipt, still without a reload.
  await expect(card.getByText('Completed').first()).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText('Paid in total')).toBeVisible();
  await expect(card.getByText('$75.25').first()).toBeVisible();

  await Promise.all([customerContext.close(), adminContext.close(), workerContext.close()]);
});
