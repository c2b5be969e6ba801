/**
 * The dark pool print adapter on Polygon's recorded trades, quotes, exchanges and conditions
 * (polygon-io/client-python's mocks, tests/fixtures/SOURCES.md). The recorded trades are
 * on-exchange (NYSE Arca, Nasdaq), so the TRF blocks are hand-written trades in the recorded
 * shape, labelled; the NBBO is the recorded quote.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { darkPoolFlowSchema } from '@shared/feeds/schemas';
import { FeedProviderError } from '@shared/providers/feeds/feed-providers';
import {
  BLOCK_MIN_NOTIONAL,
  BLOCK_MIN_SHARES,
  darkPoolItem,
  darkPoolPrint,
  FINRA_TRF_EXCHANGE_ID,
  isDarkPoolBlock,
  nbboReading,
  parsePolygonQuotes,
  parsePolygonTrades,
  polygonNbboUrl,
  polygonTradesUrl,
  UNPRICED_CONDITIONS,
  type PolygonTrade,
} from '@shared/providers/feeds/polygon-trades';

const recorded = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/providers/polygon/${name}`, import.meta.url), 'utf8'));

const trades = parsePolygonTrades(recorded('trades-AAPL.client-python.json'));
const quotes = parsePolygonQuotes(recorded('quotes-AAPL.client-python.json'));
const nbbo = quotes[0]!; // 155.85 × 155.87, 2022-05-10

describe('Polygon’s recorded reference lists', () => {
  it('give exchange id 4 to the FINRA TRFs and the ADF only (participant D)', () => {
    const { results } = recorded('exchanges.client-python.json') as {
      results: { id: number; type: string; name: string; participant_id?: string }[];
    };
    const four = results.filter((e) => e.id === FINRA_TRF_EXCHANGE_ID);
    expect(four.map((e) => e.name)).toEqual([
      'FINRA NYSE TRF',
      'FINRA Nasdaq TRF Carteret',
      'FINRA Nasdaq TRF Chicago',
      'FINRA Alternative Display Facility',
    ]);
    expect(new Set(four.map((e) => `${e.type} ${e.participant_id}`))).toEqual(new Set(['TRF D']));
  });

  it('name the conditions left out as unpriced: Average Price Trade and Derivatively Priced', () => {
    const { results } = recorded('conditions-stocks.client-python.json') as {
      results: { id: number; name: string }[];
    };
    expect(results.filter((c) => UNPRICED_CONDITIONS.has(c.id)).map((c) => c.name)).toEqual([
      'Average Price Trade',
      'Derivatively Priced',
    ]);
  });
});

describe('Polygon trades: the recorded AAPL page', () => {
  it('reads both trades, neither off-exchange (NYSE Arca and Nasdaq, though reported with a trf_id)', () => {
    expect(trades.map((t) => [t.exchange, t.trf_id, t.price, t.size])).toEqual([
      [11, 3, 156.43, 10],
      [12, 3, 157.43, 10],
    ]);
    expect(trades.filter(isDarkPoolBlock)).toEqual([]);
  });

  it('says what is wrong with a body that is not a trades page', () => {
    expect(() => parsePolygonTrades({ results: [{ id: 1 }] })).toThrow(FeedProviderError);
  });
});

describe('TRF blocks (hand-written trades in the recorded shape) against the recorded NBBO', () => {
  const trf = (overrides: Partial<PolygonTrade>): PolygonTrade => ({
    ...trades[0]!,
    exchange: FINRA_TRF_EXCHANGE_ID,
    conditions: [],
    ...overrides,
  });

  it('keeps a print of 10,000 shares or $200,000, off-exchange with a trf_id, at a real price', () => {
    expect(BLOCK_MIN_SHARES).toBe(10_000);
    expect(BLOCK_MIN_NOTIONAL).toBe(200_000);
    expect(isDarkPoolBlock(trf({ size: 10_000, price: 5 }))).toBe(true); // $50,000 but 10,000 shares
    expect(isDarkPoolBlock(trf({ size: 1_300, price: 155.86 }))).toBe(true); // $202,618
    expect(isDarkPoolBlock(trf({ size: 1_200, price: 155.86 }))).toBe(false); // $187,032
    expect(isDarkPoolBlock(trf({ size: 20_000, trf_id: undefined }))).toBe(false);
    expect(isDarkPoolBlock(trf({ size: 20_000, conditions: [2] }))).toBe(false);
    expect(isDarkPoolBlock(trf({ size: 20_000, exchange: 12 }))).toBe(false);
  });

  it('places each print in the NBBO and reads its side by the quote rule', () => {
    expect(nbbo).toMatchObject({ bid_price: 155.85, ask_price: 155.87 });
    expect(
      [155.88, 155.87, 155.865, 155.86, 155.855, 155.85, 155.84].map((p) => nbboReading(p, nbbo)),
    ).toEqual([
      { placement: 'above-ask', side: 'buy' },
      { placement: 'at-ask', side: 'buy' },
      { placement: 'above-mid', side: 'buy' },
      { placement: 'at-mid', side: null },
      { placement: 'below-mid', side: 'sell' },
      { placement: 'at-bid', side: 'sell' },
      { placement: 'below-bid', side: 'sell' },
    ]);
    expect(nbboReading(155.86, { ...nbbo, bid_price: 155.9 })).toBeNull(); // crossed
  });

  it('gives the print its times, notional, TRF and the NBBO in force (none from a quote stamped after it)', () => {
    // 2022-05-10 14:11:13.400 UTC, just after the recorded quote (14:11:12.800).
    const at = { sip_timestamp: 1_652_191_873_400_200_000, trf_timestamp: 1_652_191_873_400_100_000 };
    const print = darkPoolPrint('aapl', trf({ size: 25_000, price: 155.87, ...at }), nbbo);
    expect(print).toEqual({
      ticker: 'AAPL',
      id: 'polygon-AAPL-3-183276',
      timestamp: '2022-05-10T14:11:13.400Z',
      price: 155.87,
      shares: 25_000,
      notional: 3_896_750,
      trfId: 3,
      reportedAt: '2022-05-10T14:11:13.400Z',
      conditions: [],
      nbbo: { bid: 155.85, ask: 155.87, at: '2022-05-10T14:11:12.800Z' },
      placement: 'at-ask',
      side: 'buy',
    });
    expect(darkPoolPrint('AAPL', trf({ size: 25_000 }), null)).toMatchObject({ nbbo: null, side: null });
    // The recorded trade (2022-04-28) printed before the recorded quote (2022-05-10): no NBBO for it.
    expect(darkPoolPrint('AAPL', trf({ size: 25_000 }), nbbo)).toMatchObject({
      nbbo: null,
      placement: null,
      side: null,
    });
  });

  it('makes a Dark Pool Flow item of a print: the tape’s facts, Polygon’s, no model reading', () => {
    const at = { sip_timestamp: 1_652_191_875_100_300_000, trf_timestamp: 1_652_191_875_100_200_000 };
    const item = darkPoolItem(darkPoolPrint('AAPL', trf({ size: 1_300, price: 155.86, ...at }), nbbo));
    expect(darkPoolFlowSchema.parse(item)).toEqual({
      id: 'polygon-AAPL-3-183276',
      ticker: 'AAPL',
      provider: 'polygon',
      timestamp: '2022-05-10T14:11:15.100Z',
      blockSize: 1_300,
      price: 155.86,
      side: null,
      tape: {
        venue: 'FINRA TRF',
        trfId: 3,
        reportedAt: '2022-05-10T14:11:15.100Z',
        conditions: [],
        notional: 202_618,
        nbbo: { bid: 155.85, ask: 155.87, at: '2022-05-10T14:11:12.800Z' },
        placement: 'at-mid',
      },
    });
    expect(item).not.toHaveProperty('edgeScore');
    // A real print without its tape, or a simulated one without the model's reading, is refused.
    expect(darkPoolFlowSchema.safeParse({ ...item, tape: undefined }).success).toBe(false);
    expect(darkPoolFlowSchema.safeParse({ ...item, provider: 'simulated' }).success).toBe(false);
  });

  it('asks for the trades from an instant on, and for the last quote at or before a print', () => {
    expect(polygonTradesUrl('http://127.0.0.1:9', 'BRK.B', 1_651_181_822_461_979_400)).toBe(
      'http://127.0.0.1:9/v3/trades/BRK.B?timestamp.gte=1651181822461979400&order=asc&limit=50000',
    );
    expect(polygonNbboUrl('http://127.0.0.1:9', 'AAPL', 1_651_181_822_461_979_400)).toBe(
      'http://127.0.0.1:9/v3/quotes/AAPL?timestamp.lte=1651181822461979400&order=desc&limit=1',
    );
  });
});
