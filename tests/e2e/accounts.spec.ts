import { expect, test, type BrowserContext } from '@playwright/test';
import { E2E_ADMIN } from './support/e2e-admin';

/** Issue #5 end to end: password reset through the outbox link, the admin login gate, and a worker application approved. */

async function signInApi(context: BrowserContext, baseURL: string, account: { email: string; password: string }) {
  const r = await context.request.post('/api/auth/sign-in/email', { data: account, headers: { Origin: baseURL } });
  expect(r.ok()).toBe(true);
}

async function signUpApi(context: BrowserContext, baseURL: string, email: string, name: string) {
  const r = await context.request.post('/api/auth/sign-up/email', { data: { email, password: 'first-password-1', name, termsAccepted: true }, headers: { Origin: baseURL } });
  expect(r.ok()).toBe(true);
}

test('sign up, reset the password through the emailed link, sign in with the new one', async ({ page, browser, baseURL }) => {
  const email = `reset-${Date.now()}@example.com`;
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up', exact: true }).or(page.getByRole('tab', { name: 'Sign up' })).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-password-1');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await page.context().request.post('/api/auth/sign-out', { data: {}, headers: { Origin: baseURL! } });

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // wait for the reset page itself: /auth's own Email field is there until the lazy page renders
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The mail is in the dev outbox; an admin reads it there.
  const admin = await browser.newContext();
  await signInApi(admin, baseURL!, E2E_ADMIN);
  const { messages } = await (await admin.request.get('/api/admin/outbox')).json();
  const mail = messages.find((m: { to: string; template: string }) => m.to === email && m.template === 'password_reset');
  const link = /https?:\/\/\S+\/reset-password\?token=[^\s]+/.exec(mail.text)![0];
  await admin.close();

  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed. Please sign in with the new one.')).toBeVisible();

  const old = await page.context().request.post('/api/auth/sign-in/email', { data: { email, password: 'first-password-1' }, headers: { Origin: baseURL! } });
  expect(old.status()).toBe(401);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('second-password-2');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
});

test('a customer at /admin/login gets access denied and is signed out', async ({ page, baseURL }) => {
  const email = `customer-${Date.now()}@example.com`;
  await signUpApi(page.context(), baseURL!, email, 'Curious Customer');
  await page.context().request.post('/api/auth/sign-out', { data: {}, headers: { Origin: baseURL! } });
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-password-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByText('Access denied. Admin or worker role required.')).toBeVisible();
  const me = await (await page.context().request.get('/api/me')).json();
  expect(me.user).toBeNull();
});

test('a user applies to work, the admin approves, and the new worker signs in at /admin/login to their day', async ({ browser, baseURL }) => {
  const email = `applicant-${Date.now()}@example.com`;
  const applicant = await browser.newContext();
  await signUpApi(applicant, baseURL!, email, 'Andy Applicant');
  const page = await applicant.newPage();
  await page.goto('/worker/enroll');
  await page.getByLabel('Full name').fill('Andy Applicant');
  await page.getByLabel('Phone').fill('(813) 555-0199');
  await page.getByLabel('TV installation').check();
  await page.getByLabel('Furniture assembly').check();
  await page.getByLabel('Years of experience').fill('6');
  await page.getByLabel('Tampa areas you serve').fill('South Tampa, 33606');
  await page.getByLabel('Availability').fill('Weekdays 8 am to 5 pm');
  await page.getByLabel('Licence and insurance').fill('General liability, $1M');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Your application is under review')).toBeVisible();

  const admin = await browser.newContext();
  await signInApi(admin, baseURL!, E2E_ADMIN);
  const board = await admin.newPage();
  await board.goto('/admin/worker-applications');
  const application = board.getByRole('article').filter({ hasText: 'Andy Applicant' }).or(board.getByRole('listitem').filter({ hasText: 'Andy Applicant' })).first();
  await expect(application).toBeVisible();
  const showDetail = application.getByRole('button', { name: 'Show detail' });
  if (await showDetail.count()) await showDetail.click();
  await application.getByRole('button', { name: 'Approve' }).click();
  await board.getByRole('tab', { name: 'Approved' }).or(board.getByRole('link', { name: 'Approved' })).or(board.getByRole('button', { name: 'Approved' })).first().click();
  await expect(board.getByText('Andy Applicant').first()).toBeVisible();
  await admin.close();

  await applicant.request.post('/api/auth/sign-out', { data: {}, headers: { Origin: baseURL! } });
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-password-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page).toHaveURL(/\/worker$/);
  await applicant.close();
});
