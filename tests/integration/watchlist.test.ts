/**
 * The watchlist on the local runtime (dynalite): add, list and remove through the API, adding
 * twice changing nothing, the limit, no user reaching another's list, and a notification rule on
 * "my watchlist" matching the tickers on it when the feeds job's items arrive.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketAlert } from '@shared/feeds/schemas';
import { UNIVERSE } from '@shared/market/universe';
import { createdRuleSchema, notificationLogSchema } from '@shared/notifications/schemas';
import { WATCHLIST_LIMIT, watchedTickerSchema, watchlistSchema } from '@shared/watchlist/schemas';
import { api, createUser, useLocalStackEnvironment } from '../helpers/local-stack';

beforeAll(() => {
  useLocalStackEnvironment();
  Object.assign(process.env, {
    LOCAL_OUTBOX_FILE: join(mkdtempSync(join(tmpdir(), 'edge-watch-')), 'outbox.jsonl'),
    STAGE: 'local',
  });
});

const list = async (token: string) => watchlistSchema.parse((await api('/api/watchlist', { token })).json);

const alert = (ticker: string, id: string, severity: MarketAlert['severity'] = 'high'): MarketAlert => ({
  id,
  ticker,
  type: 'breakout',
  message: `${ticker} broke its 20-day high`,
  timestamp: new Date(Date.now() - 1000).toISOString(),
  severity,
  price: 101.5,
  changePercent: 1.2,
  volume: 1_200_000,
  bias: 'bullish',
  trigger: { metric: 'close', value: 101.5, threshold: 100 } as MarketAlert['trigger'],
});

describe('the watchlist', () => {
  it('adds (once), lists in order, removes, and keeps each user to their own list', async () => {
    const user = await createUser('watch');
    const token = user.accessToken;
    expect(await list(token)).toEqual({ tickers: [], limit: WATCHLIST_LIMIT });

    const first = await api('/api/watchlist/nvda', { method: 'PUT', token });
    expect(first.status).toBe(200);
    const nvda = watchedTickerSchema.parse(first.json);
    expect(nvda.ticker).toBe('NVDA');
    // The same request again answers the entry as it was.
    const again = await api('/api/watchlist/NVDA', { method: 'PUT', token });
    expect(again.json).toEqual(nvda);
    expect((await api('/api/watchlist/BRK.B', { method: 'PUT', token })).status).toBe(200);
    expect((await list(token)).tickers.map((t) => t.ticker)).toEqual(['NVDA', 'BRK.B']);

    expect((await api('/api/watchlist/not%20a%20ticker', { method: 'PUT', token })).status).toBe(400);
    // A well-formed symbol the product does not quote is refused too, and nothing is stored.
    const unknown = await api('/api/watchlist/ZZZQ', { method: 'PUT', token });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('Unknown symbol: ZZZQ');
    expect((await list(token)).tickers.map((t) => t.ticker)).toEqual(['NVDA', 'BRK.B']);

    const other = await createUser('watch-other');
    expect((await list(other.accessToken)).tickers).toEqual([]);
    expect((await api('/api/watchlist/NVDA', { method: 'DELETE', token: other.accessToken })).status).toBe(
      404,
    );
    expect((await api('/api/watchlist', {})).status).toBe(401);

    expect((await api('/api/watchlist/NVDA', { method: 'DELETE', token })).status).toBe(204);
    expect((await api('/api/watchlist/NVDA', { method: 'DELETE', token })).status).toBe(404);
    expect((await list(token)).tickers.map((t) => t.ticker)).toEqual(['BRK.B']);
  });

  it(`refuses a ticker past ${WATCHLIST_LIMIT} with 409`, async () => {
    const user = await createUser('watch-full');
    const symbols = UNIVERSE.map((entry) => entry.symbol);
    const tickers = symbols.slice(0, WATCHLIST_LIMIT);
    for (const ticker of tickers)
      expect((await api(`/api/watchlist/${ticker}`, { method: 'PUT', token: user.accessToken })).status).toBe(
        200,
      );
    const over = await api(`/api/watchlist/${symbols[WATCHLIST_LIMIT]!}`, {
      method: 'PUT',
      token: user.accessToken,
    });
    expect(over.status).toBe(409);
    // One already there is still answered.
    expect(
      (await api(`/api/watchlist/${tickers[0]}`, { method: 'PUT', token: user.accessToken })).status,
    ).toBe(200);
  });

  it("notifies a rule on 'my watchlist' of alerts on the tickers on it, at or above the severity", async () => {
    const user = await createUser('watch-rule');
    const token = user.accessToken;
    expect((await api('/api/profile', { token })).status).toBe(200);
    const create = await api('/api/notification-rules', {
      method: 'POST',
      token,
      body: {
        name: 'My watchlist, high',
        condition: { feed: 'alerts', minSeverity: 'high' },
        watchlist: true,
        channels: ['in-app'],
      },
    });
    expect(create.status).toBe(201);
    const rule = createdRuleSchema.parse(create.json);
    expect(rule).toMatchObject({ watchlist: true, tickers: [] });
    // A rule on the watchlist with tickers of its own is refused.
    const both = await api('/api/notification-rules', {
      method: 'POST',
      token,
      body: {
        ...{ name: 'x', condition: { feed: 'alerts', minSeverity: 'high' } },
        watchlist: true,
        tickers: ['AAPL'],
        channels: ['in-app'],
      },
    });
    expect(both.status).toBe(400);

    const watched = 'AMD';
    expect((await api(`/api/watchlist/${watched}`, { method: 'PUT', token })).status).toBe(200);
    const { notifyNewFeedItems } = await import('../../lambdas/notifications/jobs');
    const { createLogger } = await import('../../lambdas/common/observability');
    await notifyNewFeedItems(
      new Map([
        [
          'alerts',
          [
            alert(watched, `w-${rule.id}`),
            alert(watched, `low-${rule.id}`, 'low'),
            alert('UNWATCHED', `u-${rule.id}`),
          ],
        ],
      ]),
      createLogger('test'),
    );
    const log = notificationLogSchema.parse((await api('/api/notifications', { token })).json);
    expect(log.notifications.map((n) => [n.event.id, n.status])).toEqual([[`w-${rule.id}`, 'sent']]);
  });
});
