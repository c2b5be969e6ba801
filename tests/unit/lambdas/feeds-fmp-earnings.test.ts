/**
 * The earnings calendar from Financial Modeling Prep (EARNINGS_PROVIDER=fmp) on a recorded
 * `/stable/earnings-calendar` answer (fmp4j's excerpt of 2025-08-17, tests/fixtures/SOURCES.md):
 * one request for the range, every day of it covered, a report on a day the market is shut
 * counted on the next trading day, FMP's error body and a missing key said as the provider
 * failing, and the last good calendar kept (stale) when it fails. Hand-written rows (labelled)
 * add a universe name and the legacy API's `time`.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { dayNumberOfIso, isoDateOf } from '@shared/market/calendar';
import { nextEarningsDate, simulatedEarningsDate, useProviderEarnings } from '@shared/market/earnings';
import { FeedProviderError, type FetchJson } from '@shared/providers/feeds/feed-providers';
import { fmpEarningsUrl, parseFmpEarnings } from '@shared/providers/feeds/fmp-earnings';
import { fmpEarningsReader, LastGoodEarnings } from '../../../lambdas/feeds/earnings-source';

const recorded: unknown = JSON.parse(
  readFileSync(
    new URL('../../fixtures/providers/fmp/earnings-calendar-excerpt.fmp4j.json', import.meta.url),
    'utf8',
  ),
);
const day = dayNumberOfIso;
/** Tuesday 2025-08-12, 10:00 New York: the recorded answer's days are this week and the weekend after. */
const MARKET_NOW = new Date('2025-08-12T14:00:00Z');
const key = async () => 'test-key';

afterEach(() => useProviderEarnings(null));

describe('FMP’s recorded earnings calendar', () => {
  it('lists its four reports, none saying when in the day', () => {
    expect(parseFmpEarnings(recorded)).toEqual([
      { symbol: '2386.HK', date: '2025-08-17', time: 'not-supplied' },
      { symbol: 'BOOZT-DKK.CO', date: '2025-08-15', time: 'not-supplied' },
      { symbol: 'BIOPOR.CO', date: '2025-08-15', time: 'not-supplied' },
      { symbol: 'CALC', date: '2025-08-12', time: 'not-supplied' },
    ]);
  });

  it('reads the legacy API’s time of day when a row has it (hand-written rows)', () => {
    expect(
      parseFmpEarnings([
        { symbol: 'aapl', date: '2025-08-12', time: 'amc' },
        { symbol: 'MSFT', date: '2025-08-13', time: 'bmo' },
        { symbol: 'NVDA', date: '2025-08-14', time: '--' },
      ]).map((r) => [r.symbol, r.time]),
    ).toEqual([
      ['AAPL', 'after-close'],
      ['MSFT', 'before-open'],
      ['NVDA', 'not-supplied'],
    ]);
  });

  it('takes an empty answer as no reports, and says what is wrong with an error or another body', () => {
    expect(parseFmpEarnings([])).toEqual([]);
    expect(() => parseFmpEarnings({ 'Error Message': 'Invalid API KEY.' })).toThrow(
      new FeedProviderError('said "Invalid API KEY."'),
    );
    expect(() => parseFmpEarnings({ rows: [] })).toThrow(/not an FMP earnings calendar/);
    expect(() => parseFmpEarnings([{ symbol: 'AAPL', date: '12/08/2025' }])).toThrow(
      /not an FMP earnings calendar \(0\.date/,
    );
  });

  it('asks for the range with the key', () => {
    const url = new URL(fmpEarningsUrl('https://fmp.test', 'k&1', '2025-08-12', '2025-08-25'));
    expect(url.pathname).toBe('/stable/earnings-calendar');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: '2025-08-12',
      to: '2025-08-25',
      apikey: 'k&1',
    });
  });
});

describe('FMP’s calendar over the simulated one', () => {
  it('reads the ten trading days in one request, every one covered, a Sunday report on the Monday', async () => {
    const asked: string[] = [];
    const fetchJson: FetchJson = async (url) => (asked.push(url), recorded);
    const source = new LastGoodEarnings(
      fmpEarningsReader('https://fmp.test', fetchJson, key),
      () => MARKET_NOW,
    );
    expect(await source.refresh()).toMatchObject({ provider: 'fmp', coveredDays: 10, stale: null });
    expect(asked).toEqual([fmpEarningsUrl('https://fmp.test', 'test-key', '2025-08-12', '2025-08-25')]);
    expect(isoDateOf(nextEarningsDate('CALC', day('2025-08-12')))).toBe('2025-08-12');
    expect(isoDateOf(nextEarningsDate('BIOPOR.CO', day('2025-08-12')))).toBe('2025-08-15');
    expect(isoDateOf(nextEarningsDate('2386.HK', day('2025-08-12')))).toBe('2025-08-18');
  });

  it('moves a universe name’s report after the close to the next open (hand-written row)', async () => {
    const rows = [{ symbol: 'AAPL', date: '2025-08-14', time: 'amc' }];
    const source = new LastGoodEarnings(
      fmpEarningsReader('https://fmp.test', async () => rows, key),
      () => MARKET_NOW,
    );
    await source.refresh();
    expect(isoDateOf(nextEarningsDate('AAPL', day('2025-08-12')))).toBe('2025-08-15');
  });

  it('keeps the last good calendar, marked stale, when FMP fails; with none, the simulated dates', async () => {
    let now = new Date('2025-08-12T14:00:00Z');
    let failing = false;
    const fetchJson: FetchJson = async () => {
      if (failing) throw new FeedProviderError('answered 429');
      return recorded;
    };
    const source = new LastGoodEarnings(
      fmpEarningsReader('https://fmp.test', fetchJson, key),
      () => MARKET_NOW,
      () => now,
      60_000,
    );
    await source.refresh();
    failing = true;
    now = new Date('2025-08-12T14:05:00Z');
    expect(await source.refresh()).toMatchObject({
      coveredDays: 10,
      stale: { reason: 'FMP answered 429 (2025-08-12 to 2025-08-25)', ageSeconds: 300 },
    });
    expect(isoDateOf(nextEarningsDate('CALC', day('2025-08-12')))).toBe('2025-08-12');

    const never = new LastGoodEarnings(
      fmpEarningsReader('https://fmp.test', async () => ({ 'Error Message': 'Limit Reach .' }), key),
      () => MARKET_NOW,
    );
    expect(await never.refresh()).toMatchObject({
      coveredDays: 0,
      fetchedAt: null,
      stale: { reason: 'FMP said "Limit Reach ." (2025-08-12 to 2025-08-25)' },
    });
    expect(nextEarningsDate('AAPL', day('2025-08-12'))).toBe(
      simulatedEarningsDate('AAPL', day('2025-08-12')),
    );
  });

  it('says so when no key is set, and asks nothing', async () => {
    const asked: string[] = [];
    const source = new LastGoodEarnings(
      fmpEarningsReader(
        'https://fmp.test',
        async (url) => (asked.push(url), []),
        async () => undefined,
      ),
      () => MARKET_NOW,
    );
    expect((await source.refresh()).stale?.reason).toBe(
      'FMP has no API key here (the FMP API key is not set) (2025-08-12 to 2025-08-25)',
    );
    expect(asked).toEqual([]);
  });
});
