/**
 * The signed-in shell against the real local runtime: every screen by the sidebar (1440 px) and
 * by the phone drawer (390 px), global search by keyboard to a stock and to a page, full-screen
 * view on and off, the onboarding tour (skip, finish, Try Feature; not shown again after a
 * reload nor in another browser), and 'Dashboard' on the landing page for a signed-in visitor.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { ONBOARDING_AUTO_SHOW_DELAY_MS } from '@shared/constants/timings';
import { FIRST_VISIT_MS, markNewsSeen, signInThroughUi, signUpThroughUi } from './support';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every signed-in screen: sidebar label, path and the screen's heading. */
const SCREENS = [
  { label: 'Dashboard', path: '/dashboard', heading: 'Dashboard' },
  { label: 'Scanner', path: '/dashboard/scanner', heading: 'Options Scanner' },
  { label: 'Research Assistant', path: '/dashboard/research', heading: 'Research Assistant' },
  { label: 'Dark Pool Flow', path: '/dashboard/darkpool', heading: 'Dark Pool Flow Analyzer' },
  { label: 'Trend Alerts', path: '/dashboard/trend-alerts', heading: 'Trend Alerts' },
  { label: 'Alerts', path: '/dashboard/alerts', heading: 'Market Alerts' },
  { label: 'Risky Chatter', path: '/dashboard/risky-chatter', heading: 'Risky Chatter' },
  { label: 'Journal', path: '/dashboard/journal', heading: 'Trading Journal' },
  { label: 'Account', path: '/dashboard/account', heading: 'Account Settings' },
] as const;

const urlOf = (path: string) => new RegExp(`${path.replace(/\//g, '\\/')}$`);

async function expectScreen(page: Page, screen: (typeof SCREENS)[number]) {
  // Each screen's first visit on the instance (its modules transformed on first request).
  await expect(page).toHaveURL(urlOf(screen.path), { timeout: FIRST_VISIT_MS });
  await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true })).toBeVisible({
    timeout: FIRST_VISIT_MS,
  });
  await expect(page).toHaveTitle(`${screen.label} · Edge Options`);
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: false });
}

