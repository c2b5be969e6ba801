import { describe, expect, it } from 'vitest';
import {
  chatHistoryQuery,
  chatMessageSchema,
  postChatInput,
  strategySuggestionSchema,
} from '@shared/chat/schemas';
import { chartTickersFor, strategyPicksFor } from '@shared/chat/suggestions';
import { scannerStrategyLabel } from '@shared/constants/strategies';

describe('postChatInput', () => {
  it('accepts a question and trims it', () => {
    expect(postChatInput.parse({ message: '  Is SPY overbought?\n' })).toEqual({
      message: 'Is SPY overbought?',
    });
  });

  it.each([[''], ['   '], ['\n\t ']])('rejects blank text %j at message', (message) => {
    const result = postChatInput.safeParse({ message });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['message']]);
  });

  it('accepts 4000 characters and rejects 4001', () => {
    expect(postChatInput.safeParse({ message: 'a'.repeat(4000) }).success).toBe(true);
    const result = postChatInput.safeParse({ message: 'a'.repeat(4001) });
    expect(result.error?.issues[0]?.path).toEqual(['message']);
  });
});

describe('chatHistoryQuery', () => {
  it('defaults to 50 and reads a query-string number', () => {
    expect(chatHistoryQuery.parse({})).toEqual({ limit: 50 });
    expect(chatHistoryQuery.parse({ limit: '10' })).toEqual({ limit: 10 });
  });

  it('rejects more than 50 and less than 1', () => {
    expect(chatHistoryQuery.safeParse({ limit: '51' }).error?.issues[0]?.path).toEqual(['limit']);
    expect(chatHistoryQuery.safeParse({ limit: '0' }).success).toBe(false);
  });
});

describe('chat rows', () => {
  const suggestion = { symbol: 'SPY', strategy: 'Long Call', probability: 72, risk: 'medium' };

  it('reads a stored message with a chart and a suggestion', () => {
    const row = {
      id: 'm1',
      user_id: 'u1',
      message: 'Chart SPY',
      response: '**SPY** looks firm.',
      charts: [
        {
          symbol: 'SPY',
          title: 'SPY 1D',
          timeframe: '1D',
          points: [{ time: '2025-03-10T14:30:00.000Z', price: 562.1 }],
        },
      ],
      strategies: [suggestion],
      created_at: '2025-03-10T15:00:00.000Z',
    };
    // Rows stored before replies carried citations read with none.
    expect(chatMessageSchema.parse(row)).toEqual({ ...row, citations: [] });
  });

  it('rejects a risk outside low, medium, high and a probability over 100', () => {
    expect(
      strategySuggestionSchema.safeParse({ ...suggestion, risk: 'extreme' }).error?.issues[0]?.path,
    ).toEqual(['risk']);
    expect(
      strategySuggestionSchema.safeParse({ ...suggestion, probability: 101 }).error?.issues[0]?.path,
    ).toEqual(['probability']);
  });
});

describe('chartTickersFor', () => {
  it('finds named tickers, whole words, case-insensitively, at most 2, in list order', () => {
    expect(chartTickersFor('Is spy overbought?')).toEqual(['SPY']);
    expect(chartTickersFor('Compare NVDA, TSLA and AAPL')).toEqual(['AAPL', 'TSLA']);
    expect(chartTickersFor('ESPYN is not a ticker')).toEqual([]);
  });

  it("charts SPY and QQQ for 'market' or 'index' questions", () => {
    expect(chartTickersFor('How is the market today?')).toEqual(['SPY', 'QQQ']);
    expect(chartTickersFor('Which index leads?')).toEqual(['SPY', 'QQQ']);
    expect(chartTickersFor('Explain theta')).toEqual([]);
  });
});

describe('strategyPicksFor', () => {
  const names = (question: string) =>
    strategyPicksFor(question).map((s) => `${scannerStrategyLabel(s.strategy)} ${s.symbol}`);

  it('suggests call strategies for bullish or call questions', () => {
    expect(names("I'm bullish on tech")).toEqual(['Long Call SPY', 'Covered Call AAPL']);
    expect(names('Which calls should I buy?')).toEqual(['Long Call SPY', 'Covered Call AAPL']);
  });

  it('suggests put strategies for bearish or put questions', () => {
    expect(names('Feeling bearish')).toEqual(['Long Put TSLA']);
    expect(names('best put to hedge')).toEqual(['Long Put TSLA']);
  });

  it('suggests the first two otherwise', () => {
    expect(names('What is implied volatility? I recall it matters.')).toEqual([
      'Long Call SPY',
      'Iron Condor QQQ',
    ]);
  });

  it('uses the symbol the question asks about, when it has listed options', () => {
    expect(names('Is AMD bullish?')).toEqual(['Long Call AMD', 'Covered Call AMD']);
    expect(names('puts on Tesla?')).toEqual(['Long Put TSLA']);
    expect(names('What about MSFT and AAPL')).toEqual(['Long Call MSFT', 'Iron Condor MSFT']);
    // The VIX has no shares to cover a call: the spec's own symbols stand.
    expect(names('Is the VIX bearish?')).toEqual(['Long Put TSLA']);
  });
});
