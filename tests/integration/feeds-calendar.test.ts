/**
 * Issue 23 through `npm start` with the market clock pinned to Thanksgiving evening 2026
 * (MARKET_TIME, frozen): the feeds hold items as soon as "Ready" is printed; market alerts and
 * dark pool prints carry nothing stamped outside a regular session (the list is the last session's,
 * Wednesday's); every feed answers `?ticker=` with that ticker's items only, or none and a notice;
 * the answers say the market is closed and when it opens; every item says it is simulated.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, feedResponseSchemas, type FeedName, type FeedResponse } from '@shared/feeds/schemas';
import { isInSession } from '@shared/market/calendar';
import { apiPath } from '@shared/routes';
import { signInDemo, startUntilReady, type StartedProcess } from '../helpers/start-process';

/** Thanksgiving Day 2026, 17:30 in New York: a full-day NYSE holiday. */
const THANKSGIVING_EVENING = '2026-11-26T22:30:00.000Z';

const dataDir = mkdtempSync(join(tmpdir(), 'edge-feeds-calendar-'));
let started: StartedProcess;
let token: string;
/** The first answer of each feed, read right after "Ready". */
const first = {} as { [F in FeedName]: FeedResponse<F> };

async function getFeed<F extends FeedName>(
  feed: F,
  query: Record<string, string> = {},
): Promise<FeedResponse<F>> {
  const response = await fetch(`${started.url}${apiPath('getFeed', { feed }, query)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return feedResponseSchemas[feed].parse(body) as FeedResponse<F>;
}

beforeAll(async () => {
  started = await startUntilReady({
    PORT: '0',
    DATA_DIR: dataDir,
    MARKET_TIME: THANKSGIVING_EVENING,
    MARKET_TIME_FROZEN: 'true',
  });
  token = await signInDemo(started);
  for (const feed of feedNames) (first as Record<FeedName, unknown>)[feed] = await getFeed(feed);
}, 120_000);

afterAll(async () => {
  started?.child.kill('SIGTERM');
  await started?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('feeds on a holiday evening', () => {
  it('hold their first items as soon as npm start says Ready', () => {
    expect(started.output()).toMatch(/Feeds: first items written/);
    for (const feed of feedNames) expect(first[feed].items.length, feed).toBeGreaterThan(0);
  });

  it('stamp no alert or dark pool print outside a session: the list is Wednesday’s', () => {
    for (const feed of ['alerts', 'darkpool'] as const) {
      for (const item of first[feed].items) {
        expect(isInSession(new Date(item.timestamp)), `${feed} ${item.timestamp}`).toBe(true);
        expect(item.timestamp < '2026-11-25T21:00:00.000Z').toBe(true);
      }
    }
  });

  it('say the market is closed and opens Friday at 09:30 New York', () => {
    for (const feed of feedNames)
      expect(first[feed].market).toEqual({
        isOpen: false,
        nextOpen: '2026-11-27T14:30:00.000Z',
        closesAt: null,
      });
  });

  it('label every item simulated', () => {
    for (const feed of feedNames)
      for (const item of first[feed].items) expect(item.provider).toBe('simulated');
  });

  it.each(feedNames)('%s: ?ticker= gives that ticker’s items only, or none with a notice', async (feed) => {
    const ticker = first[feed].items[0]!.ticker;
    const filtered = await getFeed(feed, { ticker: ticker.toLowerCase() });
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.every((item) => item.ticker === ticker)).toBe(true);
    expect(filtered.notice).toBeNull();
    const absent = ['PLTR', 'NVDA', 'TSLA', 'SPY', 'AAPL', 'XLE', 'GLD'].find(
      (symbol) => !first[feed].items.some((item) => item.ticker === symbol),
    )!;
    const none = await getFeed(feed, { ticker: absent, limit: '1' });
    expect(none.items).toEqual([]);
    expect(none.notice).toMatch(new RegExp(`^No .* for ${absent} in the feed right now\\.$`));
  });

  it('the dark pool no longer takes a focus (prints are never invented for a searched symbol)', async () => {
    const response = await fetch(
      `${started.url}${apiPath('getFeed', { feed: 'darkpool' }, { focus: 'ZZZZ' })}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(response.status).toBe(400);
  });
});
