/**
 * Real chains through the chain route's and the scan's services, from a local HTTP server standing
 * in for CBOE: the recorded QQQ body (tests/fixtures/SOURCES.md; two contracts) and a hand-written
 * body in CBOE's layout (tests/helpers/cboe-chains.ts: a QQQ chain priced with the American model at
 * 20 % volatility, labelled as such) for a chain the scanner can build positions from. Then the provider failing:
 * a 500, a timeout, a body that is not JSON, one that is not a chain.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { optionChainSchema, scanResponseSchema } from '@shared/options/response-schemas';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { NotFoundError, ValidationError } from '../../lambdas/common/errors';
import {
  cboeChainProvider,
  historyProviderFor,
  chainRefreshMs,
  FRESH_MS,
  LastGoodChains,
} from '../../lambdas/market/chain-source';
import { optionsChain, scanOptions } from '../../lambdas/market/service';
import { getIvStats, getOptionChain, scanTool } from '../../lambdas/chat/market-tools';
import type { ToolContext } from '../../lambdas/chat/tool-kit';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import { priceRealChain } from '@shared/providers/chains/price-real-chain';
import {
  HANDWRITTEN_MODEL,
  handwrittenQqqChain as handwrittenChain,
  quotedPrices,
  recordedQqqChain as recorded,
  startCboeStandIn,
  type StandInAnswer,
} from '../helpers/cboe-chains';

let standIn: Awaited<ReturnType<typeof startCboeStandIn>>;
let baseUrl: string;
let answer: StandInAnswer;
let paths: string[];

/** QQQ's daily history in CBOE's layout (hand-written, tests/fixtures/SOURCES.md), for the scan's forecast. */
const HISTORY_PATH = '/api/global/delayed_quotes/charts/historical/QQQ.json';
const historyBody = readFileSync(
  new URL('../fixtures/providers/cboe/history-QQQ.handwritten.json', import.meta.url),
  'utf8',
);

beforeAll(async () => {
  standIn = await startCboeStandIn((path) =>
    path === HISTORY_PATH ? { status: 200, body: historyBody } : answer,
  );
  baseUrl = standIn.url;
  paths = standIn.paths;
});
afterAll(() => standIn.close());
beforeEach(() => {
  paths.length = 0;
  answer = { status: 200, body: handwrittenChain() };
});

/** A chain source whose clock the test moves, past the freshness window when it needs a refetch. */
function source() {
  let now = Date.parse('2024-01-02T15:00:00Z');
  const provider = cboeChainProvider(baseUrl);
  const history = historyProviderFor(provider, { CBOE_BASE_URL: baseUrl });
  const chains = new LastGoodChains(provider, () => new Date(now), FRESH_MS, history);
  return { chains, later: () => (now += FRESH_MS + 1) };
}

