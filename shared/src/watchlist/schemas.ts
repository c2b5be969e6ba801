/**
 * A user's watchlist (issue 25): the tickers they follow. The dashboard's Watchlist card lists
 * them, a Watch control beside a ticker (a scanner position, the option chain) adds or removes
 * one, and a notification rule may match "my watchlist's tickers" instead of a list of its own.
 */
import * as z from 'zod';
import { tickerSchema } from '../market/ticker';

/** Tickers one watchlist holds. */
export const WATCHLIST_LIMIT = 50;

/** PUT/DELETE /api/watchlist/{ticker}. */
export const watchlistTickerParams = z.strictObject({ ticker: tickerSchema });

export const watchedTickerSchema = z.object({
  ticker: z.string(),
  addedAt: z.iso.datetime(),
});
export type WatchedTicker = z.infer<typeof watchedTickerSchema>;

/** GET /api/watchlist: the tickers, in the order they were added. */
export const watchlistSchema = z.object({ tickers: z.array(watchedTickerSchema), limit: z.number().int() });
export type Watchlist = z.infer<typeof watchlistSchema>;
