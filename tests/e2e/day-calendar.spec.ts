import { expect, test } from '@playwright/test';
import { cancelOpenBookingsAfterFailure } from './support/api-admin';
import { signInByApi, signUpCustomerByApi } from './support/api-auth';
import { bookTvByApi } from './support/api-booking';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN, E2E_SECOND_WORKER, E2E_WORKER } from './support/e2e-admin';

/**
 * Issue #14, the admin's day view: two jobs booked for the same time wait in the tray; dragging
 * the first onto a technician assigns it; dragging the second onto the same technician is refused
 * with the server's message and the job stays in the tray; the keyboard path ("Move to…") gives it
 * to the other technician. axe finds no serious or critical violation on the way.
 */

/** The Tampa date `days` after today, as 'YYYY-MM-DD'. */
function tampaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

// A failed attempt's two jobs would wait in the tray of its retry: cancelled (this spec's customers have `calendar-` emails).
test.afterEach(cancelOpenBookingsAfterFailure('calendar-'));

test('the day calendar assigns a job by drag, refuses a clash with the server message, and moves by keyboard', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const date = tampaDate(3);

  // A customer books two TV installations for the same time, three days from now.
  const customer = await browser.newContext();
  await signUpCustomerByApi(customer.request, baseURL!, { name: 'Cal Customer', emailPrefix: 'calendar', password: 'calendar-password-1' });
  const slots = (await (await customer.request.get(`/api/services/tv-installation/slots?date=${date}&durationMinutes=60`)).json()) as { starts: string[] };
  const startAt = slots.starts[Math.min(5, slots.starts.length - 1)]!;
  const { reference: first } = await bookTvByApi(customer.request, baseURL!, { startAt, keyPrefix: 'calendar' });
  const { reference: second } = await bookTvByApi(customer.request, baseURL!, { startAt, keyPrefix: 'calendar' });
  await customer.close();

  const admin = await browser.newContext();
  await signInByApi(admin.request, baseURL!, E2E_ADMIN);
  const page = await admin.newPage();

  // From the board, the admin nav leads to the day calendar; "Next day" walks to the jobs' date.
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Day calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Day calendar' })).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${date}`));

  const tray = page.getByRole('region', { name: /^Unassigned/ });
  const firstBlock = page.getByRole('button', { name: new RegExp(`^${first},`) });
  const secondBlock = page.getByRole('button', { name: new RegExp(`^${second},`) });
  await expect(tray.getByRole('button', { name: new RegExp(`^${first},`) })).toBeVisible();
  await expect(tray.getByRole('button', { name: new RegExp(`^${second},`) })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const wandaRow = page.getByRole('group', { name: new RegExp(`^${E2E_SECOND_WORKER.name}:`) });
  const wesRow = page.getByRole('group', { name: new RegExp(`^${E2E_WORKER.name}:`) });

  // Drag the first job onto Wanda's row: assigned, it leaves the tray for her row.
  await firstBlock.dragTo(wandaRow);
  await expect(page.getByRole('status').filter({ hasText: `${first} is now with ${E2E_SECOND_WORKER.name}.` })).toBeVisible();
  await expect(wandaRow.getByRole('button', { name: new RegExp(`^${first},`) })).toBeVisible();
  await expect(tray.getByRole('button', { name: new RegExp(`^${first},`) })).toHaveCount(0);

  // The second job at the same time onto Wanda too: refused with the server's message; it stays in the tray.
  await secondBlock.dragTo(wandaRow);
  const alert = page.getByRole('alert').filter({ hasText: `${second} was not moved.` });
  await expect(alert).toContainText("That worker isn't free for this job (skill, shift, time off or another job too close).");
  await expect(tray.getByRole('button', { name: new RegExp(`^${second},`) })).toBeVisible();
  await expect(wandaRow.getByRole('button', { name: new RegExp(`^${second},`) })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The keyboard path: focus the job, Enter opens "Move to…", choose Wes with the arrows, Enter confirms.
  await secondBlock.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Move ${second} to…` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const wes = dialog.getByRole('radio', { name: E2E_WORKER.name });
  // Other specs may have added workers: walk the group with the arrows (it wraps) until Wes is chosen.
  const radios = dialog.getByRole('radio');
  await radios.first().focus();
  await page.keyboard.press('Space');
  for (let step = await radios.count(); step > 0 && !(await wes.isChecked()); step--) await page.keyboard.press('ArrowDown');
  await expect(wes).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(wesRow.getByRole('button', { name: new RegExp(`^${second},`) })).toBeVisible();
  await expect(tray.getByText('No unassigned jobs this day.')).toBeVisible();

  await admin.close();
});

test("an admin reaches a customer's history from the booking and from Users; a worker sees earnings and downloads the CSV", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `Hana History ${stamp}`;

  const customer = await browser.newContext();
  await signUpCustomerByApi(customer.request, baseURL!, { name, emailPrefix: `history-${stamp}`, password: 'history-password-1' });
  const date = tampaDate(4);
  const slots = (await (await customer.request.get(`/api/services/tv-installation/slots?date=${date}&durationMinutes=60`)).json()) as { starts: string[] };
  const { reference } = await bookTvByApi(customer.request, baseURL!, { startAt: slots.starts[Math.min(3, slots.starts.length - 1)]!, keyPrefix: 'history' });
  await customer.close();

  const admin = await browser.newContext();
  await signInByApi(admin.request, baseURL!, E2E_ADMIN);
  const page = await admin.newPage();

  // From the booking's detail page.
  await page.goto(`/admin?view=upcoming&q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await page.getByRole('link', { name: `All of ${name}'s bookings, payments, chats and notes` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}: customer history` })).toBeVisible();
  const bookings = page.getByRole('region', { name: /Bookings/ });
  await expect(bookings.getByRole('link', { name: reference })).toBeVisible();
  await expect(page.getByRole('region', { name: /Payments/ }).getByText('Card hold placed')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // From Users.
  await page.goto('/admin/users');
  const search = page.getByLabel('Search by name or email');
  await search.fill(`history-${stamp}`);
  await search.press('Enter');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}: customer history` })).toBeVisible();
  await admin.close();

  // The worker's home page: earnings of today, this week and this month, and the CSV.
  const worker = await browser.newContext();
  await signInByApi(worker.request, baseURL!, E2E_WORKER);
  const workerPage = await worker.newPage();
  await workerPage.goto('/worker');
  const earnings = workerPage.getByRole('region', { name: 'My earnings' });
  await expect(earnings.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(earnings.getByRole('heading', { name: 'This week' })).toBeVisible();
  await expect(earnings.getByRole('heading', { name: 'This month' })).toBeVisible();
  await expect(earnings).toContainText('You earn 70% of the labour');
  expect(await seriousViolations(workerPage)).toEqual([]);
  const [download] = await Promise.all([workerPage.waitForEvent('download'), earnings.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^earnings-month-\d{4}-\d{2}-01\.csv$/);
  const fs = await import('node:fs/promises');
  expect((await fs.readFile((await download.path())!, 'utf8')).split('\n')[0]).toBe('date,reference,service,labour,share,tip,earnings');
  await worker.close();
});
