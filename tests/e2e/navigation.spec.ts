import { expect, test } from '@playwright/test';
import { signInByApi, signUpCustomerByApi } from './support/api-auth';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN } from './support/e2e-admin';

/**
 * Issue #14: a signed-in customer reaches Settings through the header's account menu (mouse and
 * keyboard), staff find the Team sign-in link in the footer, and /admin/workers has no serious
 * accessibility violation.
 */

test('a customer opens the account menu and goes to Settings', async ({ page, baseURL }) => {
  await signUpCustomerByApi(page.context().request, baseURL!, { name: 'Marta Menu', emailPrefix: 'menu', password: 'menu-password-1' });
  await page.goto('/');

  const account = page.getByRole('button', { name: 'Account menu for Marta Menu' });
  await expect(account).toBeVisible();
  await expect(account).toContainText('Marta Menu');
  await account.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Settings', 'My Bookings', 'Sign Out']);
  expect(await seriousViolations(page)).toEqual([]);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(menu).toBeHidden();

  // With the keyboard: Enter opens it on its first item, arrows move, Enter follows.
  await page.goto('/');
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'My Bookings' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-bookings$/);

  // On a phone the same places sit in the menu under the name.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const phoneAccount = page.getByRole('navigation', { name: 'Account menu for Marta Menu' });
  await phoneAccount.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('the footer offers staff a Team sign-in link', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Team sign-in' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('an admin sees Admin Dashboard in the account menu, and /admin/workers has no serious accessibility violation', async ({ page, baseURL }) => {
  await signInByApi(page.context().request, baseURL!, E2E_ADMIN);
  await page.goto('/admin/workers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
