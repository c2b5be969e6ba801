/**
 * The earnings calendar from Nasdaq (EARNINGS_PROVIDER=nasdaq) on its recorded 2024-07-01 page
 * (OpenBB's cassette, tests/fixtures/SOURCES.md), laid over the simulated calendar: a provider's
 * report replaces the simulated date where its calendar covers the day, the simulated calendar
 * goes on beyond it, the last good calendar is kept (stale) when Nasdaq fails, and with no
 * provider the dates are the simulated ones. Hand-written pages (labelled) add universe names.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { dayNumberOfIso, isoDateOf } from '@shared/market/calendar';
import { nextEarningsDate, simulatedEarningsDate, useProviderEarnings } from '@shared/market/earnings';
import { UNIVERSE } from '@shared/market/universe';
import { FeedProviderError, type FetchJson } from '@shared/providers/feeds/feed-providers';
import { parseNasdaqEarnings } from '@shared/providers/feeds/nasdaq-earnings';
import {
  configuredEarningsSource,
  LastGoodEarnings,
  nasdaqEarningsReader,
  providerCalendar,
  tradingDaysFrom,
} from '../../../lambdas/feeds/earnings-source';

const recorded: unknown = JSON.parse(
  readFileSync(
    new URL('../../fixtures/providers/nasdaq/earnings-2024-07-01.openbb-cassette.json', import.meta.url),
    'utf8',
  ),
);
/** Hand-written, in the recorded shape: AAPL before the open on 07-02, MSFT after the close on 07-03. */
const handwritten = (symbol: string, time: string) => ({
  data: { asOf: 'hand-written', rows: [{ symbol, time, name: symbol }] },
  message: null,
  status: { rCode: 200, bCodeMessage: null, developerMessage: null },
});
const day = dayNumberOfIso;
const MARKET_NOW = new Date('2024-07-01T14:00:00Z');

afterEach(() => useProviderEarnings(null));

describe('Nasdaq’s recorded calendar of 2024-07-01', () => {
  it('lists 39 reports, one after the close, none of a universe name', () => {
    const reports = parseNasdaqEarnings(recorded, '2024-07-01');
    expect(reports).toHaveLength(39);
    expect(reports.filter((r) => r.time !== 'not-supplied')).toEqual([
      { symbol: 'CNVS', date: '2024-07-01', time: 'after-close' },
    ]);
    const universe = new Set(UNIVERSE.map((e) => e.symbol));
    expect(reports.filter((r) => universe.has(r.symbol))).toEqual([]);
  });

  it('says what is wrong with a body that is not the calendar', () => {
    expect(() => parseNasdaqEarnings({ rows: [] }, '2024-07-01')).toThrow(FeedProviderError);
    expect(() => parseNasdaqEarnings({ data: null, status: { rCode: 400 } }, '2024-07-01')).toThrow(
      /rCode 400/,
    );
  });
});

describe('the provider’s calendar over the simulated one', () => {
  const pages: Record<string, unknown> = {
    '2024-07-01': recorded,
    '2024-07-02': handwritten('AAPL', 'time-pre-market'),
    '2024-07-03': handwritten('MSFT', 'time-after-hours'),
  };
  const nasdaq =
    (failing = false): FetchJson =>
    async (url) => {
      const date = new URL(url).searchParams.get('date')!;
      if (failing) throw new FeedProviderError('answered 403');
      return pages[date] ?? handwritten('GTI', 'time-not-supplied');
    };

  it('reads the next ten trading days and moves a report after the close to the next open (July 4 is a holiday)', async () => {
    const source = new LastGoodEarnings(
      nasdaqEarningsReader('http://nasdaq.test', nasdaq()),
      () => MARKET_NOW,
    );
    const status = await source.refresh();
    expect(status).toMatchObject({ provider: 'nasdaq', coveredDays: 10, stale: null });
    expect(isoDateOf(nextEarningsDate('AAPL', day('2024-07-01')))).toBe('2024-07-02');
    expect(isoDateOf(nextEarningsDate('MSFT', day('2024-07-01')))).toBe('2024-07-05');
    // Past the covered days, the simulated calendar goes on.
    const last = tradingDaysFrom(day('2024-07-01')).at(-1)!;
    expect(nextEarningsDate('AAPL', day('2024-07-03'))).toBe(simulatedEarningsDate('AAPL', last + 1));
  });

  it('drops a simulated report on a day the provider covers without it', () => {
    const simulated = simulatedEarningsDate('NVDA', day('2024-07-01'));
    const covered = new Set([simulated - 1, simulated, simulated + 1]);
    useProviderEarnings(
      providerCalendar(
        'nasdaq',
        [...covered].map((d) => ({ day: d, reports: [] })),
      ),
    );
    expect(nextEarningsDate('NVDA', day('2024-07-01'))).toBe(simulatedEarningsDate('NVDA', simulated + 1));
    expect(nextEarningsDate('NVDA', day('2024-07-01'))).toBeGreaterThan(simulated);
  });

  it('keeps the last good calendar, marked stale, when Nasdaq fails; with none, the simulated dates', async () => {
    let now = new Date('2024-07-01T14:00:00Z');
    let failing = false;
    const source = new LastGoodEarnings(
      nasdaqEarningsReader('http://nasdaq.test', async (url) => nasdaq(failing)(url)),
      () => MARKET_NOW,
      () => now,
      60_000,
    );
    await source.refresh();
    failing = true;
    now = new Date('2024-07-01T14:05:00Z');
    expect(await source.refresh()).toMatchObject({
      coveredDays: 10,
      stale: { reason: 'Nasdaq answered 403 (2024-07-01)', ageSeconds: 300 },
    });
    expect(isoDateOf(nextEarningsDate('AAPL', day('2024-07-01')))).toBe('2024-07-02');

    const never = new LastGoodEarnings(
      nasdaqEarningsReader('http://nasdaq.test', nasdaq(true)),
      () => MARKET_NOW,
    );
    expect(await never.refresh()).toMatchObject({ coveredDays: 0, fetchedAt: null });
    expect(nextEarningsDate('AAPL', day('2024-07-01'))).toBe(
      simulatedEarningsDate('AAPL', day('2024-07-01')),
    );
  });
});

describe('EARNINGS_PROVIDER', () => {
  it('is simulated by default (no source; the simulated dates unchanged), fmp or nasdaq on request, anything else refused', () => {
    expect(configuredEarningsSource(() => MARKET_NOW, {})).toBeNull();
    for (const provider of ['fmp', 'nasdaq'])
      expect(configuredEarningsSource(() => MARKET_NOW, { EARNINGS_PROVIDER: provider })).toBeInstanceOf(
        LastGoodEarnings,
      );
    expect(() => configuredEarningsSource(() => MARKET_NOW, { EARNINGS_PROVIDER: 'finnhub' })).toThrow(
      /EARNINGS_PROVIDER must be simulated or fmp or nasdaq/,
    );
    for (const entry of UNIVERSE.filter((e) => e.kind === 'stock'))
      for (const from of ['2024-01-02', '2025-06-30', '2026-11-27'])
        expect(nextEarningsDate(entry.symbol, day(from))).toBe(
          simulatedEarningsDate(entry.symbol, day(from)),
        );
  });
});
