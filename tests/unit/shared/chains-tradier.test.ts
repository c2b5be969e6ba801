/**
 * The Tradier chain adapter on recorded responses (tests/fixtures/SOURCES.md): PLTR's expirations,
 * quote and four whole chains from Tradier's sandbox, 2024-06-28. Tradier's one-or-many and null
 * shapes are tested on hand-written bodies, labelled below (the recording has none of them).
 */
import { describe, expect, it } from 'vitest';
import { chainSnapshotSchema, ChainProviderError } from '@shared/providers/chains/chain';
import { chainSnapshotSecrets } from '@shared/providers/chains/shared-snapshot';
import {
  fetchTradierChain,
  pacedFetchJson,
  parseTradierChain,
  parseTradierExpirations,
  tradierDelayed,
} from '@shared/providers/chains/tradier';
import {
  RECORDED_EXPIRATIONS,
  RECORDED_PLTR_AS_OF,
  recordedExpirationsOnly,
  recordedTradier,
} from '../../helpers/tradier-chains';
import { serveJson } from '../../helpers/served-json';
import { configuredChainProvider } from '../../../lambdas/market/chain-source';

const SANDBOX = 'https://sandbox.tradier.com';
const quote = JSON.parse(recordedTradier.quote) as unknown;
const chains = RECORDED_EXPIRATIONS.map((d) => JSON.parse(recordedTradier.chains[d]) as unknown);
const recordedContract = (date: (typeof RECORDED_EXPIRATIONS)[number], symbol: string) =>
  (
    JSON.parse(recordedTradier.chains[date]) as { options: { option: { symbol: string }[] } }
  ).options.option.find((o) => o.symbol === symbol)!;

const chainUrl = (date: string) =>
  `${SANDBOX}/v1/markets/options/chains?symbol=PLTR&expiration=${date}&greeks=true`;
const EXPIRATIONS_URL = `${SANDBOX}/v1/markets/options/expirations?symbol=PLTR&includeAllRoots=true`;
const QUOTE_URL = `${SANDBOX}/v1/markets/quotes?symbols=PLTR`;

describe('Tradier chains: recorded responses', () => {
  const chain = parseTradierChain('PLTR', { quote, chains }, true);

  it('reads every contract of the four recorded chains and the underlying from the quote', () => {
    expect(chainSnapshotSchema.parse(chain)).toEqual(chain);
    expect(chain).toMatchObject({ provider: 'tradier', delayed: true, rejected: [] });
    expect(chain.contracts).toHaveLength(100 + 32 + 22 + 22);
    expect(new Set(chain.contracts.map((c) => c.expiration))).toEqual(new Set(RECORDED_EXPIRATIONS));
    expect(chain.underlying).toEqual({
      symbol: 'PLTR',
      price: 25.5,
      bid: 25.49,
      ask: 25.5,
      asOf: RECORDED_PLTR_AS_OF,
      previousClose: 25.22,
      change: 0.28,
      changePercent: 1.11,
      volume: 12_860_810,
    });
  });

  it('reads a contract’s quote, sizes, last trade, open interest, ORATS greeks and mid IV', () => {
    expect(chain.contracts.find((c) => c.occ === 'PLTR  240719C00025000')).toEqual({
      occ: 'PLTR  240719C00025000',
      root: 'PLTR',
      type: 'call',
      strike: 25,
      expiration: '2024-07-19',
      bid: 1.22,
      ask: 1.25,
      bidSize: 391,
      askSize: 358,
      last: 1.22,
      lastTime: '2024-06-28T15:50:16.563Z', // trade_date 1719589816563
      volume: 2300,
      openInterest: 27_322,
      iv: 0.387082, // mid_iv (bid_iv 0.384939, ask_iv 0.389225, smv_vol 0.384)
      greeks: {
        delta: 0.6213157691225974,
        gamma: 0.16812663626616223,
        theta: -0.022313909480692406,
        vega: 0.023345951637564807,
        rho: 0.008555253750173835,
      },
      quoteTime: '2024-06-28T15:50:44.000Z', // the later of bid_date and ask_date
    });
  });

  it('keeps a zero bid as a quote, reads mid_iv 0 as no IV, and a null last as no trade', () => {
    // PLTR240719P00003000: bid 0.0, ask 0.23, bid_iv = mid_iv = ask_iv = 0.0.
    expect(chain.contracts.find((c) => c.occ === 'PLTR  240719P00003000')).toMatchObject({
      bid: 0,
      ask: 0.23,
      iv: null,
      last: 0.04,
      lastTime: '2024-05-30T19:29:48.166Z',
    });
    // PLTR260618C00013000: last null, trade_date 0.
    expect(chain.contracts.find((c) => c.occ === 'PLTR  260618C00013000')).toMatchObject({
      bid: 14.75,
      ask: 15.25,
      last: null,
      lastTime: null,
      openInterest: 0,
      iv: 0.609209,
    });
  });

  it('lists the recorded expirations oldest first', () => {
    const dates = parseTradierExpirations(JSON.parse(recordedTradier.expirations));
    expect(dates).toHaveLength(19);
    expect([dates[0], dates.at(-1)]).toEqual(['2024-06-28', '2026-12-18']);
  });

  it('asks for the expirations, the quote and each expiration’s chain with greeks, and reads them as one chain', async () => {
    const { fetchJson, asked } = serveJson({
      [EXPIRATIONS_URL]: JSON.parse(recordedExpirationsOnly()),
      [QUOTE_URL]: quote,
      ...Object.fromEntries(RECORDED_EXPIRATIONS.map((d, i) => [chainUrl(d), chains[i]])),
    });
    const fetched = await fetchTradierChain(SANDBOX, 'pltr', fetchJson);
    expect(asked).toEqual([EXPIRATIONS_URL, QUOTE_URL, ...RECORDED_EXPIRATIONS.map(chainUrl)]);
    expect(fetched).toEqual(chain);
  });

  it('fails the whole chain when one listed expiration’s chain does not come (never a chain missing expirations)', async () => {
    const { fetchJson } = serveJson({
      [EXPIRATIONS_URL]: JSON.parse(recordedTradier.expirations), // 19 dates, 3 chains recorded
      [QUOTE_URL]: quote,
      ...Object.fromEntries(RECORDED_EXPIRATIONS.map((d, i) => [chainUrl(d), chains[i]])),
    });
    await expect(fetchTradierChain(SANDBOX, 'PLTR', fetchJson)).rejects.toThrow(ChainProviderError);
  });

  it('labels the sandbox (and a replay of it) delayed, the production host not', () => {
    expect(tradierDelayed(SANDBOX)).toBe(true);
    expect(tradierDelayed('http://127.0.0.1:4010')).toBe(true);
    expect(tradierDelayed('https://api.tradier.com')).toBe(false);
  });
});