describe('the chain route on CBOE', () => {
  it('serves the recorded bids and asks at CBOE’s quote time, delayed, with why each has no IV', async () => {
    answer = { status: 200, body: recorded };
    const { chains } = source();
    const chain = await optionsChain('pro', { symbol: 'QQQ' }, chains);

    expect(paths).toEqual(['/api/global/delayed_quotes/options/QQQ.json']);
    expect(optionChainSchema.parse(JSON.parse(JSON.stringify(chain)))).toBeTruthy();
    expect(chain).toMatchObject({
      source: 'cboe',
      delayed: true,
      stale: null,
      asOf: '2023-05-19T19:59:59.000Z',
    });
    expect(chain.underlyingPrice).toBe(336.46);
    expect(chain.contracts.map((c) => [c.type, c.strike, c.bid, c.ask, c.iv, c.noIvReason])).toEqual([
      ['call', 260, 76.08, 76.3, null, 'below_intrinsic'],
      ['put', 260, 0, 0.01, null, 'zero_bid'],
    ]);
  });

  it('prices a whole American chain: the carry yield where call and put IVs agree, and the IV it was quoted at', async () => {
    const chain = await optionsChain('pro', { symbol: 'QQQ' }, source().chains);
    expect(chain.exercise).toBe('american');
    expect(chain.forwards).toHaveLength(1);
    const [expiry] = chain.forwards;
    // Read from parity (early exercise bends C - P against K, so the fitted line's rate may be
    // refused for the rate's discount); F = S·e^{(r - q)T} = 336.46·e^{0.044·28/365} to a few cents.
    expect(expiry!.method).not.toBe('rate_and_yield');
    expect(Math.abs(expiry!.forward - 336.46 * Math.exp(0.044 * (28 / 365)))).toBeLessThan(0.1);
    // The carry the quotes were made with (r - q = 4.4 %), to a tenth of a percent, from cent-rounded
    // quotes: the route discounts at the market's rate, and q is found against it.
    const rate = -Math.log(expiry!.discount) / (28 / 365);
    const { rate: quotedRate, dividendYield } = HANDWRITTEN_MODEL;
    expect(Math.abs(rate - expiry!.impliedYield - (quotedRate - dividendYield))).toBeLessThan(0.001);
    const solved = chain.contracts.filter((c) => c.iv !== null);
    expect(solved.length).toBeGreaterThan(20);
    // Near the money (vega ≥ 0.1 per point) the mid's rounding moves the IV by less than 0.2 points.
    const liquid = solved.filter((c) => c.vega! >= 0.1);
    expect(liquid.length).toBeGreaterThan(10);
    for (const c of liquid) expect(Math.abs(c.iv! - HANDWRITTEN_MODEL.volatility)).toBeLessThan(0.002);
    // In the wings the early-exercise premium depends on the rate itself, and the route discounts at
    // the market model's rate, not the quotes' 5 %: within a vol point there.
    for (const c of solved) expect(Math.abs(c.iv! - HANDWRITTEN_MODEL.volatility)).toBeLessThan(0.01);
  });

  it('reads American quotes as American: call and put IVs agree at each strike, where a European read splits them', () => {
    const snapshot = parseCboeChain(JSON.parse(handwrittenChain()));
    const carry = { rate: HANDWRITTEN_MODEL.rate, dividendYield: 0 };
    const at = new Date('2023-05-19T20:00:30Z');
    const widestGap = (exercise: 'american' | 'european') => {
      const priced = priceRealChain(snapshot, { ...carry, exercise }, at);
      const ivs = new Map<string, number>();
      for (const c of priced.contracts)
        if (c.iv !== null) ivs.set(`${c.contract.type}${c.contract.strike}`, c.iv);
      return Math.max(
        ...priced.contracts
          .filter((c) => c.contract.type === 'call' && ivs.has(`put${c.contract.strike}`) && c.iv !== null)
          .map((c) => Math.abs(c.iv! - ivs.get(`put${c.contract.strike}`)!)),
      );
    };
    // Measured: American 0.0024 (the wings' cent rounding), European 0.058 (at 370, a deep put).
    expect(widestGap('american')).toBeLessThan(0.005);
    expect(widestGap('european')).toBeGreaterThan(0.03);
  });
});

describe('the scan on CBOE', () => {
  it('builds positions from the provider’s quotes, for the ticker asked', async () => {
    const { chains } = source();
    const output = await scanOptions('pro', scanFiltersSchema.parse({ ticker: 'QQQ', ivRank: 0 }), chains);
    expect(output).toMatchObject({
      source: 'cboe',
      delayed: true,
      stale: null,
      asOf: '2023-05-19T19:59:59.000Z',
    });
    expect(output.results.length).toBeGreaterThan(0);
    const quoted = quotedPrices(handwrittenChain());
    for (const result of output.results)
      for (const leg of result.position.legs.filter((l) => l.kind !== 'stock')) {
        expect(quoted.has(leg.bid)).toBe(true);
        expect(quoted.has(leg.ask)).toBe(true);
      }
    expect(scanResponseSchema.parse(JSON.parse(JSON.stringify(output)))).toBeTruthy();
    // The forecast's daily history: asked once that day, not per scan; no IV rank yet.
    expect(output.results[0]).toMatchObject({
      ivRank: null,
      ivRankNote: expect.stringMatching(/^not yet/) as unknown,
    });
    await scanOptions('pro', scanFiltersSchema.parse({ ticker: 'QQQ', ivRank: 0 }), chains);
    expect(paths.filter((p) => p === HISTORY_PATH)).toHaveLength(1);
  });

  it('asks for a ticker rather than scan the universe one chain at a time', async () => {
    await expect(scanOptions('pro', scanFiltersSchema.parse({}), source().chains)).rejects.toThrow(
      ValidationError,
    );
  });
});

