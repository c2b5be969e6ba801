/**
 * Unusual Whales' flow alerts on the recorded example (the vendor's OpenAPI spec's example
 * response of GET /api/option-trades/flow-alerts, tests/fixtures/SOURCES.md): parsed, mapped to
 * an unusual-flow market alert naming its contract (so Track in Journal tracks that option), and
 * the bias and severity rules; hand-written variants (labelled) add the other sides and sizes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { journalPrefillFor } from '@shared/feeds/journal-prefill';
import { marketAlertSchema } from '@shared/feeds/schemas';
import { FeedProviderError } from '@shared/providers/feeds/feed-providers';
import {
  flowAlertsUrl,
  flowBias,
  flowMarketAlert,
  flowSeverity,
  parseFlowAlerts,
  type UnusualWhalesFlowAlert,
} from '@shared/providers/feeds/unusual-whales';

const recorded: unknown = JSON.parse(
  readFileSync(
    new URL('../../fixtures/providers/unusualwhales/flow-alerts.uw-openapi-example.json', import.meta.url),
    'utf8',
  ),
);
const [msft] = parseFlowAlerts(recorded);

describe('Unusual Whales flow alerts: the recorded example', () => {
  it('reads the MSFT alert, its decimal strings as numbers', () => {
    expect(msft).toMatchObject({
      alert_rule: 'RepeatedHits',
      ticker: 'MSFT',
      type: 'call',
      strike: 375,
      expiry: '2023-12-22',
      price: 4.05,
      underlying_price: 372.99,
      total_premium: 186_705,
      total_ask_side_prem: 151_875,
      total_bid_side_prem: 405,
      total_size: 461,
      volume: 2442,
      open_interest: 7913,
      has_sweep: true,
    });
  });

  it('becomes an unusual-flow alert naming its contract, Unusual Whales’, bullish (calls bought at the ask)', () => {
    const alert = marketAlertSchema.parse(flowMarketAlert(msft!));
    expect(alert).toEqual({
      id: 'unusualwhales-MSFT231222C00375000-1702398952168',
      ticker: 'MSFT',
      type: 'unusual-flow',
      message:
        'Unusual options flow: 461 MSFT $375 calls expiring 2023-12-22, $186,705 premium (RepeatedHits, sweep)',
      timestamp: '2023-12-12T16:35:52.168Z',
      severity: 'low',
      price: 372.99,
      bias: 'bullish',
      trigger: { metric: 'Premium ($)', value: 186_705, threshold: 100_000 },
      provider: 'unusualwhales',
      contract: { type: 'call', strike: 375, expiration: '2023-12-22' },
      flow: {
        rule: 'RepeatedHits',
        contracts: 461,
        premium: 186_705,
        askSidePremium: 151_875,
        bidSidePremium: 405,
        contractVolume: 2442,
        openInterest: 7913,
        optionPrice: 4.05,
        sweep: true,
      },
    });
    expect(alert).not.toHaveProperty('changePercent');
  });

  it('is tracked in the journal as that option (its message names it as the simulated alerts do)', () => {
    const alert = flowMarketAlert(msft!);
    expect(alert.message).toContain('$375 calls expiring 2023-12-22');
    const prefill = journalPrefillFor('alerts', alert, null);
    expect(prefill).toMatchObject({
      ticker: 'MSFT',
      strategy: 'Long Call',
      legs: [{ kind: 'call', side: 'long', strike: 375, expiration: '2023-12-22' }],
      source_ref: 'alerts:unusualwhales-MSFT231222C00375000-1702398952168',
    });
  });

  it('says what is wrong with a body that is not a flow alerts list', () => {
    expect(() =>
      parseFlowAlerts({ data: [{ ...(recorded as { data: object[] }).data[0], strike: 'n/a' }] }),
    ).toThrow(FeedProviderError);
    expect(() => parseFlowAlerts([])).toThrow(/not an Unusual Whales flow alerts list/);
  });

  it('asks for the flow alerts since an instant, of the minimum premium, single-leg', () => {
    expect(flowAlertsUrl('http://127.0.0.1:9', 1_702_398_800_000)).toBe(
      'http://127.0.0.1:9/api/option-trades/flow-alerts?newer_than=1702398800000&min_premium=100000&is_multi_leg=false&limit=200',
    );
  });
});

describe('the bias and severity rules (hand-written variants of the recorded alert)', () => {
  const variant = (overrides: Partial<UnusualWhalesFlowAlert>) => ({ ...msft!, ...overrides });

  it('reads the side from where the premium was paid: calls sold and puts bought bearish, an even split neutral', () => {
    expect(flowBias(variant({ total_ask_side_prem: 405, total_bid_side_prem: 151_875 }))).toBe('bearish');
    expect(flowBias(variant({ type: 'put' }))).toBe('bearish');
    expect(flowBias(variant({ type: 'put', total_ask_side_prem: 1, total_bid_side_prem: 9 }))).toBe(
      'bullish',
    );
    expect(flowBias(variant({ total_ask_side_prem: 55, total_bid_side_prem: 45 }))).toBe('neutral');
    expect(flowBias(variant({ total_ask_side_prem: 0, total_bid_side_prem: 0 }))).toBe('neutral');
  });

  it('grades by premium and by opening size (more contracts than were open)', () => {
    expect(flowSeverity(msft!)).toBe('low'); // $186,705, 461 of 7,913 open
    expect(flowSeverity(variant({ total_size: 8_000 }))).toBe('medium');
    expect(flowSeverity(variant({ total_premium: 300_000 }))).toBe('medium');
    expect(flowSeverity(variant({ total_premium: 300_000, total_size: 8_000 }))).toBe('high');
    expect(flowSeverity(variant({ total_premium: 1_000_000 }))).toBe('high');
  });
});
