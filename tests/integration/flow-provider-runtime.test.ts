/**
 * `npm start` with FLOW_PROVIDER=unusualwhales: UNUSUAL_WHALES_BASE_URL on a local server serving
 * Unusual Whales' example flow alerts list (its OpenAPI spec's, tests/helpers/feed-providers.ts),
 * the market clock frozen a minute after the example alert (2023-12-12, 11:36 New York), the
 * schedules every 2 s. Through the runtime's own feed route, signed in as its demo account: the
 * Market Alerts feed holds that alert only, Unusual Whales', naming its contract (what Track in
 * Journal tracks), counted today; Unusual Whales answering 503: the same alert marked stale.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alertsResponseSchema } from '@shared/feeds/schemas';
import { startFeedProviderStandIn } from '../helpers/feed-providers';
import { getOk, readUntil, signInDemo, startUntilReady } from '../helpers/start-process';

const dataDir = mkdtempSync(join(tmpdir(), 'edge-flow-provider-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start with FLOW_PROVIDER=unusualwhales', () => {
  it('serves Unusual Whales’ flow alert with its contract and no simulated alert, then marks it stale', async () => {
    const standIn = await startFeedProviderStandIn();
    const started = await startUntilReady({
      PORT: '0',
      DATA_DIR: dataDir,
      FLOW_PROVIDER: 'unusualwhales',
      UNUSUAL_WHALES_BASE_URL: standIn.url,
      UNUSUAL_WHALES_API_KEY: 'stand-in-token',
      MARKET_TIME: '2023-12-12T16:37:00.000Z',
      MARKET_TIME_FROZEN: 'true',
      LOCAL_SCHEDULE_SECONDS: '2',
    });
    try {
      expect(started.output()).toContain('options flow alerts from unusualwhales');
      const token = await signInDemo(started);
      const alerts = async (query = '') =>
        alertsResponseSchema.parse(await getOk(started, token, `/api/feeds/alerts${query}`));

      const feed = await readUntil(alerts, (f) => f.items.length > 0);
      expect(feed).toMatchObject({ source: 'unusualwhales', stale: null, todayCount: 1 });
      expect(feed.items.map((a) => [a.id, a.provider, a.type, a.ticker, a.bias, a.contract])).toEqual([
        [
          'unusualwhales-MSFT231222C00375000-1702398952168',
          'unusualwhales',
          'unusual-flow',
          'MSFT',
          'bullish',
          { type: 'call', strike: 375, expiration: '2023-12-22' },
        ],
      ]);
      expect(feed.items[0]!.flow).toMatchObject({ premium: 186_705, contracts: 461, openInterest: 7913 });
      const request = standIn.requests.find((r) => r.path.startsWith('/api/option-trades/flow-alerts?'));
      expect(request?.authorization).toBe('Bearer stand-in-token');
      // Three minutes back from the market clock, the minimum premium, single-leg.
      expect(request?.path).toContain(`newer_than=${Date.parse('2023-12-12T16:34:00.000Z')}`);
      expect((await alerts('?type=breakout')).items).toEqual([]);
      expect((await alerts('?ticker=MSFT')).items).toHaveLength(1);

      standIn.failWith(503);
      const stale = await readUntil(alerts, (f) => f.stale !== null);
      expect(stale.stale?.reason).toBe('Unusual Whales answered 503');
      expect(stale.items.map((a) => a.id)).toEqual(feed.items.map((a) => a.id));
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
      await standIn.close();
    }
  }, 90_000);
});
