/**
 * GET /api/market-summary: the Daily Market Summary as the API sends it. The spec's fields
 * (`marketSummarySchema`: overview, SPY/QQQ levels, news, updatedAt, source) plus what makes it
 * checkable: the day it is for, the close its figures are taken at, and those closing quotes.
 */
import * as z from 'zod';
import { feedStaleSchema, NEWS_PROVIDERS } from '../providers/feeds/feed-providers';
import { marketSummarySchema, quoteSchema } from './schemas';

export const sectorMoveSchema = z.object({
  sector: z.string(),
  /** Equal-weighted average change of the sector's stocks, in percent, to 2 decimals. */
  changePercent: z.number(),
  /** How many stocks the average is over. */
  stocks: z.number().int().positive(),
});
export type SectorMove = z.infer<typeof sectorMoveSchema>;

export const dailyMarketSummarySchema = marketSummarySchema.extend({
  /** The New York calendar day this summary is for, 'YYYY-MM-DD'; it stays the same all day. */
  date: z.iso.date(),
  /** The session whose close the figures are taken at (the last one before `date`), 'YYYY-MM-DD'. */
  sessionDate: z.iso.date(),
  /** That close, as an instant. */
  asOf: z.iso.datetime(),
  /** VIX change over that session, in index points. */
  vixChange: z.number(),
  /** Every stock sector's move over that session, best first. */
  sectors: z.array(sectorMoveSchema),
  /** The market on `date` (NYSE calendar): a holiday or weekend is not described as a trading day. */
  market: z.object({
    trades: z.boolean(),
    /** The holiday's name ('Thanksgiving Day') or 'the weekend'; null when the market trades. */
    closedFor: z.string().nullable(),
    /** 'HH:MM' New York when the day closes early (13:00), else null. */
    earlyClose: z.string().nullable(),
    /** The next session from `date` on ('YYYY-MM-DD'; `date` itself when it trades). */
    nextSessionDate: z.iso.date(),
  }),
  /** The closing quotes behind the figures: the summary symbols and every ticker the news names. */
  quotes: z.array(quoteSchema),
  /**
   * Where `news` came from: the simulated wire (written from the figures above) or the stage's news
   * provider, when its stories were fetched (null: none yet), and, when its latest answer failed,
   * why and how old the stories served are. A real provider's summary carries none of the simulated
   * stories, even when it has none of its own yet.
   */
  newsSource: z.object({
    provider: z.enum(NEWS_PROVIDERS),
    fetchedAt: z.iso.datetime().nullable(),
    stale: feedStaleSchema.nullable(),
  }),
});
export type DailyMarketSummary = z.infer<typeof dailyMarketSummarySchema>;
