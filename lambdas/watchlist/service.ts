/**
 * A user's watchlist: list, add (idempotent: a ticker already there is answered as it was) and
 * remove, at most WATCHLIST_LIMIT tickers of the product's universe (an unknown symbol is a 400).
 */
import { WATCHLIST_LIMIT, type WatchedTicker, type Watchlist } from '@shared/watchlist/schemas';
import { universeEntry } from '@shared/market/universe';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';
import type { WatchlistRepo } from './repository';

export interface WatchlistDeps {
  repo: WatchlistRepo;
  now: () => Date;
}

export async function getWatchlist(deps: WatchlistDeps, userId: string): Promise<Watchlist> {
  const tickers = await deps.repo.list(userId);
  tickers.sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.ticker.localeCompare(b.ticker));
  return { tickers, limit: WATCHLIST_LIMIT };
}

export async function watchTicker(
  deps: WatchlistDeps,
  userId: string,
  ticker: string,
): Promise<WatchedTicker> {
  // Only a ticker the product quotes can be watched (its quotes, scans and alerts exist).
  if (!universeEntry(ticker)) {
    const message = `Unknown symbol: ${ticker}`;
    throw new ValidationError(message, [{ path: 'ticker', message }]);
  }
  const current = await deps.repo.list(userId);
  const existing = current.find((t) => t.ticker === ticker);
  if (existing) return existing;
  if (current.length >= WATCHLIST_LIMIT)
    throw new ConflictError(`At most ${WATCHLIST_LIMIT} tickers on a watchlist: remove one first`);
  return deps.repo.add(userId, { ticker, addedAt: deps.now().toISOString() });
}

export async function unwatchTicker(deps: WatchlistDeps, userId: string, ticker: string): Promise<void> {
  if (!(await deps.repo.remove(userId, ticker)))
    throw new NotFoundError(`${ticker} is not on your watchlist`);
}
