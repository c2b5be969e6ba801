/**
 * The Research Assistant in Chromium, with the OpenAI-compatible stub behind the local runtime
 * (playwright.config.ts starts it and points the ungated instance at it): ask, see the reply, the
 * chart card, the strategies and the sources; reload and see the history; open a strategy in the
 * scanner. The stub is scripted over HTTP; its record shows what the server (never the browser) sent.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_OPENAI_STUB_URL } from '../../playwright.config';
import { FIRST_SCAN_MS, signUpThroughUi } from './support';

// One conversation with one scripted stub: the steps run in order.
test.describe.configure({ mode: 'serial' });

interface StubRecord {
  authorization?: string;
  userAgent?: string;
  body: { messages: { role: string; content?: string | null }[]; max_tokens: number; temperature: number };
}

async function stubRequests(request: APIRequestContext): Promise<StubRecord[]> {
  const response = await request.get(`${E2E_OPENAI_STUB_URL}/_stub/requests`);
  return ((await response.json()) as { requests: StubRecord[] }).requests;
}

async function quietModals(page: Page) {
  // The daily news modal and the tour would cover the page: mark both as seen.
  await page.addInitScript(() => {
    localStorage.setItem('lastSeenNewsDate', new Date().toISOString().slice(0, 10));
    localStorage.setItem('onboardingCompleted', 'true');
  });
}

test('ask with the stub behind the runtime: reply, chart, strategies, sources; history after a reload', async ({
  page,
  request,
}, testInfo) => {
  // A whole conversation through the stub, a reload and the history: measured 39 s at load 10.
  test.setTimeout(90_000);
  await quietModals(page);
  const fromBrowser: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(E2E_OPENAI_STUB_URL)) fromBrowser.push(r.url());
  });
  await signUpThroughUi(page, request, 'research');
  await page.getByRole('link', { name: 'Research Assistant' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Research Assistant' })).toBeVisible();
  await expect(page.getByText('Welcome to Research Assistant')).toBeVisible();
  await expect(
    page.getByText('Ask me about market conditions, stock analysis, or options strategies.'),
  ).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Ask the Assistant' });
  const send = page.getByRole('button', { name: 'Send' });
  await expect(box).toHaveAttribute('placeholder', 'Ask the Assistant...');
  await expect(send).toBeDisabled();
  await box.fill('   ');
  await expect(send).toBeDisabled();

  // The stub asks for SPY's quote (slowly enough to see 'Analyzing...'), then answers from it.
  await request.delete(`${E2E_OPENAI_STUB_URL}/_stub/requests`);
  await request.delete(`${E2E_OPENAI_STUB_URL}/_stub/replies`);
  await request.post(`${E2E_OPENAI_STUB_URL}/_stub/replies`, {
    data: [
      { type: 'tool_calls', calls: [{ name: 'get_quotes', arguments: { symbols: ['SPY'] } }], delayMs: 1500 },
    ],
  });
  await box.fill('Is SPY bullish');
  await box.press('Shift+Enter');
  await box.pressSequentially('this week?');
  await expect(box).toHaveValue('Is SPY bullish\nthis week?');
  await box.press('Enter');
  await expect(page.getByText('Analyzing...')).toBeVisible();
  await expect(send).toBeDisabled();

  const answer = page.getByRole('article', { name: 'Question: Is SPY bullish\nthis week?' });
  // The answer's tools may run the fresh server's first scan.
  await expect(answer).toBeVisible({ timeout: FIRST_SCAN_MS });
  await expect(page.getByText('Analyzing...')).toBeHidden();
  const line = await answer.getByText(/SPY last traded at \$[\d.]+/).innerText();
  const price = /\$([\d.]+)/.exec(line)![1]!;

  // The chart card: a drawn chart with its text summary.
  const chart = answer.getByRole('figure', { name: 'SPY chart' });
  await expect(chart.getByRole('img', { name: 'SPY price, 3 months' })).toBeVisible();
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart.getByText(/SPY price, 3 months: from \$[\d,.]+ .* Simulated data\./)).toBeVisible();

  // Bullish: the call strategies for the ticker asked about, with probability and risk.
  const strategies = answer.getByRole('region', { name: 'Suggested Strategies' });
  await expect(
    strategies.getByRole('button', {
      name: /^Open Long Call SPY in the scanner: \d+% probability of profit, (Low|Medium|High) risk$/,
    }),
  ).toBeVisible();
  await expect(
    strategies.getByRole('button', { name: /^Open Covered Call SPY in the scanner/ }),
  ).toBeVisible();

  // The sources: the quote the model was given, at its time, and the cards.
  await answer.getByText(/Sources \(\d+\)/).click();
  const sources = answer.getByRole('list', { name: 'Sources' });
  await expect(sources.getByText('Quotes: SPY')).toBeVisible();
  await expect(sources.getByText(new RegExp(`^\\$${price.replace('.', '\\.')} \\(`))).toBeVisible();
  await expect(sources.getByText('Suggested: Long Call SPY')).toBeVisible();

  // What the model got came from the server, with the server's key; nothing from the browser.
  const sent = await stubRequests(request);
  expect(sent).toHaveLength(2);
  for (const record of sent) {
    expect(record.authorization).toBe('Bearer e2e-stub-key');
    expect(record.userAgent).toMatch(/^OpenAI\/JS /);
    expect(record.body).toMatchObject({ max_tokens: 500, temperature: 0.7 });
  }
  expect(sent[1]!.body.messages.find((m) => m.role === 'tool')!.content).toContain(`"price":"${price}"`);
  expect(fromBrowser).toEqual([]);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.screenshot({ path: testInfo.outputPath('research-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(box).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('research-390.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // History: the exchange is there after a reload.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Question: Is SPY bullish\nthis week?' })).toBeVisible();
  await expect(page.getByText('Welcome to Research Assistant')).toBeHidden();

  // A suggested strategy opens that position in the scanner.
  await page.getByRole('button', { name: /^Open Long Call SPY in the scanner/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Options Scanner' })).toBeVisible();
  await expect(page.getByLabel('Ticker', { exact: true })).toHaveValue('SPY');
  await expect(page.getByLabel('Strategy', { exact: true })).toHaveValue('long-call');
  await expect(page.getByRole('dialog', { name: /SPY Long Call/ })).toBeVisible({ timeout: 30_000 });
});
