/**
 * Polygon's news adapter on recorded responses (tests/fixtures/SOURCES.md): OpenBB's cassette of
 * `GET /v2/reference/news?ticker=AAPL&limit=2` (2025-09-23, with Polygon's per-ticker `insights`)
 * and polygon-io/client-python's mock for NFLX (an older article without insights). The rules
 * (category, impact, sentiment, trading note) are docs/providers.md's; edge cases are hand-written
 * bodies, labelled.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newsItemSchema } from '@shared/market/schemas';
import { FeedProviderError } from '@shared/providers/feeds/feed-providers';
import {
  newsImpactOf,
  newsItemFromPolygon,
  parsePolygonNews,
  polygonNewsUrl,
  type PolygonArticle,
} from '@shared/providers/feeds/polygon-news';

const recorded = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/providers/polygon/${name}`, import.meta.url), 'utf8'));

describe('Polygon news: the recorded AAPL page (with insights)', () => {
  const articles = parsePolygonNews(recorded('news-AAPL.openbb-cassette.json'));
  const items = articles.map(newsItemFromPolygon);

  it('keeps each article’s id, title, publisher, link and published time, attributed to Polygon', () => {
    expect(items).toHaveLength(2);
    for (const item of items) expect(newsItemSchema.parse(item)).toEqual(item);
    expect(items[0]).toMatchObject({
      id: 'polygon-0cd2f478469eb7f957511b29eeb525cc8d160ec5476fdaba47ca4c91f9c41741',
      title: 'These Under-$10 Stocks Are Up 100%+ This Quarter - And Some Still Have Room to Run',
      sourceName: 'Investing.com',
      sourceUrl:
        'https://www.investing.com/analysis/these-under10-stocks-are-up-100-this-quarter--and-some-still-have-room-to-run-200667317',
      timestamp: '2025-09-23T14:32:00.000Z',
      provider: 'polygon',
    });
    expect(items[0]!.summary).toMatch(/^The article explores undervalued stocks/);
    expect(items[1]).toMatchObject({
      sourceName: 'GlobeNewswire Inc.',
      timestamp: '2025-09-22T17:56:00.000Z',
    });
  });

  it('names only the tickers our universe knows, in the article’s order (no FpB, BRK.A, MNST)', () => {
    expect(items[0]!.tickers).toEqual(['AAPL', 'AMD', 'F', 'BRK.B']);
    expect(items[1]!.tickers).toEqual(['GOOGL', 'AMZN', 'AAPL', 'META', 'NFLX']);
  });

  it('reads sentiment from the insights and quotes Polygon’s reasoning as the trading note', () => {
    expect(items.map((i) => i.sentiment)).toEqual(['bullish', 'bullish']);
    expect(items[0]!.tradingImplication).toBe(
      'Polygon reads it as positive for AAPL: Mentioned as an example of a successful stock that previously traded at low share prices.',
    );
  });

  it('rates both round-ups medium: a known ticker and one-sided insights, but neither Fed/earnings nor focused', () => {
    expect(items.map((i) => [i.category, i.impact])).toEqual([
      ['sector', 'medium'],
      ['sector', 'medium'],
    ]);
    expect(articles.map((a) => newsImpactOf(a).points)).toEqual([2, 2]);
  });
});

describe('Polygon news: the recorded NFLX page (no insights)', () => {
  const [article] = parsePolygonNews(recorded('news-NFLX.client-python.json'));
  const item = newsItemFromPolygon(article!);

  it('is a Fed story (inflation), neutral for want of insights, and says so', () => {
    expect(item).toMatchObject({
      category: 'fed',
      sentiment: 'neutral',
      tickers: ['MSFT', 'NFLX', 'AMZN'],
      sourceName: 'MarketWatch',
      timestamp: '2022-04-28T17:08:00.000Z',
    });
    expect(item.tradingImplication).toMatch(/no per-ticker sentiment/);
    // Fed (1) + a known ticker (1); four tickers is a round-up, and no insight leans.
    expect(newsImpactOf(article!)).toEqual({ impact: 'medium', points: 2 });
  });
});

describe('Polygon news: rules on hand-written articles', () => {
  const base: PolygonArticle = {
    id: 'x1',
    publisher: { name: 'Example Wire' },
    title: 'NVIDIA beats estimates as data-center revenue doubles',
    published_utc: '2025-09-23T20:05:00Z',
    article_url: 'https://example.com/nvda',
    tickers: ['NVDA'],
    insights: [{ ticker: 'NVDA', sentiment: 'negative', sentiment_reasoning: 'Guidance fell short' }],
  };

  it('rates a focused earnings story with a one-sided insight high, and bearish on a negative insight', () => {
    expect(newsItemFromPolygon(base)).toMatchObject({
      category: 'earnings',
      impact: 'high',
      sentiment: 'bearish',
    });
    expect(newsImpactOf(base).points).toBe(4);
  });

  it('rates an article naming no ticker of ours, without insights, low; ties are neutral', () => {
    const loose = { ...base, title: 'A quiet day', tickers: ['ZZZZ', 'YYYY', 'XXXX', 'WWWW'], insights: [] };
    expect(newsItemFromPolygon(loose)).toMatchObject({ impact: 'low', sentiment: 'neutral', tickers: [] });
    const tie = {
      ...base,
      insights: [
        { ticker: 'NVDA', sentiment: 'positive' },
        { ticker: 'AMD', sentiment: 'negative' },
      ],
    };
    expect(newsItemFromPolygon(tie).sentiment).toBe('neutral');
  });

  it('says what is wrong with a body that is not a news list', () => {
    expect(() => parsePolygonNews({ status: 'ERROR', error: 'Unknown API Key' })).toThrow(FeedProviderError);
    expect(() => parsePolygonNews({ results: [{ ...base, article_url: 'not a url' }] })).toThrow(
      /not a Polygon news list \(results\.0\.article_url/,
    );
  });

  it('asks for the newest articles published at or before the market clock', () => {
    const url = new URL(polygonNewsUrl('http://127.0.0.1:9', new Date('2025-09-23T23:51:00Z')));
    expect(url.pathname).toBe('/v2/reference/news');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      order: 'desc',
      sort: 'published_utc',
      limit: '50',
      'published_utc.lte': '2025-09-23T23:51:00.000Z',
    });
  });
});
