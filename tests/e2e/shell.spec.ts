import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';

test('the home page lists the three services with their prices plus tax and the promises', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Same-day handyman in Tampa Bay');
  const main = page.getByRole('main');
  await expect(main).toContainText('$45');
  await expect(main).toContainText('$35');
  await expect(main).toContainText('$250');
  await expect(main).toContainText(/plus tax/i);
  await expect(main).toContainText('12x12');
  await expect(main).toContainText(/5-10 minutes/);
  await expect(main).toContainText(/No hidden fees/i);
  await expect(main).toContainText(/Licensed and insured/i);
  await expect(main).toContainText(/Secure card payments/i);
  await expect(page.getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', /^tel:\+1813/);
  for (const slug of ['tv-installation', 'furniture-assembly', 'painting']) {
    await expect(page.locator(`a[href="/book/${slug}"]`).first()).toBeVisible();
  }
});

test('the home page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('heading', { name: /404/ })).toContainText('Oops! Page not found');
  await expect(page.getByText('404', { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: /home/i }).last().click();
  await expect(page).toHaveURL(/\/$/);
});

test('Spanish chosen with the language switch survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Español' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Same-day handyman in Tampa Bay');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('es');
  const spanishTitle = await page.getByRole('heading', { level: 1 }).textContent();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(spanishTitle!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('the phone-size home page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the app passes its own Content Security Policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/book/tv-installation');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});