describe('CBOE failing', () => {
  it.each([
    ['a 500', { status: 500, body: '{"error":"internal"}' }],
    ['a body that is not JSON', { status: 200, body: '<html>busy</html>' }],
    ['a body that is not a chain', { status: 200, body: '{"data":{"nothing":1}}' }],
  ] as const)('after %s: the last good chain, marked stale with its age', async (_name, failure) => {
    const { chains, later } = source();
    const good = await optionsChain('pro', { symbol: 'QQQ' }, chains);
    later();
    answer = failure;
    const stale = await optionsChain('pro', { symbol: 'QQQ' }, chains);
    expect(paths).toHaveLength(2);
    expect(stale.contracts).toEqual(good.contracts);
    expect(stale.source).toBe('cboe');
    expect(stale.stale).toMatchObject({ reason: expect.stringMatching(/^CBOE /) as unknown });
    expect(stale.stale!.ageSeconds).toBeGreaterThanOrEqual(0);
  });

  it('with no good chain yet: a clear 404, never simulated numbers', async () => {
    answer = { status: 500, body: '' };
    const failing = optionsChain('pro', { symbol: 'QQQ' }, source().chains);
    await expect(failing).rejects.toThrow(NotFoundError);
    await expect(failing).rejects.toThrow(/CBOE answered 500/);
  });

  it('a provider that never answers times out into the last good chain', async () => {
    const { chains, later } = source();
    await optionsChain('pro', { symbol: 'QQQ' }, chains);
    later();
    answer = 'hang';
    const stale = await optionsChain('pro', { symbol: 'QQQ' }, chains);
    expect(stale.stale?.reason).toBe('CBOE no answer (timed out)');
  }, 20_000);
});

describe('CHAINS_REFRESH_SECONDS', () => {
  it('sets how long a chain is kept, a minute unset, and refuses anything but a positive number', () => {
    expect(chainRefreshMs({})).toBe(FRESH_MS);
    expect(chainRefreshMs({ CHAINS_REFRESH_SECONDS: '1.5' })).toBe(1500);
    for (const bad of ['0', '-5', 'soon'])
      expect(() => chainRefreshMs({ CHAINS_REFRESH_SECONDS: bad })).toThrow(
        `CHAINS_REFRESH_SECONDS must be a positive number of seconds, not "${bad}"`,
      );
  });
});

describe('the assistant on CBOE', () => {
  /** The tools read the plan, the clock and the chain source only. */
  const context = (chains: LastGoodChains) =>
    ({ plan: 'pro', at: new Date('2023-05-19T20:00:30Z'), chains }) as unknown as ToolContext;

  it('answers chain questions from the provider’s quotes, cited as live CBOE data', async () => {
    const { chains } = source();
    const { result, citation } = await getOptionChain.run(
      { symbol: 'QQQ', strikesEachSide: 2 },
      context(chains),
    );
    expect(result).toMatchObject({ source: 'cboe', delayed: true, stale: null, underlyingPrice: 336.46 });
    const quoted = quotedPrices(handwrittenChain());
    expect(result.contracts.length).toBeGreaterThan(0);
    for (const c of result.contracts) {
      expect(quoted.has(c.bid)).toBe(true);
      expect(quoted.has(c.ask)).toBe(true);
    }
    expect(citation).toMatchObject({
      source: 'live',
      label: expect.stringContaining('(CBOE, 15 min delayed)'),
    });
  });

  it('gives the IV stats of the provider’s chain: its own IV30, and no IV rank before 20 recorded sessions', async () => {
    const { chains } = source();
    const { result, citation } = await getIvStats.run({ symbol: 'QQQ' }, context(chains));
    // The hand-written chain is priced at 20 % volatility; nothing recorded on this stage yet.
    expect(result.atmIvPercent).toBeCloseTo(HANDWRITTEN_MODEL.volatility * 100, 0);
    expect(result).toMatchObject({
      source: 'cboe',
      ivRank: null,
      ivPercentile: null,
      ivRankNote: 'not yet — 0 of 20 sessions recorded',
      sessionsRecorded: 0,
    });
    expect(citation.source).toBe('live');
  });

  it('scans the provider’s chain for the ticker asked, and says a ticker is needed without one', async () => {
    const { chains } = source();
    const { result, citation } = await scanTool.run(scanTool.input.parse({ ticker: 'QQQ' }), context(chains));
    expect(result).toMatchObject({ source: 'cboe', delayed: true });
    expect(result.results.length).toBeGreaterThan(0);
    expect(citation.source).toBe('live');
    await expect(scanTool.run(scanTool.input.parse({}), context(chains))).rejects.toThrow(/need a ticker/);
  });
});
