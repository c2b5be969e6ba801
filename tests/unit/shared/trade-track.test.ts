/**
 * Track: the Add Trade prefill of each kind of signal is the position as it would be traded:
 * every leg, the net fill at the prices shown, never the stock's price as an option's entry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { journalPrefillFor } from '@shared/feeds/journal-prefill';
import { generateDarkPoolFlow } from '@shared/feeds/dark-pool';
import { generateMarketAlert } from '@shared/feeds/market-alerts';
import type { DarkPoolFlow, MarketAlert, SimulatedMarketAlert } from '@shared/feeds/schemas';
import { arrivalsBetween } from '@shared/feeds/timeline';
import { scanResponseSchema, type ScanResultRow } from '@shared/options/response-schemas';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { scan } from '@shared/options/scanner';
import { buildUniverseSnapshot } from '@shared/options/snapshot';
import { tradePnl } from '@shared/trades/pnl';
import { tradePrefillSchema } from '@shared/trades/prefill';
import { createTradeInput } from '@shared/trades/schemas';
import { scanRowPrefill } from '@shared/trades/track-scan';
import { toScanCsv } from '../../../frontend/src/features/scanner/utils/to-scan-csv';
import { formatPrice } from '../../../frontend/src/features/scanner/utils/format';

/** The testers' alert: TSLA at $216.16, a block of $205 puts. */
const TSLA_PUT_ALERT: MarketAlert = {
  id: 'al-tsla-put',
  ticker: 'TSLA',
  type: 'unusual-flow',
  message: 'Unusual options flow: 2,400 TSLA $205 puts expiring 2026-12-18 (9.1× a typical block)',
  timestamp: '2026-11-20T15:30:00.000Z',
  severity: 'medium',
  price: 216.16,
  changePercent: -2.1,
  volume: 41_000_000,
  bias: 'bearish',
  trigger: { metric: 'Contracts in the block', value: 2400, threshold: 1000 },
  contract: { type: 'put', strike: 205, expiration: '2026-12-18' },
};

describe('an options-flow alert', () => {
  it('tracks the put it names at the option’s ask, never the stock’s price', () => {
    const prefill = journalPrefillFor('alerts', TSLA_PUT_ALERT, {
      bid: 3.4,
      ask: 3.5,
      asOf: '2026-11-20T15:30:05.000Z',
      source: 'simulated',
    });
    expect(tradePrefillSchema.parse(prefill)).toEqual(prefill);
    expect(prefill).toMatchObject({
      ticker: 'TSLA',
      strategy: 'Long Put',
      side: 'debit',
      quantity: 1,
      entry_price: 3.5,
      legs: [{ kind: 'put', side: 'long', quantity: 1, strike: 205, expiration: '2026-12-18', premium: 3.5 }],
      source: 'alert',
      source_ref: 'alerts:al-tsla-put',
    });
    // Closing at 3.50 is flat, not the −$21,266 a stock-priced entry recorded.
    expect(tradePnl({ entry_price: prefill.entry_price!, exit_price: 3.5, side: prefill.side })).toBe(0);
  });

  it('leaves the entry for the trader when the chain has no quote of the contract', () => {
    const prefill = journalPrefillFor('alerts', TSLA_PUT_ALERT, null);
    expect(prefill.entry_price).toBeNull();
    expect(prefill.legs).toEqual([
      { kind: 'put', side: 'long', quantity: 1, strike: 205, expiration: '2026-12-18', premium: 0 },
    ]);
    expect(prefill.priced_by).toContain('enter what you paid');
  });

  it('the generator names the contract of its message on every options-flow alert', () => {
    const from = Date.parse('2026-11-16T14:30:00Z');
    const alerts = arrivalsBetween('alerts', from, from + 6 * 3_600_000)
      .map((t) => generateMarketAlert(t))
      .filter((alert): alert is SimulatedMarketAlert => alert?.type === 'unusual-flow');
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) {
      const { type, strike, expiration } = alert.contract!;
      expect(alert.message).toContain(`$${strike} ${type}s expiring ${expiration}`);
      expect(journalPrefillFor('alerts', alert).strategy).toBe(type === 'call' ? 'Long Call' : 'Long Put');
    }
  });

  it('an alert without a contract is a stock position at the stock’s price', () => {
    const { contract: _none, ...breakout } = {
      ...TSLA_PUT_ALERT,
      type: 'breakout' as const,
      bias: 'bullish' as const,
    };
    const prefill = journalPrefillFor('alerts', breakout);
    expect(prefill).toMatchObject({
      strategy: 'Long Stock',
      side: 'debit',
      entry_price: 216.16,
      legs: [{ kind: 'stock', side: 'long', quantity: 1, strike: null, expiration: null, premium: 216.16 }],
    });
  });
});

describe('a dark pool print', () => {
  it('is 100 shares at the print’s price, long for a buy and short for a sell, with its edge score', () => {
    const from = Date.parse('2026-11-20T15:00:00Z');
    const flows = arrivalsBetween('darkpool', from, from + 3_600_000).map((t) => generateDarkPoolFlow(t));
    for (const side of ['buy', 'sell'] as const) {
      const flow = flows.find((f) => f.side === side)!;
      const prefill = journalPrefillFor('darkpool', flow);
      expect(prefill).toMatchObject({
        strategy: side === 'buy' ? 'Long Stock' : 'Short Stock',
        side: side === 'buy' ? 'debit' : 'credit',
        entry_price: flow.price,
        edge_score: flow.edgeScore,
        source: 'darkpool',
        source_ref: `darkpool:${flow.id}`,
      });
      expect(prefill.legs).toEqual([
        {
          kind: 'stock',
          side: side === 'buy' ? 'long' : 'short',
          quantity: 1,
          strike: null,
          expiration: null,
          premium: flow.price,
        },
      ]);
    }
  });
});

