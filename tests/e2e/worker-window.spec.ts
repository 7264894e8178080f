import { expect, test } from '@playwright/test';
import { assignAsAdmin, workerIdByName } from './support/api-admin';
import { signInByApi, signUpCustomerByApi } from './support/api-auth';
import { bookTvByApi } from './support/api-booking';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN, E2E_SECOND_WORKER } from './support/e2e-admin';

/**
 * Issue #14, defect 2 and 10 end to end: a technician's job booked for a later day. After
 * "Accept job" the card reads Accepted; "On my way" and "Start job" are not offered — the card
 * says when they open (the job's day, two hours before its start, Tampa time) — and the server
 * refuses them (422) if tried anyway, with nothing changed. The technician then declines the job
 * with a reason and it goes back to dispatch, where the timeline shows who and why. axe finds no
 * serious or critical violation on the worker's pages.
 */

test('a technician is refused On my way and Start before the job\'s day, sees when they open, and declines the job', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const customer = await browser.newContext();
  const office = await browser.newContext();
  const technician = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInByApi(office.request, baseURL!, E2E_ADMIN);
  await signInByApi(technician.request, baseURL!, E2E_SECOND_WORKER);

  // A new customer books a TV installation five days ahead, at the day's first free time.
  await signUpCustomerByApi(customer.request, baseURL!, { name: 'Wendy Window', emailPrefix: 'window', password: 'window-password-1' });
  const job = await bookTvByApi(customer.request, baseURL!, { dayIndex: 5, keyPrefix: 'worker-window' });
  await assignAsAdmin(office.request, baseURL!, job.id, await workerIdByName(office.request, E2E_SECOND_WORKER.name));

  const page = await technician.newPage();
  await page.goto('/worker');
  const card = page.getByRole('article').filter({ hasText: job.reference });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Accept job' }).click();
  await expect(card.getByText('Status: Accepted')).toBeVisible();

  // On my way waits for the job's day: two hours before the start, in Tampa time.
  const opens = new Date(Date.parse(job.scheduledStart) - 2 * 3_600_000);
  const when = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(opens);
  const onMyWay = card.getByRole('button', { name: 'On my way' });
  await expect(onMyWay).toBeDisabled();
  await expect(card.getByText(`On my way and Start job open at ${when} (Tampa time), on the job's day.`, { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Tried anyway (an old screen, a script): the server refuses with when, and nothing moves.
  for (const move of ['on-my-way', 'start']) {
    const refused = await technician.request.post(`/api/worker/jobs/${job.id}/${move}`, { data: move === 'on-my-way' ? { etaMinutes: 20 } : {}, headers: { Origin: baseURL! } });
    expect(refused.status()).toBe(422);
    const body = (await refused.json()) as { code: string; message: string; details: { opensAt: string } };
    expect(body.code).toBe('outside_job_window');
    expect(body.details.opensAt).toBe(opens.toISOString());
  }
  const still = (await (await customer.request.get(`/api/bookings/${job.id}`)).json()) as { status: string; etaAt: string | null };
  expect(still).toMatchObject({ status: 'confirmed', etaAt: null });

  // The technician declines it with a reason: it goes back to the office.
  await card.getByRole('button', { name: 'Decline job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this job?' });
  await dialog.getByRole('radio', { name: 'Too far away' }).check();
  await dialog.getByRole('textbox', { name: 'A few words for the office' }).fill('Bridge closed today');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Decline job' }).click();
  await expect(page.getByText('The job is back with the office.')).toBeVisible();
  await expect(card).toBeHidden();

  const admin = await office.newPage();
  await admin.goto(`/admin/bookings/${job.id}`);
  await expect(admin.getByText('Declined by the technician')).toBeVisible();
  await expect(admin.getByText(`${E2E_SECOND_WORKER.name}: too far away`)).toBeVisible();
  await expect(admin.getByText('Bridge closed today')).toBeVisible();

  await Promise.all([customer.close(), office.close(), technician.close()]);
});
