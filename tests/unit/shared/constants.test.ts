import { describe, expect, it } from 'vitest';
import {
  FEED_SIMULATION,
  RECENT_ACTIVITY_LIMIT,
  SEARCH_MAX_RESULTS,
  CHAT_HISTORY_LIMIT,
} from '@shared/constants/caps';
import { clampToRange, EDGE_SCORE_RANGE, BULLISHNESS_RANGE, IV_RANK_RANGE } from '@shared/constants/ranges';
import {
  JOURNAL_STRATEGIES,
  scannerStrategies,
  scannerStrategyLabel,
  scannerStrategyOptions,
} from '@shared/constants/strategies';
import {
  CHAT_CHART_TICKERS,
  DAILY_SUMMARY_SYMBOLS,
  DASHBOARD_DEFAULT_SYMBOLS,
  MARKET_OVERVIEW_SYMBOLS,
  PRESET_SEARCH_SYMBOLS,
  TICKER_BAR_SYMBOLS,
} from '@shared/constants/symbols';
import {
  CHAT_EMPTY_CONTENT,
  CHAT_PROVIDER_FAILURE,
  DELETE_ACCOUNT_CONFIRMATION,
  EMPTY_ACTIVITY,
  EMPTY_JOURNAL,
  EMPTY_SCAN,
  emptySearch,
  NOTIFICATIONS_BLOCKED,
  scannerApiError,
  SCANNER_FETCH_FAILED,
  SITE_GATE_WRONG_PASSWORD,
} from '@shared/constants/texts';
import {
  DAILY_NEWS_POPUP_DELAY_MS,
  ONBOARDING_MAX_ACCOUNT_AGE_MS,
  SITE_GATE_DELAY_MS,
  TRADES_REFRESH_MS,
} from '@shared/constants/timings';

describe('symbol lists', () => {
  it('have the spec sizes, without duplicates', () => {
    const lists = [
      [PRESET_SEARCH_SYMBOLS, 16],
      [TICKER_BAR_SYMBOLS, 20],
      [DAILY_SUMMARY_SYMBOLS, 7],
      [MARKET_OVERVIEW_SYMBOLS, 10],
      [DASHBOARD_DEFAULT_SYMBOLS, 4],
      [CHAT_CHART_TICKERS, 5],
    ] as const;
    for (const [list, size] of lists) {
      expect(list).toHaveLength(size);
      expect(new Set(list).size).toBe(size);
    }
  });

  it('start and end where the spec does', () => {
    expect(PRESET_SEARCH_SYMBOLS.slice(0, 4)).toEqual(['AAPL', 'MSFT', 'GOOGL', 'AMZN']);
    expect(TICKER_BAR_SYMBOLS.slice(-4)).toEqual(['ADBE', 'PYPL', 'DIS', 'UBER']);
    expect(MARKET_OVERVIEW_SYMBOLS.slice(-3)).toEqual(['AAPL', 'TSLA', 'NVDA']);
  });
});

describe('caps and timings', () => {
  it('match spec 9', () => {
    expect(RECENT_ACTIVITY_LIMIT).toBe(5);
    expect(SEARCH_MAX_RESULTS).toBe(8);
    expect(CHAT_HISTORY_LIMIT).toBe(50);
    expect(TRADES_REFRESH_MS).toBe(30_000);
    expect(DAILY_NEWS_POPUP_DELAY_MS).toBe(1500);
    expect(SITE_GATE_DELAY_MS).toBe(500);
    expect(ONBOARDING_MAX_ACCOUNT_AGE_MS).toBe(604_800_000);
  });

  it('hold the simulated feeds table', () => {
    expect(FEED_SIMULATION).toEqual({
      alerts: {
        seeded: 12,
        intervalSeconds: { min: 15, max: 45 },
        firstAfterSeconds: { min: 5, max: 15 },
        cap: 100,
      },
      darkpool: { seeded: 15, intervalSeconds: { min: 8, max: 20 }, cap: 50 },
      chatter: { seeded: 12, intervalSeconds: { min: 15, max: 45 }, cap: 50 },
      trends: { seeded: 8, intervalSeconds: { min: 20, max: 60 }, cap: 20 },
    });
  });

  it('clamp into a range', () => {
    expect(clampToRange(104, EDGE_SCORE_RANGE)).toBe(100);
    expect(clampToRange(-3, EDGE_SCORE_RANGE)).toBe(0);
    expect(clampToRange(5, BULLISHNESS_RANGE)).toBe(10);
    expect(clampToRange(97, BULLISHNESS_RANGE)).toBe(95);
    expect(IV_RANK_RANGE.default).toBe(50);
  });
});

describe('strategies', () => {
  it('list the scanner values with labels, all first', () => {
    expect(scannerStrategyOptions).toEqual([
      'all',
      'long-call',
      'long-put',
      'covered-call',
      'cash-secured-put',
      'iron-condor',
      'butterfly',
      'straddle',
      'strangle',
    ]);
    expect(scannerStrategies).not.toContain('all');
    expect(scannerStrategyLabel('cash-secured-put')).toBe('Cash Secured Put');
    expect(scannerStrategyLabel('all')).toBe('All Strategies');
  });

  it("list the spec's twelve journal strategies first, then the spreads and stock positions traders add", () => {
    expect(JOURNAL_STRATEGIES.slice(0, 12)).toHaveLength(12);
    expect(JOURNAL_STRATEGIES[0]).toBe('Long Call');
    expect(JOURNAL_STRATEGIES[11]).toBe('Protective Put');
    expect(JOURNAL_STRATEGIES.slice(12)).toEqual([
      'Bull Put Spread',
      'Bear Call Spread',
      'Calendar Spread',
      'Diagonal Spread',
      'Butterfly',
      'Long Stock',
      'Short Stock',
    ]);
  });
});

describe('texts', () => {
  it('are the spec wording', () => {
    expect(SITE_GATE_WRONG_PASSWORD).toBe('Incorrect password. Please try again.');
    expect(SCANNER_FETCH_FAILED).toBe('Failed to fetch options data. Please try again.');
    expect(scannerApiError(502)).toBe('Scanner API error: 502');
    expect(CHAT_PROVIDER_FAILURE).toBe("I'm experiencing technical difficulties. Please try again later.");
    expect(CHAT_EMPTY_CONTENT).toBe("I'm sorry, I couldn't process your request.");
    expect(NOTIFICATIONS_BLOCKED).toBe(
      'Notifications are blocked. Please enable them in your browser settings.',
    );
    expect(EMPTY_JOURNAL.title).toBe('No Trades Yet');
    expect(EMPTY_SCAN.title).toBe('No Results');
    expect(EMPTY_ACTIVITY).toEqual({
      title: 'No Recent Activity',
      description: 'Start trading to see your recent activity here.',
    });
    expect(DELETE_ACCOUNT_CONFIRMATION).toMatch(/^Are you sure you want to delete your account\?/);
  });

  it('quote the search text in the empty-search title', () => {
    expect(emptySearch('zzz')).toEqual({
      title: 'No results found for "zzz"',
      description: 'Try searching for stocks like AAPL, TSLA, or app sections',
    });
  });
});
