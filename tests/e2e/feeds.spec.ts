/**
 * The live feeds against the real local runtime (its schedule timers generate the feeds): each
 * screen shows items, filters narrow them, pausing stops new items and resuming catches up,
 * dismissal survives a reload, browser notifications with the permission granted, and 'Track in
 * Journal' lands a trade with its source. Screenshots at 1440 and 390 px.
 */
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { expect, test, type Page } from '@playwright/test';
import { DARK_POOL_TICKER_NOT_FOUND, NOTIFICATIONS_ENABLED } from '@shared/constants/texts';
import { generateMarketAlert } from '@shared/feeds/market-alerts';
import { feedPollMs } from '@shared/feeds/schemas';
import { arrivalsBetween, feedItemTime } from '@shared/feeds/timeline';
import { E2E_DATA_DIR } from '../../playwright.config';
import { FIRST_SCAN_MS, signUpThroughUi } from './support';

// Feeds move at their own pace (a print every 8-20 s, an alert every 15-45 s): waits are long.
test.describe.configure({ timeout: 240_000 });
const PAGE_LOAD_TIMEOUT = 30_000;

/**
 * When the next market alert is due after `from`. An alert fires only when the model's trigger
 * is met, so the feed's arrivals (15-45 s apart) leave gaps of up to about 7 minutes; the runtime
 * generates with the default seed, so the test computes the same instants.
 */
function nextAlertAt(from: number): number {
  for (let end = from + 60_000; ; end += 60_000) {
    const due = arrivalsBetween('alerts', from, end).find((t) => generateMarketAlert(t) !== null);
    if (due !== undefined) return due;
  }
}

const runtimeInfo = () =>
  JSON.parse(readFileSync(`${E2E_DATA_DIR}/runtime.json`, 'utf8')) as {
    dynamoEndpoint: string;
    marketOffsetMs: number;
  };

/**
 * The market's now (epoch ms): the instance runs on a market clock set inside a session
 * (playwright.config.ts), since alerts and dark pool prints exist only while the market trades.
 */
const marketNow = () => Date.now() + runtimeInfo().marketOffsetMs;

function localTables() {
  const { dynamoEndpoint } = runtimeInfo();
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
    }),
  );
}

/** The feed's items as stored (due or not), newest first. */
async function storedItems(feed: string) {
  const { Items } = await localTables().send(
    new QueryCommand({
      TableName: 'feeds',
      KeyConditionExpression: 'feed = :f',
      ExpressionAttributeValues: { ':f': feed },
      ScanIndexForward: false,
    }),
  );
  return (Items ?? []) as { id: string; timestamp: string; confidence?: number }[];
}

test.beforeEach(async ({ page }) => {
  // The daily news modal and the onboarding tour would cover the page; and record notifications.
  await page.addInitScript(() => {
    localStorage.setItem('lastSeenNewsDate', new Date().toISOString().slice(0, 10));
    localStorage.setItem('onboardingCompleted', 'true');
    const Real = window.Notification;
    const shown: { title: string; tag?: string }[] = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, tag: options?.tag });
      }
    }
    window.Notification = Recording;
  });
});

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({
    timeout: PAGE_LOAD_TIMEOUT,
  });
  await expect(page.getByText('Simulated data')).toBeVisible();
}

const shownNotifications = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { shownNotifications: { title: string; tag?: string }[] }).shownNotifications,
  );

