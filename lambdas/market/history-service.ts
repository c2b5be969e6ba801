/**
 * GET /api/market-history: daily closes (and intraday for 1D) from the market model, for the
 * research assistant's chart cards and any other screen that draws a price.
 */
import { marketHistory, type MarketHistory, type MarketHistoryQuery } from '@shared/market/history';
import { UnknownSymbolError } from '@shared/market/quotes';
import { ValidationError } from '../common/errors';
import { marketNow } from '../common/clock';

export function priceHistory(query: MarketHistoryQuery, at = marketNow()): MarketHistory {
  try {
    return marketHistory(query.symbol, query.range, at);
  } catch (error) {
    if (error instanceof UnknownSymbolError)
      throw new ValidationError(error.message, [{ path: 'symbol', message: error.message }]);
    throw error;
  }
}