test.describe('navigation', () => {
  test('at 1440 px the sidebar reaches every screen', async ({ page, request }, testInfo) => {
    // Every screen, perhaps each one's first visit on the instance (FIRST_VISIT_MS).
    test.setTimeout(150_000);
    await page.setViewportSize(DESKTOP);
    await markNewsSeen(page);
    await signUpThroughUi(page, request, 'shell-nav');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();

    for (const screen of [...SCREENS.slice(1), SCREENS[0]]) {
      await sidebar.getByRole('link', { name: screen.label, exact: true }).click();
      await expectScreen(page, screen);
      await expect(sidebar.getByRole('link', { name: screen.label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
    await expect(sidebar.getByRole('button', { name: 'Tutorial & Help' })).toBeVisible();
    await shot(page, testInfo, 'shell-1440');
  });

  test('at 390 px the menu button opens a drawer that reaches every screen', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000); // as at 1440 px
    await page.setViewportSize(PHONE);
    await markNewsSeen(page);
    await signUpThroughUi(page, request, 'shell-phone');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Open navigation' });
    await expect(menu).toBeVisible();
    await shot(page, testInfo, 'shell-390');

    for (const screen of [...SCREENS.slice(1), SCREENS[0]]) {
      await menu.click();
      const drawer = page.getByRole('dialog', { name: 'Navigation' });
      await expect(drawer).toBeVisible();
      if (screen.label === 'Scanner') await shot(page, testInfo, 'drawer-390');
      await drawer.getByRole('link', { name: screen.label, exact: true }).click();
      await expect(drawer).toBeHidden();
      await expectScreen(page, screen);
    }

    await menu.click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeHidden();
    await expect(menu).toBeFocused();

    // Nothing spills sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe('global search', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`by keyboard to a stock and to a page at ${viewport.width} px`, async ({
      page,
      request,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await markNewsSeen(page);
      await signUpThroughUi(page, request, `shell-search-${viewport.width}`);
      const box = page.getByRole('combobox', { name: 'Search' });
      await expect(box).toHaveAttribute('placeholder', 'Search symbols, strategies, pages...');

      // Focus opens the dropdown with the first 4 presets, quoted.
      await box.focus();
      const results = page.getByRole('listbox', { name: 'Search results' });
      await expect(results.getByRole('option')).toHaveCount(4);
      await expect(results.getByRole('option').first()).toHaveAccessibleName('AAPL Apple Inc.');
      await expect(results.getByRole('option').first()).toContainText(/\$\d+\.\d{2}/);
      await shot(page, testInfo, `search-${viewport.width}`);

      // Type, move down and back up, Enter: the first match, NVDA, opens in the scanner and is scanned.
      await page.keyboard.type('nv');
      await expect(results.getByRole('option')).toHaveCount(1);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await expect(results.getByRole('option', { name: /^NVDA/ })).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/dashboard\/scanner$/);
      // The scanner scanned NVDA at once (spec: strategy all, IV rank 50; NVDA's IV rank that day
      // decides how many positions pass, possibly none): every row found is NVDA.
      await expect(page.getByRole('combobox', { name: 'Ticker', exact: true })).toHaveValue('NVDA');
      await expect(
        page.getByRole('heading', { name: /^Scan Results \(\d+ opportunities found\)$/ }),
      ).toBeVisible();
      const tickers = await page.locator('table tbody tr td:first-child').allInnerTexts();
      expect(tickers.filter((ticker) => ticker.trim() !== 'NVDA')).toEqual([]);
      await expect(results).toBeHidden();

      // To a page, with arrows past the first entry: 'alerts' lists Trend Alerts then Market Alerts.
      await box.focus();
      await page.keyboard.type('alerts');
      await expect(results.getByRole('option').nth(0)).toHaveAccessibleName('Trend Alerts');
      await expect(results.getByRole('option').nth(1)).toHaveAccessibleName('Market Alerts');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/dashboard\/alerts$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Market Alerts' })).toBeVisible();

      // The selections are the recents, newest first; Escape closes and leaves the box.
      await box.focus();
      await expect(results.getByRole('option').nth(0)).toHaveAccessibleName('Recent: Market Alerts');
      await expect(results.getByRole('option').nth(1)).toHaveAccessibleName('Recent: NVDA');
      await page.keyboard.type('zzz');
      await expect(page.getByText('No results found for "zzz"')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await expect(page.getByText('No results found for "zzz"')).toBeHidden();
      await expect(box).not.toBeFocused();

      // A click outside closes it too.
      await box.click();
      await expect(page.getByText('No results found for "zzz"')).toBeVisible();
      await page.mouse.click(viewport.width / 2, viewport.height - 20);
      await expect(page.getByText('No results found for "zzz"')).toBeHidden();
    });
  }
});

test('full-screen view replaces the page with the compact grid and back, at 1440 and 390 px', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await markNewsSeen(page);
  await signUpThroughUi(page, request, 'shell-full');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trading Journal' })).toBeVisible();

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.getByRole('button', { name: 'Enter Full Screen View' }).click();
    const grid = page.getByRole('region', { name: 'Full screen view' });
    await expect(grid).toBeVisible();
    await expect(grid.getByRole('heading', { name: 'Portfolio Overview' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Trading Journal' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await shot(page, testInfo, `full-screen-${viewport.width}`);

    await page.getByRole('button', { name: 'Exit Full Screen View' }).click();
    await expect(grid).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Trading Journal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enter Full Screen View' })).toBeVisible();
  }
});

test.describe('onboarding tour', () => {
  const tourDialog = (page: Page, name: string | RegExp = 'Welcome to Edge Options') =>
    page.getByRole('dialog', { name });

  /** Loads a page with a controlled clock and proves the tour stays closed well past its delay. */
  async function expectNoTourAfterLoad(page: Page, load: () => Promise<unknown>) {
    await page.clock.install();
    const profileRead = page.waitForResponse(
      (response) => response.url().endsWith('/api/profile') && response.request().method() === 'GET',
    );
    await load();
    await profileRead;
    await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible();
    await page.clock.runFor(ONBOARDING_AUTO_SHOW_DELAY_MS * 5);
    await expect(page.getByRole('button', { name: 'Skip Tour' })).toHaveCount(0);
  }

  async function freshBrowserSignIn(browser: Browser, email: string, password: string) {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await markNewsSeen(page);
    await expectNoTourAfterLoad(page, async () => {
      await signInThroughUi(page, email, password);
      await expect(page).toHaveURL(/\/dashboard$/);
    });
    await context.close();
  }

  test('skipping: gone after a reload and in a new browser for the same user', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    await page.setViewportSize(PHONE);
    await markNewsSeen(page);
    const { email, password } = await signUpThroughUi(page, request, 'tour-skip', { tour: true });

    const dialog = tourDialog(page);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText('Step 1 of 6')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    await shot(page, testInfo, 'tour-390');

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Skip Tour' }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('onboardingCompleted'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('onboardingSkippedAt'))).toMatch(
      /^\d{4}-\d{2}-\d{2}T/,
    );

    await expectNoTourAfterLoad(page, () => page.reload());
    await freshBrowserSignIn(browser, email, password);
  });

  test('finishing, and Try Feature opening its screen; a new browser does not show it again', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await markNewsSeen(page);
    const { email, password } = await signUpThroughUi(page, request, 'tour-finish', { tour: true });

    const dialog = page.getByRole('dialog', { name: /./ });
    await expect(tourDialog(page)).toBeVisible({ timeout: 15_000 });
    await shot(page, testInfo, 'tour-1440');
    const titles: string[] = [];
    for (let step = 1; step <= 6; step++) {
      await expect(dialog.getByText(`Step ${step} of 6`)).toBeVisible();
      titles.push(await dialog.getByRole('heading', { level: 2 }).innerText());
      if (step < 6) await dialog.getByRole('button', { name: 'Next' }).click();
    }
    expect(titles).toEqual([
      'Welcome to Edge Options',
      'Options Scanner',
      'Dark Pool Flow',
      'AI Research Assistant',
      'Market Alerts',
      'Trading Journal',
    ]);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Start Trading' }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('onboardingCompletedAt'))).toMatch(
      /^\d{4}-\d{2}-\d{2}T/,
    );

    // 'Tutorial & Help' starts it again; Try Feature on the scanner step opens the scanner.
    await page.getByRole('button', { name: 'Tutorial & Help' }).click();
    await expect(tourDialog(page)).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(tourDialog(page, 'Options Scanner')).toBeVisible();
    await dialog.getByRole('button', { name: 'Try Feature' }).click();
    await expect(page).toHaveURL(/\/dashboard\/scanner$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Options Scanner' })).toBeVisible();

    // 'View Tutorial' in the user menu starts it too.
    await page.getByRole('button', { name: email }).click();
    await page.getByRole('menuitem', { name: 'View Tutorial' }).click();
    await expect(tourDialog(page)).toBeVisible();
    await page.getByRole('button', { name: 'Close tour' }).click();
    await expect(dialog).toBeHidden();

    await freshBrowserSignIn(browser, email, password);
  });
});

test("a signed-in visitor's landing page offers 'Dashboard' instead of Login and Start Free Trial", async ({
  page,
  request,
}) => {
  await markNewsSeen(page);
  await page.goto('/');
  const account = page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveTitle('The AI Edge for Options Trading · Edge Options');

  await signUpThroughUi(page, request, 'shell-landing');
  await page.goto('/');
  await expect(account.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(account.getByRole('link', { name: 'Start Free Trial' })).toHaveCount(0);
  await account.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard · Edge Options');
});
