/** Reading a research question: the symbols it names, its direction, and journal questions. */
import { describe, expect, it } from 'vitest';
import {
  asksAboutJournal,
  journalPeriodIn,
  journalStrategyIn,
  questionDirection,
  scannableSymbolsIn,
  symbolsIn,
} from '@shared/chat/question';

describe('symbolsIn', () => {
  it('finds tickers in the order the question names them', () => {
    expect(symbolsIn('Compare NVDA, TSLA and AAPL')).toEqual(['NVDA', 'TSLA', 'AAPL']);
    expect(symbolsIn('BRK.B or JPM?')).toEqual(['BRK.B', 'JPM']);
    expect(symbolsIn('the SPY-QQQ spread')).toEqual(['SPY', 'QQQ']);
    expect(symbolsIn('NVDA again: is NVDA stretched?')).toEqual(['NVDA']);
  });

  it('reads lower-case tickers, but not ordinary words, single letters or parts of words', () => {
    expect(symbolsIn('nvda vs amd')).toEqual(['NVDA', 'AMD']);
    expect(symbolsIn('shop around for a good deal on a meta analysis')).toEqual([]);
    expect(symbolsIn('SHOP and META earnings')).toEqual(['SHOP', 'META']);
    expect(symbolsIn('I think A is a better choice, see ESPYN')).toEqual([]);
  });

  it('reads cashtags of any length and a few company names', () => {
    expect(symbolsIn('$f or $t?')).toEqual(['F', 'T']);
    expect(symbolsIn('Is Tesla or Apple the better buy?')).toEqual(['TSLA', 'AAPL']);
  });

  it('keeps only symbols with listed options for scanning', () => {
    expect(symbolsIn('VIX and SPY')).toEqual(['VIX', 'SPY']);
    expect(scannableSymbolsIn('VIX and SPY')).toEqual(['SPY']);
  });
});

describe('questionDirection', () => {
  it.each([
    ["I'm bullish on chips", 'bullish'],
    ['Which calls look good?', 'bullish'],
    ['Feeling bearish', 'bearish'],
    ['a put to hedge', 'bearish'],
    ['bullish calls or bearish puts?', 'bullish'],
    ['I recall theta matters; input please', 'neutral'],
  ])('%s → %s', (question, direction) => {
    expect(questionDirection(question)).toBe(direction);
  });
});

describe('journal questions', () => {
  it('knows a question about the trader’s own trades', () => {
    expect(asksAboutJournal('How did my iron condors do this quarter?')).toBe(true);
    expect(asksAboutJournal('Show my journal')).toBe(true);
    expect(asksAboutJournal("What's my win rate?")).toBe(true);
    expect(asksAboutJournal('What is an iron condor?')).toBe(false);
    expect(asksAboutJournal('Is SPY bullish?')).toBe(false);
  });

  it.each([
    ['my iron condors', 'Iron Condor'],
    ['iron butterflies this year', 'Iron Butterfly'],
    ['bull call spreads', 'Bull Call Spread'],
    ['my long calls', 'Long Call'],
    ['protective puts', 'Protective Put'],
    ['cash-secured puts', 'Cash Secured Put'],
  ])('reads the strategy in "%s"', (question, strategy) => {
    expect(journalStrategyIn(question)).toBe(strategy);
  });

  it('finds no strategy where none is named', () => {
    expect(journalStrategyIn('how did my trades do')).toBeUndefined();
  });

  const monday = new Date('2026-11-23T15:00:00Z');
  it.each([
    ['today', '2026-11-23', '2026-11-23'],
    ['yesterday', '2026-11-22', '2026-11-22'],
    ['this week', '2026-11-23', '2026-11-23'],
    ['last week', '2026-11-16', '2026-11-22'],
    ['this month', '2026-11-01', '2026-11-23'],
    ['last month', '2026-10-01', '2026-10-31'],
    ['this quarter', '2026-10-01', '2026-11-23'],
    ['last quarter', '2026-07-01', '2026-09-30'],
    ['year to date', '2026-01-01', '2026-11-23'],
    ['last year', '2025-01-01', '2025-12-31'],
  ])('reads "%s" as a period in the trader’s calendar', (words, from, to) => {
    expect(journalPeriodIn(`How did I do ${words}?`, monday)).toMatchObject({ from, to });
  });

  it('crosses year ends, and counts days in the trader’s time zone', () => {
    const january = new Date('2026-01-15T12:00:00Z');
    expect(journalPeriodIn('last month', january)).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
    expect(journalPeriodIn('last quarter', january)).toMatchObject({ from: '2025-10-01', to: '2025-12-31' });
    // 02:00 UTC on the 24th is still the 23rd in New York.
    const lateEvening = new Date('2026-11-24T02:00:00Z');
    expect(journalPeriodIn('today', lateEvening, 'America/New_York')).toMatchObject({ from: '2026-11-23' });
    expect(journalPeriodIn('today', lateEvening)).toMatchObject({ from: '2026-11-24' });
  });

  it('names no period when the question has none', () => {
    expect(journalPeriodIn('how are my trades', monday)).toBeUndefined();
  });
});
