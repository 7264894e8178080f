import { expect, test, type Page } from '@playwright/test';

/**
 * Issue #16, public pages as HTML: the server's first answer already holds the page (in English,
 * or Spanish by `?lang=es` or the remembered choice), readable without JavaScript; the app then
 * takes over that same markup (hydration, not a second render), with no layout shift and no
 * hydration error, and the page still works (language switch, links, the booking form).
 * docs/decisions/036-prerendered-public-pages.md.
 */

const PAGES = [
  { path: '/', heading: 'Same-day handyman in Tampa Bay', spanish: 'Técnico de mantenimiento el mismo día en Tampa Bay' },
  { path: '/book/tv-installation', heading: 'Book TV installation', spanish: 'Reservar: Instalación de TV' },
  { path: '/terms', heading: 'Terms of Service', spanish: 'Términos del servicio' },
  { path: '/blog', heading: 'Home tips for Tampa homeowners', spanish: null },
];

/** Marks the page's h1 as the browser parsed it from the HTML, before any script ran. */
async function markServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') document.querySelector('#root h1')?.setAttribute('data-from-html', '');
    });
  });
}

/** Layout shifts since the page started loading (PerformanceObserver, buffered), as CLS sums them without user input. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

/** Counts the Intl number and date formatters the page builds (window.__intlFormattersBuilt). */
async function countIntlFormatters(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { __intlFormattersBuilt: number };
    counted.__intlFormattersBuilt = 0;
    const counting = <T extends object>(constructor: T): T =>
      new Proxy(constructor, {
        construct(target, args) {
          counted.__intlFormattersBuilt += 1;
          return Reflect.construct(target as new (...args: unknown[]) => object, args);
        },
      });
    Intl.NumberFormat = counting(Intl.NumberFormat);
    Intl.DateTimeFormat = counting(Intl.DateTimeFormat);
  });
}

/** React's hydration errors (minified: #418 text, #419 boundary, #425 text, #423 recoverable) and any page error. */
function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#41[89]|#42[35]/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test.describe('prerendered public pages', () => {
  for (const { path, heading } of PAGES) {
    test(`${path}: the first HTML holds the page, and the app takes it over without a shift`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain('data-prerendered="en"');
      expect(html).toContain(heading);
      // the stylesheet, which the first paint waits for, is asked for before the app's code, which it does not
      const firstScript = Math.min(html.indexOf('<script type="module"'), html.indexOf('<link rel="modulepreload"'));
      expect(html.indexOf('<link rel="stylesheet"')).toBeGreaterThan(-1);
      expect(html.indexOf('<link rel="stylesheet"')).toBeLessThan(firstScript);

      const errors = collectHydrationErrors(page);
      await markServerHeading(page);
      await countIntlFormatters(page);
      // the page carries the public settings (prices, phone, call-back promise): never asked for again
      const settingsAsked: string[] = [];
      page.on('request', (asked) => void (asked.url().includes('/api/settings/public') && settingsAsked.push(asked.url())));
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(settingsAsked).toEqual([]);
      // the very element parsed from the HTML is still on screen: hydrated, not drawn again
      await expect(page.locator('h1[data-from-html]')).toHaveText(heading);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
      expect(errors).toEqual([]);
      await expect.poll(() => page.title()).not.toBe('');
      // its prices and dates came with it: taking it over started no Intl formatter (decision 056)
      await expect(page.locator('#root:not([data-hydrating])')).toBeAttached();
      expect(await page.evaluate(() => (window as unknown as { __intlFormattersBuilt: number }).__intlFormattersBuilt)).toBe(0);
    });
  }

  test('reads without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    await page.goto('/blog');
    const post = page.locator('main a[href^="/blog/"]').first();
    const postPath = await post.getAttribute('href');
    await page.goto(postPath!);
    await expect(page.locator('main article p').first()).toBeVisible();
    await context.close();
  });

  test('answers in Spanish for ?lang=es and for a visitor who chose Spanish, then switches back to English', async ({ page, request }) => {
    for (const { path, spanish } of PAGES.filter((p) => p.spanish)) {
      const html = await (await request.get(`${path}${path.includes('?') ? '&' : '?'}lang=es`)).text();
      expect(html, path).toContain('data-prerendered="es"');
      expect(html, path).toContain(spanish);
    }

    const errors = collectHydrationErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/terms');
    await page.locator('button[lang="es"]:visible').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos del servicio');
    // the next page comes from the server already in Spanish, and is hydrated as it is
    await markServerHeading(page);
    await page.goto('/');
    await expect(page.locator('h1[data-from-html]')).toHaveText('Técnico de mantenimiento el mismo día en Tampa Bay');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.locator('button[lang="en"]:visible').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Same-day handyman in Tampa Bay');
    expect(errors).toEqual([]);
  });

  test('a visitor whose Spanish choice the server does not know yet sees the page in Spanish', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('lang', 'es'));
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos del servicio');
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('es');
  });

  test('while the app takes the page over, its links already work and its buttons wait', async ({ page }) => {
    // The home page's own code is held back: the app has marked the page and waits for it to hydrate.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/home-page-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#root[data-hydrating]')).toBeAttached();
    // a button cannot answer yet, so it takes no tap
    await expect(page.getByRole('button').first().click({ timeout: 1_000 })).rejects.toThrow();
    await page.getByRole('link', { name: 'Terms of Service' }).click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    release();
  });

  test("the parts taken over after the first screen keep their HTML and work: the home page's services and the footer", async ({ page }) => {
    const errors = collectHydrationErrors(page);
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        document.querySelector('#services h2')?.setAttribute('data-from-html', '');
        document.querySelector('footer')?.setAttribute('data-from-html', '');
      });
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#services h2[data-from-html]')).toHaveText('Services and prices');
    await expect(page.locator('footer[data-from-html]')).toBeVisible();
    expect(errors).toEqual([]);
    // the app handles their links: the move to the booking page keeps this document (no reload)
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('#services').getByRole('link', { name: /TV/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book TV installation' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('the hydrated booking page works: the options, their price and the next step', async ({ page }) => {
    const errors = collectHydrationErrors(page);
    await markServerHeading(page);
    // The steps and the running price are parts of their own, taken over after the step (decision 058).
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        for (const part of document.querySelectorAll('main nav, main details, main aside')) part.setAttribute('data-from-html', '');
      });
    });
    await page.goto('/book/tv-installation');
    await expect(page.locator('h1[data-from-html]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main nav[data-from-html]')).toHaveCount(1);
    await expect(page.locator('main details[data-from-html]')).toHaveCount(1);
    await expect(page.locator('main aside[data-from-html]')).toHaveCount(1);
    // the running price from the HTML follows the chosen service
    await page.getByRole('radio', { name: /Furniture assembly/ }).check();
    await expect(page.locator('main aside[data-from-html]')).toContainText('Furniture assembly');
    await page.getByRole('radio', { name: /TV installation/ }).check();
    await expect(page.locator('main aside[data-from-html]')).toContainText('TV installation');
    await expect(page.locator('main nav[data-from-html] [aria-current="step"]')).toContainText('Service');
    await page.getByRole('button', { name: 'Next', exact: true }).click(); // Service
    await page.getByLabel('40-55"').check();
    await page.getByLabel('Flat mount').check();
    await page.getByLabel(/drilling into walls/).check();
    await page.getByLabel(/service limitations/).check();
    await expect(page.getByText('$48.38').filter({ visible: true }).first()).toBeVisible(); // $45 + 7.5% tax
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Date & Time/ }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
