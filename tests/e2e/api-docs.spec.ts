import { expect, test } from '@playwright/test';

/** Issue #10: the API reference page renders the OpenAPI document in the browser, with nothing loaded from elsewhere. */
test('the API reference at /api/docs shows the operations of /api/openapi.json', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  // Code and data come from us only (Scalar's web fonts are asked for and refused by the CSP: the page falls back to system fonts).
  page.on('request', (request) => {
    const code = ['document', 'script', 'fetch', 'xhr', 'stylesheet'].includes(request.resourceType());
    if (code && !request.url().startsWith(baseURL!)) foreign.push(request.url());
  });
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()) && !/font/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Tampa Same-Day Handyman API' }).first()).toBeVisible({ timeout: 30_000 });
  // Scalar renders the operations lazily as the reader scrolls; the document it rendered holds them.
  const document = await (await page.request.get('/api/openapi.json')).json();
  expect(document.paths['/api/admin/bookings/{id}/refund'].post.summary).toBe('Refund part or all of what was taken');
  expect(document.paths['/api/auth/sign-in/email']).toBeDefined();
  expect(foreign).toEqual([]);
  expect(blocked).toEqual([]);
});
