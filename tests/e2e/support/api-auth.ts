import { expect, type APIRequestContext } from '@playwright/test';

/** Sign-in details of an account (the e2e admin and technicians are in e2e-admin.ts). */
export interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs `account` in through the API (POST /api/auth/sign-in/email) on this request context, so
 * pages of the same browser context are signed in too. `origin` is the app's base URL (the API
 * refuses cross-site writes without it). Fails the test if the sign-in is refused.
 */
export async function signInByApi(request: APIRequestContext, origin: string, account: Credentials): Promise<void> {
  const response = await request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers: { Origin: origin } });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Signs a new customer up through the API (POST /api/auth/sign-up/email, terms accepted) and
 * leaves them signed in on this request context. The email is `${emailPrefix}-${Date.now()}@example.com`,
 * so every run gets a fresh account; returns that email. Fails the test if the sign-up is refused.
 */
export async function signUpCustomerByApi(
  request: APIRequestContext,
  origin: string,
  customer: { name: string; emailPrefix: string; password: string },
): Promise<{ email: string }> {
  const email = `${customer.emailPrefix}-${Date.now()}@example.com`;
  const response = await request.post('/api/auth/sign-up/email', {
    data: { email, password: customer.password, name: customer.name, termsAccepted: true },
    headers: { Origin: origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { email };
}
