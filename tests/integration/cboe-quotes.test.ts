/**
 * QUOTES_PROVIDER=cboe: quotes read off CBOE's chain bodies, served by a local HTTP server standing
 * in for CBOE with the recorded QQQ body (tests/fixtures/SOURCES.md). The quote is the chain's own
 * underlying (one request serves both), labelled CBOE and 15 minutes delayed; a symbol CBOE never
 * sent is left out; CBOE failing serves the last quote marked stale, and with no quote ever read
 * the route answers as for the other real provider (upstream unavailable), never simulated numbers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketDataResponseSchema } from '@shared/market/schemas';
import { UpstreamError } from '../../lambdas/common/errors';
import { chainQuoteProvider } from '../../lambdas/market/chain-quotes';
import { cboeChainProvider, FRESH_MS, LastGoodChains } from '../../lambdas/market/chain-source';
import { configuredQuoteSource } from '../../lambdas/market/quote-source';
import { marketData, optionsChain } from '../../lambdas/market/service';
import {
  RECORDED_QQQ_AS_OF,
  recordedQqqChain,
  startCboeStandIn,
  type StandInAnswer,
} from '../helpers/cboe-chains';

let standIn: Awaited<ReturnType<typeof startCboeStandIn>>;
let answer: StandInAnswer;
let bodies: Record<string, StandInAnswer>;

beforeAll(async () => {
  standIn = await startCboeStandIn((path) => bodies[path] ?? answer);
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.paths.length = 0;
  answer = { status: 404, body: '<Error>NoSuchKey</Error>' };
  bodies = { '/api/global/delayed_quotes/options/QQQ.json': { status: 200, body: recordedQqqChain } };
});

function source() {
  let now = Date.parse('2023-05-19T20:00:30Z');
  const chains = new LastGoodChains(cboeChainProvider(standIn.url), () => new Date(now));
  const provider = chainQuoteProvider(chains, () => new Date(now));
  return { chains, provider, later: () => (now += FRESH_MS + 1) };
}

describe('quotes from CBOE', () => {
  it('reads the recorded QQQ quote off its chain body, labelled CBOE, 15 minutes delayed, as of its trade time', async () => {
    const { provider } = source();
    const answer = await marketData(provider, 'live', { symbols: ['QQQ'], type: 'dashboard' });

    expect(marketDataResponseSchema.parse(answer)).toBeTruthy();
    expect(answer.data).toEqual([
      expect.objectContaining({
        symbol: 'QQQ',
        price: '336.46',
        change: '-0.76',
        changePercent: '-0.23%',
        isPositive: false,
        volume: '61.6M',
        timestamp: RECORDED_QQQ_AS_OF,
      }),
    ]);
    expect(answer).toMatchObject({
      source: 'live',
      provenance: { source: 'cboe', delayed: true, stale: null, asOf: RECORDED_QQQ_AS_OF },
    });
  });

  it('agrees with the chain route: one CBOE request serves the quote and the chain’s underlying', async () => {
    const { chains, provider } = source();
    const quotes = await marketData(provider, 'live', { symbols: ['QQQ'], type: 'ticker' });
    const chain = await optionsChain('pro', { symbol: 'QQQ' }, chains);

    expect(Number(quotes.data[0]!.price)).toBe(chain.underlyingPrice);
    expect(standIn.paths).toEqual(['/api/global/delayed_quotes/options/QQQ.json']);
  });

  it('leaves out a symbol CBOE has no body for, and serves the others', async () => {
    const { provider } = source();
    const answer = await marketData(provider, 'live', { symbols: ['QQQ', 'SPY'], type: 'dashboard' });

    expect(answer.data.map((q) => q.symbol)).toEqual(['QQQ']);
    expect(standIn.paths).toHaveLength(2);
  });

  it('serves the last quote marked stale with its age when CBOE fails, and refuses when it never had one', async () => {
    const { provider, later } = source();
    await marketData(provider, 'live', { symbols: ['QQQ'], type: 'dashboard' });
    bodies = {};
    answer = { status: 500, body: '{"error":"internal"}' };
    later();

    const stale = await marketData(provider, 'live', { symbols: ['QQQ'], type: 'dashboard' });
    expect(stale.data[0]!.price).toBe('336.46');
    expect(stale.provenance).toMatchObject({
      source: 'cboe',
      stale: { reason: 'CBOE answered 500', ageSeconds: Math.round((FRESH_MS + 1) / 1000) },
    });

    await expect(marketData(provider, 'live', { symbols: ['SPY'], type: 'dashboard' })).rejects.toThrow(
      UpstreamError,
    );
  });

  it('is what QUOTES_PROVIDER=cboe configures, on the same kept chains as CHAINS_PROVIDER=cboe; an unknown provider is refused', async () => {
    const env = { QUOTES_PROVIDER: 'cboe', CBOE_BASE_URL: standIn.url };
    const { provider, source: label } = configuredQuoteSource(env);
    expect(label).toBe('live');
    const answer = await marketData(provider, label, { symbols: ['QQQ'], type: 'dashboard' });
    expect(answer.provenance?.source).toBe('cboe');

    expect(() => configuredQuoteSource({ QUOTES_PROVIDER: 'yahoo' })).toThrow(/simulated, cboe or polygon/);
    expect(configuredQuoteSource({}).source).toBe('simulated');
  });
});
