/**
 * The StockTwits adapter on a recorded `GET /api/2/streams/symbol/F.json` (tests/fixtures/SOURCES.md:
 * 30 messages of 2019-04-26, kept by khbrendle/stocktwits as its test body), and the rules
 * (docs/providers.md "Social chatter") on hand-written pages, labelled.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { socialTrendSchema } from '@shared/feeds/schemas';
import { FeedProviderError } from '@shared/providers/feeds/feed-providers';
import {
  chatterFromStocktwits,
  chatterReadings,
  chatterRisk,
  parseStocktwitsStream,
  stocktwitsStreamUrl,
  type StocktwitsStream,
} from '@shared/providers/feeds/stocktwits';

const recorded = parseStocktwitsStream(
  JSON.parse(
    readFileSync(
      new URL('../../fixtures/providers/stocktwits/symbol-F.khbrendle-stocktwits.json', import.meta.url),
      'utf8',
    ),
  ),
);

describe('StockTwits: the recorded F stream', () => {
  const card = chatterFromStocktwits(recorded)!;
  const r = chatterReadings(recorded);

  it('is a valid Risky Chatter card, attributed to StockTwits with the stream’s own link', () => {
    expect(socialTrendSchema.parse(card)).toEqual(card);
    expect(card).toMatchObject({
      id: 'stocktwits-F-161970974',
      ticker: 'F',
      platform: 'stocktwits',
      provider: 'stocktwits',
      source: '$F stream',
      sourceUrl: 'https://stocktwits.com/symbol/F',
      timestamp: '2019-04-26T02:43:00.000Z',
      communitySize: 58268,
    });
    expect(card.priceTarget).toBeUndefined();
  });

  it('counts the messages, their tags and their pace from the page', () => {
    expect(r).toMatchObject({ count: 30, bullish: 12, bearish: 2, tagged: 14, influencers: 4 });
    // 00:36:27 to 02:43:00: 2 h 6 min 33 s; 16 messages in the newer half, 14 in the older.
    expect(r.spanMs).toBe(7_593_000);
    expect(Math.round(r.perHour)).toBe(14);
    expect(r.growthPercent).toBe(14);
    expect(card).toMatchObject({ mentions: 30, growth: 14, influencerMentions: 4, timeframe: 'last 2 h' });
    expect(card.context).toMatch(
      /^30 messages in 2 h \(14 an hour\); 12 tagged Bullish, 2 Bearish\. Latest, by @BigRolliePollie: "\$F 21yrs of bliss"$/,
    );
  });

  it('leans bullish (12 of 14 tags), with the share of all messages that agree as confidence', () => {
    expect(card.sentiment).toBe('bullish');
    expect(card.confidence).toBe(40);
  });

  it('is high risk: one-sided tags and mostly small accounts (22 of 30 under 100 followers), not fast', () => {
    expect(r.smallAccountShare).toBeCloseTo(22 / 30, 10);
    expect(chatterRisk(r)).toEqual({ level: 'high', points: 2 });
    expect(card.riskLevel).toBe('high');
  });

  it('scores credibility from the median audience (16 followers) and 23 established accounts; one official author verifies', () => {
    expect(r.medianFollowers).toBe(16);
    expect(r.establishedShare).toBeCloseTo(23 / 30, 10);
    expect(card.credibilityScore).toBe(46);
    expect(card.verificationStatus).toBe('verified');
  });

  it('lists the other cashtags most mentioned alongside', () => {
    expect(card.keyPhrases.slice(0, 2)).toEqual(['$AMZN', '$TSLA']);
    expect(card.keyPhrases).toHaveLength(5);
    expect(card.keyPhrases).not.toContain('$F');
  });
});

describe('StockTwits: rules on hand-written pages', () => {
  const message = (
    i: number,
    followers: number,
    basic: 'Bullish' | 'Bearish' | null,
    minutesAgo: number,
  ) => ({
    id: 1000 + i,
    body: `$GME to the moon &amp; beyond ${i}`,
    created_at: new Date(Date.parse('2025-01-10T15:00:00Z') - minutesAgo * 60_000)
      .toISOString()
      .replace('.000', ''),
    user: { username: `u${i}`, followers, official: false, join_date: '2024-12-30' },
    symbols: [{ symbol: 'GME' }],
    entities: { sentiment: basic ? { basic } : null },
  });
  const page = (messages: ReturnType<typeof message>[]): StocktwitsStream =>
    parseStocktwitsStream({ symbol: { symbol: 'GME', watchlist_count: 1000 }, messages });

  it('a frenzied, one-sided, surging stream of new small accounts is extreme risk and suspicious', () => {
    // 30 messages in 5.8 minutes (310 an hour), all Bullish, 20 of them in the newer half (+100 %).
    const frenzy = page(
      Array.from({ length: 30 }, (_, i) => message(i, 3, 'Bullish', i < 20 ? i * 0.1 : 4 + (i - 20) * 0.2)),
    );
    const card = chatterFromStocktwits(frenzy)!;
    expect(card).toMatchObject({
      riskLevel: 'extreme',
      verificationStatus: 'suspicious',
      sentiment: 'bullish',
    });
    expect(chatterRisk(chatterReadings(frenzy)).points).toBe(5);
    expect(card.context).toContain('to the moon & beyond');
  });

  it('an untagged stream is neutral, and a page without messages gives no card', () => {
    const quiet = page([message(1, 5000, null, 0), message(2, 5000, null, 90)]);
    expect(chatterFromStocktwits(quiet)).toMatchObject({
      sentiment: 'neutral',
      confidence: 100,
      riskLevel: 'low',
    });
    expect(chatterFromStocktwits(page([]))).toBeNull();
  });

  it('says what is wrong with a body that is not a stream, and asks for the symbol’s stream', () => {
    expect(() =>
      parseStocktwitsStream({ response: { status: 404 }, errors: [{ message: 'not found' }] }),
    ).toThrow(FeedProviderError);
    expect(stocktwitsStreamUrl('http://127.0.0.1:9', 'BRK.B')).toBe(
      'http://127.0.0.1:9/api/2/streams/symbol/BRK.B.json',
    );
  });
});
