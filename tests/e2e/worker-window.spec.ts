import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_SECOND_WORKER } from './support/e2e-admin';

/**
 * Issue #14, defect 2 and 10 end to end: a technician's job booked for a later day. After
 * "Accept job" the card reads Accepted; "On my way" and "Start job" are not offered — the card
 * says when they open (the job's day, two hours before its start, Tampa time) — and the server
 * refuses them (422) if tried anyway, with nothing changed. The technician then declines the job
 * with a reason and it goes back to dispatch, where the timeline shows who and why. axe finds no
 * serious or critical violation on the worker's pages.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
}

async function signIn(request: APIRequestContext, baseURL: string, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/sign-in/email', { data: account, headers: { Origin: baseURL } });
  expect(response.ok()).toBe(true);
}

/** A TV installation booked through the API by a new customer, five days ahead at the day's first free time; its id. */
async function bookLaterDay(request: APIRequestContext, baseURL: string): Promise<{ id: string; reference: string; startAt: string }> {
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email: `window-${Date.now()}@example.com`, password: 'window-password-1', name: 'Wendy Window', termsAccepted: true },
    headers: { Origin: baseURL },
  });
  expect(signUp.ok()).toBe(true);
  const slots = (await (await request.get('/api/services/tv-installation/slots?durationMinutes=60')).json()) as { dates: string[] };
  const date = slots.dates[5]!;
  const { starts } = (await (await request.get(`/api/services/tv-installation/slots?durationMinutes=60&date=${date}`)).json()) as { starts: string[] };
  const card = (await (await request.post('/api/payments/test-mode/payment-methods', { data: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }, headers: { Origin: baseURL } })).json()) as { id: string };
  const booked = await request.post('/api/bookings', {
    data: {
      options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
      address: { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' },
      contactPhone: '8135550123',
      startAt: starts[0],
      paymentMethodId: card.id,
    },
    headers: { 'Idempotency-Key': `worker-window-${Date.now()}`, Origin: baseURL },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const body = (await booked.json()) as { id: string; reference: string };
  return { ...body, startAt: starts[0]! };
}

test('a technician is refused On my way and Start before the job\'s day, sees when they open, and declines the job', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const customer = await browser.newContext();
  const office = await browser.newContext();
  const technician = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(office.request, baseURL!, E2E_ADMIN);
  await signIn(technician.request, baseURL!, E2E_SECOND_WORKER);

  const job = await bookLaterDay(customer.request, baseURL!);
  const assigned = await office.request.post(`/api/admin/bookings/${job.id}/assign`, { data: { workerId: await workerId(office.request) }, headers: { Origin: baseURL! } });
  expect(assigned.status(), await assigned.text()).toBe(200);

  const page = await technician.newPage();
  await page.goto('/worker');
  const card = page.getByRole('article').filter({ hasText: job.reference });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Accept job' }).click();
  await expect(card.getByText('Status: Accepted')).toBeVisible();

  // On my way waits for the job's day: two hours before the start, in Tampa time.
  const opens = new Date(Date.parse(job.startAt) - 2 * 3_600_000);
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

/** The second e2e technician's id, from the admin's worker list. */
async function workerId(request: APIRequestContext): Promise<string> {
  const { workers } = (await (await request.get('/api/admin/workers')).json()) as { workers: { id: string; name: string }[] };
  return workers.find((w) => w.name === E2E_SECOND_WORKER.name)!.id;
}
