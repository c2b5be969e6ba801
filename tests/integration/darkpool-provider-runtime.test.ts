/**
 * `npm start` with DARKPOOL_PROVIDER=polygon: POLYGON_BASE_URL on a local server serving Polygon's
 * recorded AAPL trades and NBBO (tests/helpers/feed-providers.ts), the market clock frozen on the
 * recorded quote's session (2022-05-10, 10:12 New York), the schedules every 2 s. Through the
 * runtime's own feed route, signed in as its demo account:
 * 1. the genuine recorded trades page (NYSE Arca and Nasdaq prints, none off-exchange) gives no
 *    print, and no simulated print either;
 * 2. the hand-written TRF page in the recorded shape gives its two blocks, Polygon's, each with
 *    the recorded NBBO in force and the side it implies; the ticker filter keeps them or says none;
 * 3. Polygon answering 503: the same prints marked stale with why, status 200.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { darkPoolResponseSchema } from '@shared/feeds/schemas';
import { startFeedProviderStandIn } from '../helpers/feed-providers';
import { getOk, readUntil, signInDemo, startUntilReady } from '../helpers/start-process';

const dataDir = mkdtempSync(join(tmpdir(), 'edge-darkpool-provider-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** In the session of the recorded NBBO (14:11:12.800 UTC), a minute after it. */
const MARKET_TIME = '2022-05-10T14:12:00.000Z';

describe('npm start with DARKPOOL_PROVIDER=polygon', () => {
  it('serves only Polygon’s TRF blocks with their NBBO, none from on-exchange trades, then marks them stale', async () => {
    const standIn = await startFeedProviderStandIn();
    const started = await startUntilReady({
      PORT: '0',
      DATA_DIR: dataDir,
      DARKPOOL_PROVIDER: 'polygon',
      DARKPOOL_SYMBOLS: 'AAPL',
      POLYGON_BASE_URL: standIn.url,
      MARKET_DATA_API_KEY: 'stand-in-key',
      MARKET_TIME,
      MARKET_TIME_FROZEN: 'true',
      LOCAL_SCHEDULE_SECONDS: '2',
    });
    try {
      expect(started.output()).toContain('Dark Pool Flow from polygon');
      const token = await signInDemo(started);
      const darkPool = async (query = '') =>
        darkPoolResponseSchema.parse(await getOk(started, token, `/api/feeds/darkpool${query}`));
      const tradeRequests = () => standIn.requests.filter((r) => r.path.startsWith('/v3/trades/AAPL?'));

      // 1. The recorded page: read with the key, from three minutes back (a minute between reads of the one symbol, two of overlap), and no print.
      await readUntil(
        async () => tradeRequests().length,
        (n) => n > 0,
      );
      const [first] = tradeRequests();
      expect(first?.authorization).toBe('Bearer stand-in-key');
      const from = new URL(first!.path, standIn.url).searchParams.get('timestamp.gte');
      expect(new Date(Number(from) / 1e6).toISOString()).toBe('2022-05-10T14:09:00.000Z');
      const empty = await darkPool();
      expect(empty).toMatchObject({ source: 'polygon', stale: null, items: [] });
      expect(empty.market.isOpen).toBe(true);

      // 2. The TRF blocks: two of the five trades (the odd lot, the average-price print and the
      // exchange's block are not dark pool blocks), with the recorded NBBO 155.85 × 155.87.
      standIn.serveTrades('trf');
      const feed = await readUntil(darkPool, (f) => f.items.length >= 2);
      expect(feed).toMatchObject({ source: 'polygon', stale: null });
      expect(
        feed.items.map((i) => [i.provider, i.timestamp, i.blockSize, i.price, i.side, i.tape?.placement]),
      ).toEqual([
        ['polygon', '2022-05-10T14:11:15.100Z', 1_300, 155.86, null, 'at-mid'],
        ['polygon', '2022-05-10T14:11:13.400Z', 25_000, 155.87, 'buy', 'at-ask'],
      ]);
      expect(feed.items[1]!.tape).toEqual({
        venue: 'FINRA TRF',
        trfId: 202,
        reportedAt: '2022-05-10T14:11:13.400Z',
        conditions: [],
        notional: 3_896_750,
        nbbo: { bid: 155.85, ask: 155.87, at: '2022-05-10T14:11:12.800Z' },
        placement: 'at-ask',
      });
      expect(feed.items.every((i) => i.edgeScore === undefined && i.optionsImplication === undefined)).toBe(
        true,
      );
      expect(standIn.requests.some((r) => r.path.startsWith('/v3/quotes/AAPL?timestamp.lte='))).toBe(true);
      expect((await darkPool('?ticker=AAPL')).items).toHaveLength(2);
      const none = await darkPool('?ticker=MSFT');
      expect(none.items).toEqual([]);
      expect(none.notice).toMatch(/MSFT/);

      // 3. Polygon failing: the last prints, stale with the reason, status 200.
      standIn.failWith(503);
      const stale = await readUntil(darkPool, (f) => f.stale !== null);
      expect(stale.stale?.reason).toBe('Polygon answered 503 (AAPL)');
      expect(stale.items.map((i) => i.id)).toEqual(feed.items.map((i) => i.id));
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
      await standIn.close();
    }
    // One start (45 s at most), a few runs of the schedules and some requests.
  }, 90_000);
});