describe('a real provider’s print', () => {
  const print: DarkPoolFlow = {
    id: 'dp-polygon-1',
    ticker: 'AAPL',
    timestamp: '2026-11-20T15:31:00.000Z',
    blockSize: 25_000,
    price: 155.86,
    side: null,
    provider: 'polygon',
    tape: {
      venue: 'FINRA TRF (Nasdaq Carteret)',
      trfId: 202,
      reportedAt: '2026-11-20T15:31:00.100Z',
      conditions: [],
      notional: 3_896_500,
      nbbo: { bid: 155.85, ask: 155.87, at: '2026-11-20T15:30:59.000Z' },
      placement: 'at-mid',
    },
  };

  it('names its provider and tape, has no edge score, and is tracked long when its side is unknown', () => {
    const prefill = journalPrefillFor('darkpool', print);
    expect(prefill).toMatchObject({
      strategy: 'Long Stock',
      side: 'debit',
      entry_price: 155.86,
      edge_score: null,
    });
    expect(prefill.notes).toBe(
      'Dark pool print of 25,000 shares at $155.86 (Polygon, 2026-11-20T15:31:00.000Z); FINRA TRF (Nasdaq Carteret), at-mid of the NBBO; side unknown, tracked long.',
    );
    expect(prefill.notes).not.toMatch(/undefined|simulated/);
    expect(tradePrefillSchema.safeParse(prefill).success).toBe(true);
  });
});

describe('a scanner position', () => {
  let condor: ScanResultRow;
  beforeAll(() => {
    const snapshot = buildUniverseSnapshot(new Date('2026-03-10T15:45:00Z'), ['XLE']);
    const output = scan(
      snapshot,
      scanFiltersSchema.parse({
        strategy: 'iron-condor',
        ivRank: 0,
        excludeEarnings: false,
        minExpectedReturn: -1,
      }),
    );
    // As the browser receives it (JSON), so the test reads what the dialog reads.
    const response = scanResponseSchema.parse(
      JSON.parse(
        JSON.stringify({ ...output, source: 'simulated', delayed: false, stale: null, activeFilters: 1 }),
      ),
    );
    condor = response.results[0]!;
  });

  it('an iron condor gives its 4 legs at their fills and the net credit the table shows', () => {
    const prefill = scanRowPrefill(condor, 'simulated');
    expect(condor.priceType).toBe('credit');
    expect(prefill.legs).toHaveLength(4);
    expect(prefill.legs!.map((leg) => [leg.kind, leg.side])).toEqual([
      ['put', 'long'],
      ['put', 'short'],
      ['call', 'short'],
      ['call', 'long'],
    ]);
    expect(prefill.legs!.map((leg) => leg.strike)).toEqual(condor.strikes);
    expect(prefill.legs!.every((leg) => leg.expiration === condor.expiration)).toBe(true);
    expect(prefill.side).toBe('credit');
    // What the table shows: formatPrice(|netPrice|) with 'credit'.
    expect(formatPrice(prefill.entry_price!)).toBe(formatPrice(Math.abs(condor.netPrice)));
    // The net is the legs' fills: sold minus bought.
    const net = prefill.legs!.reduce(
      (sum, leg) => sum + (leg.side === 'short' ? 1 : -1) * leg.quantity * leg.premium,
      0,
    );
    expect(net).toBeCloseTo(prefill.entry_price!, 2);
    expect(prefill.edge_score).toBe(condor.edgeScore);
    expect(prefill.expected_return).toBeCloseTo(condor.expectedReturn, 4);
    expect(prefill.source).toBe('scanner');
    expect(prefill.source_ref).toContain(`XLE:iron-condor:${condor.expiration}:${condor.strikes.join('/')}`);
    // The API takes it as sent.
    const body = createTradeInput.parse({
      ticker: prefill.ticker,
      strategy: prefill.strategy,
      side: prefill.side,
      quantity: prefill.quantity,
      entry_price: prefill.entry_price,
      legs: prefill.legs,
      source: prefill.source,
      source_ref: prefill.source_ref,
      edge_score: prefill.edge_score,
      expected_return: prefill.expected_return,
    });
    expect(body.legs).toEqual(prefill.legs);
  });

  it('the CSV writes the legs and the expiration, priced as the table', () => {
    const [header, line] = toScanCsv([condor]).split('\r\n');
    const cells = line!.split(',');
    const column = (name: string) => cells[header!.split(',').indexOf(name)];
    expect(column('Strike')).toBe(condor.strikeLabel);
    expect(column('Last Price')).toBe(Math.abs(condor.netPrice).toFixed(2));
    expect(column('Price Type')).toBe('credit');
    expect(column('Expiration')).toBe(condor.expiration);
    const legs = column('Legs')!.split('; ');
    expect(legs).toHaveLength(4);
    expect(legs[1]).toMatch(new RegExp(`^Sell 1 XLE ${condor.strikes[1]} put ${condor.expiration} at \\d`));
  });
});
