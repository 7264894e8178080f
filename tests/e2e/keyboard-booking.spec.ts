import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Issue #12: a customer who uses only the keyboard books a TV installation from the home page to
 * "Booking received!": every control is reached with Tab (Shift+Tab never needed), radio groups
 * are moved with the arrow keys, checkboxes and buttons are pressed with Space and Enter, and the
 * focus is always visible. No mouse click anywhere.
 */

/** Presses Tab until one of the elements `target` matches has the focus (at most `limit` times); its focus must show. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    const focused = await target.evaluateAll((els) => els.find((el) => el === document.activeElement) !== undefined);
    if (focused) {
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
      });
      expect(ring, 'the focused control shows a focus ring').toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs into the radio group holding `choice` and moves with the arrow keys until `choice` is checked. */
async function chooseRadio(page: Page, choice: Locator) {
  const name = await choice.getAttribute('name');
  await tabTo(page, page.locator(`input[type=radio][name="${name}"]`));
  for (let i = 0; i < 10 && !(await choice.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(choice).toBeChecked();
}

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

test('a customer books a TV installation with the keyboard only', async ({ page }) => {
  const email = `keyboard-${Date.now()}@example.com`;
  await page.goto('/');
  const bookTv = page.locator('a[href="/book/tv-installation"]').first();
  await tabTo(page, bookTv);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/book\/tv-installation$/);

  // Service
  await tabTo(page, nextButton(page));
  await page.keyboard.press('Enter');

  // Options
  await chooseRadio(page, page.getByLabel('40-55"'));
  await chooseRadio(page, page.getByLabel('Flat mount'));
  for (const label of [/drilling into walls/, /service limitations/]) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.press('Space');
    await expect(page.getByLabel(label)).toBeChecked();
  }
  await tabTo(page, nextButton(page));
  await page.keyboard.press('Enter');

  // Date & Time: tomorrow's first start
  await expect(page.getByRole('heading', { name: /Date & Time/ }).first()).toBeVisible();
  await tabTo(page, page.getByRole('group', { name: 'Date' }).getByRole('button').nth(1));
  await page.keyboard.press('Enter');
  // the start times are one radio group: one Tab stop, the arrow keys move and choose
  const times = page.getByRole('radiogroup', { name: /Start times/ }).getByRole('radio');
  await expect(times.first()).toBeVisible();
  await tabTo(page, times);
  await expect(times.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(times.nth(1)).toBeFocused();
  await expect(times.nth(1)).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(times.first()).toBeChecked();
  // one Tab leaves the group: the next stop is not another time
  await page.keyboard.press('Tab');
  expect(await times.evaluateAll((els) => els.some((el) => el === document.activeElement))).toBe(false);
  await tabTo(page, nextButton(page));
  await page.keyboard.press('Enter');

  // Address & Schedule
  for (const [label, text] of [['Street address', '100 N Tampa St'], ['City', 'Tampa'], ['ZIP code', '33602'], ['Contact phone', '(813) 555-0123']] as const) {
    const field = page.getByLabel(label);
    await tabTo(page, field);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
  }
  await tabTo(page, page.getByRole('button', { name: 'Schedule Service' }));
  await page.keyboard.press('Enter');

  // Sign In: create an account inline
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please sign in to continue with your booking.')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Sign up', exact: true }));
  await page.keyboard.press('Enter');
  for (const [label, text] of [['Email', email], ['Password', 'correct-horse-9']] as const) {
    await tabTo(page, page.getByLabel(label, { exact: true }));
    await page.keyboard.type(text);
  }
  await tabTo(page, page.getByLabel(/I agree to the/));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Create Account', exact: true }));
  await page.keyboard.press('Enter');

  // Payment (test mode card) and Review
  await expect(page.getByText('Test mode').first()).toBeVisible();
  for (const [label, text] of [['Card number', '4242 4242 4242 4242'], ['Expiry (MM/YY)', '12/30'], ['CVC', '123']] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(text);
  }
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Confirm & Book' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Booking received!' })).toBeVisible();
});