test('Market Alerts: the feed and its filters, notifications granted in the browser, Track in Journal lands a trade', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  await signUpThroughUi(page, request, 'feeds-alerts');
  await open(page, '/dashboard/alerts', 'Market Alerts');

  const feed = page.getByRole('list', { name: 'Market alerts' });
  await expect(feed.getByRole('listitem').first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  const total = await feed.getByRole('listitem').count();
  // The severity counts are the feed's: High + Medium + Low add up to the alerts listed.
  const severityButton = (level: string) =>
    page.getByRole('button', { name: new RegExp(`^${level} priority`) });
  const severityCount = async (level: string) =>
    Number((await severityButton(level).textContent())!.replace(/\D/g, ''));
  const levels = ['High', 'Medium', 'Low'];
  await expect
    .poll(async () => {
      const counts = await Promise.all(levels.map(severityCount));
      return counts.reduce((a, b) => a + b, 0) - (await feed.getByRole('listitem').count());
    })
    .toBe(0);

  // A severity filter narrows the feed to that severity: the most frequent one, so there are some.
  const counts = await Promise.all(levels.map(severityCount));
  const level = levels[counts.indexOf(Math.max(...counts))]!;
  expect(Math.max(...counts)).toBeGreaterThan(0);
  await severityButton(level).click();
  await expect(page.getByRole('heading', { name: `${level} priority alerts` })).toBeVisible();
  const narrowed = await feed.getByRole('listitem').count();
  expect(narrowed).toBeGreaterThan(0);
  await expect(feed.getByText(level, { exact: true })).toHaveCount(narrowed);
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect.poll(() => feed.getByRole('listitem').count()).toBeGreaterThanOrEqual(total);

  // Notifications: granted in this browser, so turning them on confirms with a test notification.
  await page.getByRole('switch', { name: 'Browser notifications' }).click();
  await expect(page.getByText(NOTIFICATIONS_ENABLED, { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await shownNotifications(page)).map((n) => n.title))
    .toContain(NOTIFICATIONS_ENABLED);
  // The next alert arrives as a browser notification too: within a poll (and a minute to spare) of its instant.
  const now = marketNow();
  const waitMs = nextAlertAt(now) - now + feedPollMs('alerts') + 60_000;
  test.setTimeout(test.info().timeout + waitMs);
  await expect
    .poll(async () => (await shownNotifications(page)).filter((n) => n.tag?.startsWith('al-')).length, {
      timeout: waitMs,
      intervals: [2_000],
    })
    .toBeGreaterThan(0);

  // Track in Journal: Add Trade opens filled; the trade is stored with its source and reference.
  const first = feed.getByRole('listitem').first();
  const ticker = (await first
    .getByRole('button', { name: /^Track .* in Journal$/ })
    .getAttribute('aria-label'))!.split(' ')[1]!;
  await first.getByRole('button', { name: /^Track .* in Journal$/ }).click();
  // Tracking an option prices it in the chain first ("Pricing…"): on a fresh server, that minute's
  // first chain builds the market model's history, as a first scan does.
  await expect(page).toHaveURL(/\/dashboard\/journal$/, { timeout: FIRST_SCAN_MS });
  const dialog = page.getByRole('dialog', { name: 'Add Trade' });
  await expect(dialog.getByLabel('Ticker')).toHaveValue(ticker, { timeout: PAGE_LOAD_TIMEOUT });
  await dialog.getByRole('button', { name: 'Add Trade' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => {
      const { Items } = await localTables().send(
        new ScanCommand({
          TableName: 'trades',
          FilterExpression: 'ticker = :t AND #source = :s',
          ExpressionAttributeNames: { '#source': 'source' },
          ExpressionAttributeValues: { ':t': ticker, ':s': 'alert' },
        }),
      );
      return (Items ?? []).map((item) => String(item.source_ref));
    })
    .toContainEqual(expect.stringMatching(/^alerts:al-/));
});

test('Dark Pool: filters narrow the flows, a searched ticker filters them, pausing stops them and resuming catches up', async ({
  page,
  request,
}) => {
  await signUpThroughUi(page, request, 'feeds-darkpool');
  await open(page, '/dashboard/darkpool', 'Dark Pool Flow Analyzer');
  const table = page.getByRole('table', { name: /Dark pool flows/ });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(page.getByRole('heading', { name: 'Detected patterns' })).toBeVisible();
  const detailButtons = table.getByRole('button', { name: /^Edge breakdown for/ });

  // Algo Only: every row algorithmic.
  await page.getByRole('switch', { name: 'Algo Only' }).click();
  await expect(table.getByText('Human pattern')).toHaveCount(0);
  await expect.poll(() => table.getByText('Algorithmic').count()).toBeGreaterThan(0);
  await page.getByRole('switch', { name: 'Algo Only' }).click();

  // An unknown ticker gets the hint; a known one filters the prints to it (none are invented).
  const search = page.getByLabel('Ticker search');
  await search.fill('zzzzz');
  await expect(page.getByText(DARK_POOL_TICKER_NOT_FOUND)).toBeVisible();
  const shownTicker = (await table.getByRole('row').nth(1).getByRole('cell').nth(1).textContent())!.replace(
    /Simulated$/,
    '',
  );
  await search.fill(shownTicker.toLowerCase());
  await expect(search).toHaveValue(shownTicker);
  await expect(page.getByText(`Showing ${shownTicker} prints only.`)).toBeVisible();
  await expect
    .poll(async () => {
      const tickers = await table
        .getByRole('row')
        .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
      return tickers.length > 0 && tickers.filter((t) => t !== '').every((t) => t.startsWith(shownTicker));
    })
    .toBe(true);
  await search.fill('');

  // The breakdown on demand.
  await detailButtons.first().click();
  await expect(page.getByRole('rowheader', { name: 'Pattern analysis' })).toBeVisible();

  // Pause: no more requests and no new rows, though the server has newer flows; resume catches up.
  await page.getByRole('switch', { name: 'Live Analysis' }).click();
  const pausedAt = new Date(marketNow()).toISOString();
  const newestShown = await detailButtons.first().getAttribute('aria-label');
  let requestsWhilePaused = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/feeds/darkpool')) requestsWhilePaused += 1;
  });
  await expect
    .poll(
      async () =>
        (await storedItems('darkpool')).filter(
          (item) =>
            item.timestamp > pausedAt &&
            item.timestamp <= new Date(marketNow()).toISOString() &&
            (item.confidence ?? 0) >= 75,
        ).length,
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  expect(requestsWhilePaused).toBe(0);
  await expect(detailButtons.first()).toHaveAttribute('aria-label', newestShown!);

  await page.getByRole('switch', { name: 'Live Analysis' }).click();
  await expect(detailButtons.first()).not.toHaveAttribute('aria-label', newestShown!);
});

test('Risky Chatter: cards with their sources; the platform filter narrows them', async ({
  page,
  request,
}) => {
  await signUpThroughUi(page, request, 'feeds-chatter');
  await open(page, '/dashboard/risky-chatter', 'Risky Chatter');
  const cards = page.getByRole('list', { name: 'Social trends' }).getByRole('article');
  await expect(cards.first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(page.getByRole('heading', { name: 'Trending communities' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Risk disclaimer' })).toBeVisible();
  await expect(
    cards.first().getByRole('link', { name: / on (Reddit|X \(Twitter\)|Discord|StockTwits)/ }),
  ).toHaveAttribute('href', /^https:\/\//);

  await page.getByLabel('Platform').selectOption('reddit');
  await expect
    .poll(async () =>
      (await cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).every((name) =>
        name?.endsWith('on Reddit'),
      ),
    )
    .toBe(true);
  await page.getByLabel('Sort by').selectOption('mentions');
  await expect(cards.first()).toBeVisible();
});

test('Trend Alerts: a dismissed alert stays hidden after a reload', async ({ page, request }) => {
  await signUpThroughUi(page, request, 'feeds-trends');
  await open(page, '/dashboard/trend-alerts', 'Trend Alerts');
  const list = page.getByRole('list', { name: 'Trend alerts' });
  await expect(list.getByRole('article').first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(page.getByRole('complementary', { name: 'Risk warning' })).toBeVisible();

  const dismissed = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/dismiss'));
  await list
    .getByRole('button', { name: /^Dismiss / })
    .first()
    .click();
  const id = decodeURIComponent(new URL((await dismissed).url()).pathname.split('/').at(-2)!);
  const timestamp = new Date(feedItemTime('trends', id)!).toISOString();
  await expect(list.locator(`time[datetime="${timestamp}"]`)).toHaveCount(0);

  await page.reload();
  await expect(list.getByRole('article').first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(list.locator(`time[datetime="${timestamp}"]`)).toHaveCount(0);
});

test('screenshots of the four screens at 1440 and 390 px, with nothing wider than a phone', async ({
  page,
  request,
}, testInfo) => {
  await signUpThroughUi(page, request, 'feeds-shots');
  const screens = [
    ['/dashboard/alerts', 'Market Alerts', 'alerts'],
    ['/dashboard/darkpool', 'Dark Pool Flow Analyzer', 'darkpool'],
    ['/dashboard/risky-chatter', 'Risky Chatter', 'risky-chatter'],
    ['/dashboard/trend-alerts', 'Trend Alerts', 'trend-alerts'],
  ] as const;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 1000 : 844 });
    for (const [path, title, name] of screens) {
      await open(page, path, title);
      // Every screen says when its feed last answered.
      await expect(page.getByText(/updated \d/)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
      if (width === 390) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at 390 px`).toBeLessThanOrEqual(1);
      }
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: width > 500 });
    }
  }
});
