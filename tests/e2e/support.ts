/** Helpers for the browser tests: fresh identities and the codes the local pool "emails". */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { appConfigSchema } from '@shared/config/app-config';

/**
 * The budget of a scan that may be the fresh server's first (it builds the market model's history
 * for the universe): measured 7.0 s in the e2e run at load average 0.6-3 (about 1 s in the bench,
 * docs/performance.md), so about three times that.
 */
export const FIRST_SCAN_MS = 20_000;

/**
 * The budget of a screen's first visit on an instance: `npm start` serves the app through Vite's
 * dev server, which transforms each of the screen's modules (dozens) on its first request, so the
 * route changes once they are in. A few seconds on an idle machine; over 10 s at load average 11
 * in the fresh-clone CI run of 2026-11-27 (shell navigation, a runtime's own Dark Pool page).
 */
export const FIRST_VISIT_MS = 30_000;

export const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
export const newPassword = () => `Pw-${randomUUID().slice(0, 8)}A9z`;

/** Reads the newest code sent to an address from the local pool's outbox (its endpoint is in /config.json). */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  const config = appConfigSchema.parse(await (await request.get('/config.json')).json());
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${config.userPoolEndpoint}/_local/outbox`);
      const { messages } = (await response.json()) as { messages: { to: string; code?: string }[] };
      code = messages.filter((m) => m.to === email && m.code).at(-1)?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * Marks the onboarding tour as done on this page's device, so it does not open over a test
 * that is not about it (it opens by itself for accounts under 7 days old).
 */
export async function markTourDone(page: Page) {
  await page.addInitScript(() => localStorage.setItem('onboardingCompleted', 'true'));
}

/**
 * Marks today's Daily Market Summary as seen on this page's device (lastSeenNewsDate = today on
 * the browser's own calendar), so it does not open over a test that is not about it.
 */
export async function markNewsSeen(page: Page) {
  await page.addInitScript(() => {
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    localStorage.setItem('lastSeenNewsDate', today);
  });
}

/**
 * Signs a runtime of a test's own (tests/helpers/start-process.ts) in as its demo account at
 * 1440 px, the tour done and today's summary seen, and waits for the dashboard.
 */
export async function signInDemoThroughUi(
  page: Page,
  runtime: { url: string; demo: { email: string; password: string } },
) {
  await markTourDone(page);
  await markNewsSeen(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${runtime.url}/login`);
  await page.getByLabel('Email address').fill(runtime.demo.email);
  await page.getByLabel('Password', { exact: true }).fill(runtime.demo.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs a new user up through the UI, confirms with the emailed code, and waits for the
 * dashboard. The onboarding tour is marked done unless `tour` is set (tests of the tour), and
 * today's market summary seen unless `news` is set (tests of the summary).
 */
export async function signUpThroughUi(
  page: Page,
  request: APIRequestContext,
  tag: string,
  { tour = false, news = false }: { tour?: boolean; news?: boolean } = {},
) {
  if (!tour) await markTourDone(page);
  if (!news) await markNewsSeen(page);
  const email = newEmail(tag);
  const password = newPassword();
  await page.goto('/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Confirmation code').fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password };
}

export async function signOutThroughUi(page: Page, email: string) {
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The signed-in page's Cognito access token (Amplify keeps it in localStorage), for API calls. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    return key ? localStorage.getItem(key) : null;
  });
  expect(token).toBeTruthy();
  return token!;
}
