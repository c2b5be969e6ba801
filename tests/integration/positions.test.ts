/**
 * Open positions marked to the market, through the local API and dynalite: a position tracked
 * from a scan is marked at the chain's executable prices, only for its owner; the marks follow the
 * market's minute; an expired trade is settled at expiry once, with its assignment recorded (on a
 * real provider at the close the chain snapshot job recorded); a stock reporting before expiry
 * carries the earnings target.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayNumberOfIso, isoDateOf, weekday } from '@shared/market/calendar';
import { nextEarningsDate } from '@shared/market/earnings';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import { underlyingAt } from '@shared/market/quotes';
import { optionChainSchema, scanResponseSchema } from '@shared/options/response-schemas';
import { apiPath } from '@shared/routes';
import { positionsResponseSchema } from '@shared/trades/position-schemas';
import { expiryClose } from '@shared/trades/settlement';
import { tradeSchema } from '@shared/trades/schemas';
import { scanRowPrefill } from '@shared/trades/track-scan';
import { prefillTracking } from '../../frontend/src/features/journal/hooks/use-journal-prefill';
import { recordedQqqChain } from '../helpers/cboe-chains';
import {
  api,
  createUser,
  documentClient,
  useLocalStackEnvironment,
  type TestUser,
} from '../helpers/local-stack';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

let trader: TestUser;
let other: TestUser;
const userIdOf = (user: TestUser) => String(decodeJwt(user.accessToken).sub);

beforeAll(async () => {
  useLocalStackEnvironment();
  [trader, other] = await Promise.all([createUser('positions'), createUser('positions-other')]);
}, 60_000);

async function journal() {
  const { tradesRepo } = await import('../../lambdas/trades/repository');
  const { statsCache } = await import('../../lambdas/trades/stats-cache');
  const client = documentClient();
  return { trades: tradesRepo(client, 'trades'), cache: statsCache(client, () => 'journal_cache') };
}

async function trackCondor(user: TestUser) {
  const scanned = await api(apiPath('scanOptions'), {
    method: 'POST',
    token: user.accessToken,
    body: { strategy: 'iron-condor', ivRank: 0, ticker: 'SPY' },
  });
  expect(scanned.status, scanned.text).toBe(200);
  const scan = scanResponseSchema.parse(scanned.json);
  const prefill = scanRowPrefill(scan.results[0]!, scan.source);
  const created = await api(apiPath('createTrade'), {
    method: 'POST',
    token: user.accessToken,
    body: {
      ticker: prefill.ticker,
      strategy: prefill.strategy,
      side: prefill.side,
      quantity: prefill.quantity,
      entry_price: prefill.entry_price,
      ...prefillTracking(prefill),
    },
  });
  expect(created.status, created.text).toBe(201);
  return tradeSchema.parse(created.json);
}

describe('GET /api/positions', () => {
  it('marks a condor tracked from a scan at the chain’s bid and ask, for its owner only', async () => {
    const trade = await trackCondor(trader);
    let marked;
    let chain;
    // The chain and the marks must be of one minute: read again if the minute turned between them.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await api(apiPath('getPositions'), { token: trader.accessToken });
      expect(response.status, response.text).toBe(200);
      marked = positionsResponseSchema.parse(response.json);
      const expiration = trade.legs![0]!.expiration!;
      const chained = await api(apiPath('getOptionsChain', {}, { symbol: 'SPY', expiration }), {
        token: trader.accessToken,
      });
      chain = optionChainSchema.parse(chained.json);
      if (chain.asOf === marked.provenance.as_of) break;
    }
    expect(marked!.provenance).toMatchObject({ source: 'simulated', delayed: false, stale: null });
    expect(marked!.refresh_seconds).toBe(60);
    const position = marked!.positions.find((p) => p.trade_id === trade.trade_id)!;
    expect(position.legs).toHaveLength(4);
    expect(position.legs.every((leg) => leg.marked_by === 'quote')).toBe(true);
    const quote = (kind: string, strike: number | null) =>
      chain!.contracts.find((c) => c.type === kind && c.strike === strike)!;
    let toClose = 0;
    for (const leg of trade.legs!) {
      const q = quote(leg.kind, leg.strike);
      toClose += leg.side === 'short' ? q.ask : -q.bid;
    }
    expect(position.close_price).toBeCloseTo(toClose, 6);
    expect(position.unrealized_pnl).toBeCloseTo((trade.entry_price - toClose) * 100, 2);
    expect(position.risk).toBe('defined');
    expect(marked!.totals.positions).toBe(marked!.positions.length);
    expect(marked!.totals.theta_per_day).toBeCloseTo(
      marked!.positions.reduce((sum, p) => sum + p.greeks.theta_per_day, 0),
      1,
    );

    const theirs = await api(apiPath('getPositions'), { token: other.accessToken });
    expect(theirs.status).toBe(200);
    const otherPositions = positionsResponseSchema.parse(theirs.json);
    expect(otherPositions.positions.map((p) => p.trade_id)).not.toContain(trade.trade_id);
  }, 60_000);

  it('marks again on the next minute, from that minute’s market', async () => {
    const trade = await trackCondor(trader);
    const { markedPositions } = await import('../../lambdas/positions/service');
    const deps = { journal: await journal(), chains: null };
    const first = new Date('2026-11-25T15:30:00.000Z');
    const next = new Date(first.getTime() + 60_000);
    const read = async (at: Date) =>
      positionsResponseSchema.parse(await markedPositions(deps, userIdOf(trader), at));
    const [a, again, b] = [await read(first), await read(first), await read(next)];
    const at = (r: typeof a) => r.positions.find((p) => p.trade_id === trade.trade_id)!;
    expect(a.provenance.as_of).toBe('2026-11-25T15:30:00.000Z');
    expect(b.provenance.as_of).toBe('2026-11-25T15:31:00.000Z');
    expect(at(again)).toEqual(at(a));
    expect(at(b).underlying_price).not.toBe(at(a).underlying_price);
    expect(at(b).close_price_mid).not.toBe(at(a).close_price_mid);
  }, 60_000);

  it('settles an expired put spread at its intrinsic value once, recording the assignment', async () => {
    const expiration = '2026-11-20';
    const close = underlyingAt('SPY', expiryClose(expiration)).spot;
    const short = Math.round(close) + 5; // in the money at the close: assigned
    const long = Math.round(close) - 5; // out of the money
    const created = await api(apiPath('createTrade'), {
      method: 'POST',
      token: other.accessToken,
      body: {
        ticker: 'SPY',
        strategy: 'Bull Put Spread',
        side: 'credit',
        entry_price: 1.5,
        opened_at: '2026-11-10T15:00:00.000Z',
        legs: [
          { kind: 'put', side: 'short', quantity: 1, strike: short, expiration, premium: 3 },
          { kind: 'put', side: 'long', quantity: 1, strike: long, expiration, premium: 1.5 },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const trade = tradeSchema.parse(created.json);
    const { markedPositions } = await import('../../lambdas/positions/service');
    const deps = { journal: await journal(), chains: null };
    const now = new Date('2026-11-25T15:30:00.000Z');

    const first = await markedPositions(deps, userIdOf(other), now);
    const settled = first.settled.find((s) => s.trade_id === trade.trade_id)!;
    // A credit spread costs the short put's intrinsic value to close: strike - close.
    expect(settled.exit_price).toBeCloseTo(short - close, 4);
    expect(settled.settlement_price).toBe(close);
    expect(settled.assigned).toHaveLength(1);
    expect(settled.assigned[0]).toContain(`100 shares bought at ${short.toFixed(2)}`);
    expect(first.positions.map((p) => p.trade_id)).not.toContain(trade.trade_id);

    const second = await markedPositions(deps, userIdOf(other), now);
    expect(second.settled).toEqual([]);
    const stored = await documentClient().send(
      new GetCommand({ TableName: 'trades', Key: { user_id: userIdOf(other), trade_id: trade.trade_id } }),
    );
    expect(stored.Item!.exit_price).toBeCloseTo(short - close, 4);
    expect(stored.Item!.closed_at).toBe(expiryClose(expiration).toISOString());
    expect(stored.Item!.tags).toEqual(['expired', 'assigned']);
    expect(stored.Item!.notes).toContain('Assigned: short');
  }, 60_000);

  it('flags earnings before expiry for a stock that reports before its expiration, never for a fund', async () => {
    const now = new Date('2026-11-25T15:30:00.000Z');
    const earnings = nextEarningsDate('AAPL', dayNumberOfIso('2026-11-25'));
    const friday = earnings + 1 + ((5 - weekday(earnings + 1) + 7) % 7); // the first Friday after the report
    const expiration = isoDateOf(friday);
    const spot = underlyingAt('AAPL', now).spot;
    const created = await api(apiPath('createTrade'), {
      method: 'POST',
      token: trader.accessToken,
      body: {
        ticker: 'AAPL',
        strategy: 'Bull Put Spread',
        side: 'credit',
        entry_price: 1,
        opened_at: '2026-11-24T15:00:00.000Z',
        legs: [
          { kind: 'put', side: 'short', quantity: 1, strike: Math.round(spot * 0.9), expiration, premium: 2 },
          { kind: 'put', side: 'long', quantity: 1, strike: Math.round(spot * 0.85), expiration, premium: 1 },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const trade = tradeSchema.parse(created.json);
    const condor = await trackCondor(trader);
    const { markedPositions } = await import('../../lambdas/positions/service');
    const read = positionsResponseSchema.parse(
      await markedPositions({ journal: await journal(), chains: null }, userIdOf(trader), now),
    );
    const aapl = read.positions.find((p) => p.trade_id === trade.trade_id)!;
    expect(aapl.targets).toContainEqual({
      kind: 'earnings_before_expiry',
      label: 'Earnings before expiry',
      detail: `AAPL reports on ${isoDateOf(earnings)}, on or before the ${expiration} expiration`,
    });
    const spy = read.positions.find((p) => p.trade_id === condor.trade_id)!;
    expect(spy.targets.map((t) => t.kind)).not.toContain('earnings_before_expiry');
  }, 60_000);

  it('on a real provider: settles at the close the snapshot job recorded, or leaves it to close by hand', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'positions-closes-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const { writeChainSnapshot } = await import('../../lambdas/market/snapshot-job');
    const { fileSnapshotStore } = await import('../../lambdas/market/snapshot-store');
    const { storedCloses } = await import('../../lambdas/market/recorded-closes');
    const store = fileSnapshotStore(dir);
    // Friday's closing snapshot from CBOE's recorded QQQ body: QQQ's last price, 336.46.
    await writeChainSnapshot({
      provider: { name: 'cboe', chain: async () => parseCboeChain(JSON.parse(recordedQqqChain)) },
      store,
      symbols: ['QQQ'],
      now: () => new Date('2023-05-19T20:20:30Z'),
    });
    const user = await createUser('positions-real');
    const track = async (expiration: string) => {
      const created = await api(apiPath('createTrade'), {
        method: 'POST',
        token: user.accessToken,
        body: {
          ticker: 'QQQ',
          strategy: 'Bull Put Spread',
          side: 'credit',
          entry_price: 1.2,
          opened_at: '2023-05-10T15:00:00.000Z',
          legs: [
            { kind: 'put', side: 'short', quantity: 1, strike: 340, expiration, premium: 3 },
            { kind: 'put', side: 'long', quantity: 1, strike: 330, expiration, premium: 1.8 },
          ],
        },
      });
      expect(created.status, created.text).toBe(201);
      return tradeSchema.parse(created.json);
    };
    const [friday, thursday] = [await track('2023-05-19'), await track('2023-05-18')];
    const { markedPositions } = await import('../../lambdas/positions/service');
    const deps = {
      journal: await journal(),
      chains: { provider: { name: 'cboe' as const }, chain: () => Promise.reject(new Error('not read')) },
      closes: storedCloses(store),
    };
    const monday = new Date('2023-05-22T14:00:00.000Z');
    const read = positionsResponseSchema.parse(await markedPositions(deps, userIdOf(user), monday));
    expect(read.settled).toEqual([
      {
        trade_id: friday.trade_id,
        ticker: 'QQQ',
        exit_price: 3.54,
        settlement_price: 336.46,
        assigned: ['short 340 put 2023-05-19 (QQQ closed at 336.46): 100 shares bought at 340.00'],
      },
    ]);
    expect(read.unmarked).toEqual([
      {
        trade_id: thursday.trade_id,
        ticker: 'QQQ',
        reason: "Expired 2023-05-18: close it by hand (QQQ's close on 2023-05-18 was not recorded)",
      },
    ]);
    const stored = await documentClient().send(
      new GetCommand({ TableName: 'trades', Key: { user_id: userIdOf(user), trade_id: friday.trade_id } }),
    );
    expect(stored.Item).toMatchObject({ exit_price: 3.54, closed_at: '2023-05-19T20:00:00.000Z' });
    expect(stored.Item!.notes).toContain('QQQ close on 2023-05-19 from CBOE');
    const again = await markedPositions(deps, userIdOf(user), monday);
    expect(again.settled).toEqual([]);
  }, 60_000);
});