describe('Tradier chains: one-or-many and null shapes (hand-written bodies)', () => {
  const contract = recordedContract('2025-06-20', 'PLTR250620C00030000');

  it('reads a single expiration sent as a string, and none sent as null', () => {
    expect(parseTradierExpirations({ expirations: { date: '2024-07-19' } })).toEqual(['2024-07-19']);
    expect(parseTradierExpirations({ expirations: null })).toEqual([]);
    expect(() => parseTradierExpirations({ dates: [] })).toThrow(ChainProviderError);
  });

  it('reads a single contract sent as an object, and an empty chain sent as null', () => {
    const read = parseTradierChain(
      'PLTR',
      { quote, chains: [{ options: { option: contract } }, { options: null }] },
      true,
    );
    expect(read.contracts.map((c) => c.occ)).toEqual(['PLTR  250620C00030000']);
  });

  it('picks the symbol’s quote from a list, and fails when Tradier did not match the symbol', () => {
    const { quotes } = quote as { quotes: { quote: object } };
    const other = { ...quotes.quote, symbol: 'QQQ', last: 480 };
    const read = parseTradierChain(
      'PLTR',
      { quote: { quotes: { quote: [other, quotes.quote] } }, chains: [] },
      true,
    );
    expect(read.underlying.price).toBe(25.5);
    expect(() =>
      parseTradierChain(
        'PLTR',
        { quote: { quotes: { unmatched_symbols: { symbol: 'PLTR' } } }, chains: [] },
        true,
      ),
    ).toThrow('sent no quote of PLTR');
  });

  it('reads null fields as missing values and rejects a contract whose terms disagree with its symbol', () => {
    const bare = {
      ...contract,
      bid: null,
      ask: null,
      bidsize: null,
      asksize: null,
      greeks: null,
      last: null,
    };
    const wrongType = { ...contract, symbol: 'PLTR250620P00030000' };
    const read = parseTradierChain(
      'PLTR',
      { quote, chains: [{ options: { option: [bare, wrongType, 'x'] } }] },
      false,
    );
    expect(read.contracts).toEqual([
      expect.objectContaining({
        bid: null,
        ask: null,
        bidSize: null,
        askSize: null,
        greeks: null,
        iv: null,
        last: null,
      }),
    ]);
    expect(read.rejected).toEqual([
      { symbol: 'PLTR250620P00030000', reason: 'details disagree with the option symbol' },
      { symbol: null, reason: 'unreadable contract: ' },
    ]);
    expect(() => parseTradierChain('PLTR', { quote, chains: [{ option: [] }] }, false)).toThrow(
      ChainProviderError,
    );
  });
});

describe('pacedFetchJson', () => {
  it('starts requests no faster than the per-minute limit, evenly spaced', async () => {
    const slept: number[] = [];
    const paced = pacedFetchJson(
      async (url) => url,
      60, // one a second
      async (ms) => {
        slept.push(ms);
      },
      () => 0, // all three asked at once
    );
    expect(await Promise.all(['a', 'b', 'c'].map((u) => paced(u)))).toEqual(['a', 'b', 'c']);
    expect(slept).toEqual([1000, 2000]);
  });
});

describe('Tradier as the stage’s chain provider', () => {
  it('is chosen by CHAINS_PROVIDER=tradier, and its token is the only secret the snapshot job reads for it', () => {
    expect(configuredChainProvider({ CHAINS_PROVIDER: 'tradier' })?.name).toBe('tradier');
    expect(() => configuredChainProvider({ CHAINS_PROVIDER: 'yahoo' })).toThrow(
      'CHAINS_PROVIDER must be simulated, cboe, polygon or tradier, not "yahoo"',
    );
    expect(chainSnapshotSecrets('tradier')).toEqual(['tradierApiKey']);
    expect(chainSnapshotSecrets('polygon')).toEqual(['marketDataApiKey']);
    expect(chainSnapshotSecrets('cboe')).toEqual([]);
  });

  it('fails a fetch without a token, saying which key is missing', async () => {
    const provider = configuredChainProvider({ CHAINS_PROVIDER: 'tradier', TRADIER_API_KEY: '' });
    const saved = process.env.TRADIER_API_KEY;
    delete process.env.TRADIER_API_KEY;
    try {
      await expect(provider!.chain('PLTR')).rejects.toThrow('the Tradier API key is not set');
    } finally {
      if (saved !== undefined) process.env.TRADIER_API_KEY = saved;
    }
  });
});
